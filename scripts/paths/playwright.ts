/**
 * `--format playwright` (decision 122): a spec per machine that walks its paths in Chromium with the
 * machine's browser binding, one test per path and one `test.step` per step in a tester's words.
 * The spec imports the walker from this checkout and runs with `npm run qa -- DIR`, which starts the
 * site and its stand-in backend.
 */
import { fileURLToPath } from 'node:url'
import type { MachinePaths } from './exported-paths.ts'
import { encode } from './values.ts'

const QA = fileURLToPath(new URL('../../tests/qa/', import.meta.url))

const quote = (text: string) => JSON.stringify(text)

export function playwright(m: MachinePaths): string {
  const lines = [
    `// The ${m.machine} machine's paths in the browser, cover ${m.cover}: written by \`npm run paths -- --machine ${m.machine} --format playwright\`.`,
    '// Run with `npm run qa -- <this folder>`: it starts the site and its stand-in backend.',
    `import { test } from ${quote(`${QA}fixtures.ts`)}`,
    `import { viewportOf, walkExported } from ${quote(`${QA}walk-exported.ts`)}`,
    '',
    `test.describe(${quote(m.machine)}, () => {`,
    `  test.use({ viewport: viewportOf(${quote(m.machine)}) })`,
  ]
  for (const p of m.paths) {
    const title = `Path ${p.number}: ${p.startWords ?? p.start}${p.steps.length ? `; ${p.steps.map((s) => s.words ?? s.event.type).join('; ')}` : ''}`
    const path = {
      start: p.start,
      ...(p.input === undefined ? {} : { input: encode(p.input, 'the input') }),
      events: p.steps.map((s) => encode(s.event, 'the event')),
    }
    lines.push(`  test(${quote(title)}, async ({ world }) => {`, `    await walkExported(world, ${quote(m.machine)}, ${JSON.stringify(path)})`, '  })')
  }
  lines.push('})', '')
  return lines.join('\n')
}
