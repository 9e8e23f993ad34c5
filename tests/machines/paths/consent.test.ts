import { consentModel } from '../models/consent.model.ts'
import { runModel } from '../runner.ts'

runModel(consentModel)
