/**
 * The files a visualizer or an SCXML tool opens, one pair per machine: `<name>.json` (./export.ts)
 * and `<name>.scxml` (./scxml.ts). `npm run flows` writes them (scripts/flows.ts);
 * tests/machines/flows-export/ compares the committed ones with `exportFiles()`.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AnyStateMachine } from 'xstate'
import { machineJSON } from './export.ts'
import { toScxml } from './scxml.ts'

export interface ExportFile {
  /** The file name under docs/flows/. */
  file: string
  text: string
}

/** The JSON and SCXML files of each machine, in the order given. */
export function exportFiles(entries: readonly { name: string; machine: AnyStateMachine }[]): ExportFile[] {
  return entries.flatMap(({ name, machine }) => {
    const json = machineJSON(machine)
    return [
      { file: `${name}.json`, text: `${JSON.stringify(json, null, 2)}\n` },
      { file: `${name}.scxml`, text: toScxml(json) },
    ]
  })
}

/** Writes them into `dir`; answers the file names written. */
export function writeExports(dir: string, entries: readonly { name: string; machine: AnyStateMachine }[]): string[] {
  return exportFiles(entries).map(({ file, text }) => {
    writeFileSync(join(dir, file), text)
    return file
  })
}
