import { runModel } from '../runner'
import { paymentModel } from '../models/payment.model'

runModel(paymentModel)
