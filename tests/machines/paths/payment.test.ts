import { runModel } from '../runner.ts'
import { paymentModel } from '../models/payment.model.ts'

runModel(paymentModel)
