/**
 * `npm run paths -- --requirements --machine NAME`: the requirements one machine's properties check,
 * each with its properties and on how many steps of the machine tests' graph they were checked.
 */
import type { MachineModel } from '../../tests/machines/harness.ts'
import { loadRequirements, runProperties } from '../../tests/machines/requirements.ts'

export function machineRequirements(model: MachineModel): string {
  const summaries = new Map(loadRequirements().map((r) => [r.id, r.summary]))
  const byId = new Map<string, string[]>()
  for (const run of runProperties([model])) {
    for (const id of run.requirement.split(',').map((part) => part.trim())) {
      if (!/^R\d+\.\d+$/u.test(id)) continue
      byId.set(id, [...(byId.get(id) ?? []), `${run.property} (${run.steps} ${run.steps === 1 ? 'step' : 'steps'})`])
    }
  }
  const order = [...summaries.keys()]
  const ids = [...byId.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b))
  return [
    `# Requirements the ${model.name} machine checks`,
    '',
    `${ids.length} requirements, checked by the properties of its model on the steps of its paths (npm run paths -- --machine ${model.name}).`,
    '',
    '| Requirement | What it says | Properties (steps checked) |',
    '|---|---|---|',
    ...ids.map((id) => `| ${id} | ${(summaries.get(id) ?? '').replace(/\|/gu, '\\|')} | ${byId.get(id)!.join('; ').replace(/\|/gu, '\\|')} |`),
    '',
  ].join('\n')
}
