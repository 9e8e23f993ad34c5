import type { MachineModel } from '../harness'

/** Every `*.model.ts` file's models, in file order. */
const files = import.meta.glob<Record<string, MachineModel | unknown>>('./*.model.ts', { eager: true })

function isModel(value: unknown): value is MachineModel {
  return typeof value === 'object' && value !== null && 'machine' in value && 'properties' in value
}

export const models: readonly MachineModel[] = Object.keys(files)
  .sort()
  .flatMap((file) => Object.values(files[file]!).filter(isModel))
