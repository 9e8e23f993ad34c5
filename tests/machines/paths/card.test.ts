import { cardModel } from '../models/card.model.ts'
import { runModel } from '../runner.ts'

runModel(cardModel)
