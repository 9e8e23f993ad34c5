/**
 * Decision 114: the house's layers import downward only, and `npm run lint` refuses an import that
 * breaks the rule. Each case below is a small file in a folder of the house with one import; the
 * project's own biome.json lints them all, and each refused import must be refused, each allowed
 * one allowed.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ARCHITECTURE_FILE, architectureDoc, BIOME_FILE, biomeConfig } from '../../scripts/layers.mjs'

type Case = [file: string, specifier: string, verdict: 'refused' | 'allowed']

const CASES: Case[] = [
  // The base: the long texts import no layer of the site.
  ['src/content/probe.ts', '#machines/rules/locale.ts', 'allowed'],
  ['src/content/probe.ts', '#app/core/cookies.ts', 'refused'],
  ['src/content/probe.ts', '#app/api/schemas.ts', 'refused'],
  // The api: the contract knows no page.
  ['src/api/probe.ts', '#app/content/faq.ts', 'allowed'],
  ['src/api/probe.ts', '#config', 'allowed'],
  ['src/api/probe.ts', '#app/core/report.ts', 'refused'],
  ['src/api/probe.ts', '#app/features/account/sign-in-form.tsx', 'refused'],
  ['src/api/probe.ts', '#app/site/site-header.tsx', 'refused'],
  // Groundwork.
  ['src/core/probe.ts', '#app/api/client.ts', 'allowed'],
  ['src/core/probe.ts', '#app/paraglide/messages.js', 'allowed'],
  ['src/core/probe.ts', '#app/ui/dialog.tsx', 'refused'],
  ['src/core/probe.ts', '#app/features/marketing/analytics.ts', 'refused'],
  ['src/core/probe.ts', '#app/server/page-cache.server.ts', 'refused'],
  ['src/core/probe.ts', '#app/routes/premium.tsx', 'refused'],
  // Shared presentational pieces.
  ['src/ui/probe.tsx', '#app/core/toast.ts', 'allowed'],
  ['src/ui/probe.tsx', '#app/features/premium/plans.ts', 'refused'],
  ['src/ui/probe.tsx', '#app/site/consent.tsx', 'refused'],
  // Features: below them, yes; one another and the frame, never.
  ['src/features/account/probe.ts', '#app/core/session.ts', 'allowed'],
  ['src/features/account/probe.ts', '#app/ui/form.tsx', 'allowed'],
  ['src/features/account/probe.ts', '#app/features/account/receipt.tsx', 'allowed'],
  ['src/features/account/probe.ts', '#app/features/premium/plans.ts', 'refused'],
  ['src/features/account/probe.ts', '#app/features/marketing/analytics.ts', 'refused'],
  ['src/features/account/probe.ts', '#app/site/site-header.tsx', 'refused'],
  ['src/features/account/probe.ts', '#app/forms/form.server.ts', 'refused'],
  ['src/features/premium/probe.ts', '#app/features/account/receipt.tsx', 'refused'],
  ['src/features/premium/probe.ts', '#app/features/marketing/home.tsx', 'refused'],
  ['src/features/premium/probe.ts', '#app/routes/premium.tsx', 'refused'],
  ['src/features/marketing/probe.ts', '#app/features/premium/plans.ts', 'refused'],
  ['src/features/marketing/probe.ts', '#app/features/account/receipt.tsx', 'refused'],
  ['src/features/marketing/probe.ts', '#app/server/download.server.ts', 'refused'],
  // The frame composes features; routes compose the frame.
  ['src/site/probe.tsx', '#app/features/account/sign-in-form.tsx', 'allowed'],
  ['src/site/probe.tsx', '#app/routes/premium.tsx', 'refused'],
  ['src/forms/probe.ts', '#app/features/account/receipt.tsx', 'allowed'],
  ['src/forms/probe.ts', '#app/router.tsx', 'refused'],
  ['src/routes/probe.tsx', '#app/site/site-header.tsx', 'allowed'],
  ['src/routes/probe.ts', '#app/server/download.server.ts', 'allowed'],
  ['src/router.tsx', '#app/site/error-page.tsx', 'allowed'],
  // The server: the base, the api and core, and the router it renders.
  ['src/server/probe.server.ts', '#app/core/cookies.ts', 'allowed'],
  ['src/server/probe.server.ts', '#app/router.tsx', 'allowed'],
  ['src/server/probe.server.ts', '#app/routes/premium.tsx', 'refused'],
  ['src/server/probe.server.ts', '#app/site/meta.ts', 'refused'],
  ['src/server/probe.server.ts', '#app/features/marketing/utm.ts', 'refused'],
  ['src/server/probe.server.ts', '#app/ui/dialog.tsx', 'refused'],
  ['src/server.ts', '#app/features/premium/plans.ts', 'refused'],
  // Nowhere up the tree by a relative path; a story may.
  ['src/core/probe.ts', '../api/client.ts', 'refused'],
  ['src/features/premium/probe.ts', '../account/receipt.tsx', 'refused'],
  ['src/site/probe.stories.tsx', '../features/premium/plans.ts', 'allowed'],
  // Components: no backend client; routes neither.
  ['src/features/account/probe.tsx', '#app/core/use-api.ts', 'refused'],
  ['src/features/account/probe.ts', '#app/core/use-api.ts', 'allowed'],
  ['src/routes/probe.ts', '#app/api/client.ts', 'refused'],
]

let found: Map<string, string[]>
let project: string

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'layers-'))
  const config = JSON.parse(readFileSync(BIOME_FILE, 'utf8'))
  delete config.$schema
  config.vcs = { enabled: false }
  writeFileSync(join(project, 'biome.json'), JSON.stringify(config))
  // One file per case, so that a diagnostic names its case by its file (a probe-N file; the
  // router and the server entry are files of their own, one case each).
  const caseOf = new Map<string, number>()
  CASES.forEach(([file, specifier], index) => {
    const name = file.includes('probe') ? file.replace('probe', `probe-${index}`) : file
    caseOf.set(name, index)
    const path = join(project, name)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, `import { probe } from '${specifier}'\n\nexport const value = probe\n`)
  })
  let output: string
  try {
    output = execFileSync(join(process.cwd(), 'node_modules/.bin/biome'), ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
      cwd: project,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  } catch (error) {
    output = (error as { stdout: string }).stdout
  }
  const report = JSON.parse(output) as { diagnostics: { category: string; message: string; location: { path: string } }[] }
  found = new Map()
  for (const diagnostic of report.diagnostics) {
    if (diagnostic.category !== 'lint/style/noRestrictedImports') continue
    const index = caseOf.get(diagnostic.location.path.replace(/^\.\//, ''))
    if (index === undefined) continue
    found.set(String(index), [...(found.get(String(index)) ?? []), diagnostic.message])
  }
}, 60_000)

afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('decision 114: layers that import downward only', () => {
  it.each(CASES.map((c, index) => [...c, index] as const))('%s importing %s is %s', (_file, _specifier, verdict, index) => {
    const messages = found.get(String(index)) ?? []
    if (verdict === 'refused') expect(messages.length).toBeGreaterThan(0)
    else expect(messages).toEqual([])
  })

  it('a refusal says why, naming the rule', () => {
    const featureToFeature = found.get(String(CASES.findIndex(([f, s]) => f === 'src/features/account/probe.ts' && s === '#app/features/premium/plans.ts')))
    expect(featureToFeature).toEqual([
      'A feature never imports another feature: where two meet, the route or the frame hands one to the other, or the shared fact moves down to src/core (decision 114).',
    ])
    const relative = found.get(String(CASES.findIndex(([f, s]) => f === 'src/core/probe.ts' && s === '../api/client.ts')))
    expect(relative).toEqual(["Across folders a module is named by its alias ('#app/…'), never by a relative path up the tree."])
  })

  it('biome.json and the diagram of docs/architecture.md are what scripts/layers.mjs says (npm run layers)', () => {
    const biome = readFileSync(BIOME_FILE, 'utf8')
    expect(JSON.parse(biomeConfig(biome))).toEqual(JSON.parse(biome))
    const doc = readFileSync(ARCHITECTURE_FILE, 'utf8')
    expect(architectureDoc(doc)).toBe(doc)
    expect(doc).toContain('```mermaid\nflowchart TB')
  })
})
