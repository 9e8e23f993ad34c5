// The stand-in stands apart: the backend is its own package (workspace `backend/`), and the site's
// production server bundle (dist/server, written by the build this suite runs after) imports
// nothing from it: no file of backend/, no package only the backend depends on.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'))

function* scripts(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* scripts(path)
    else if (/\.m?js$/.test(entry.name)) yield path
  }
}

/** Every module the bundle asks Node for: static imports, re-exports and dynamic imports. */
function importedSpecifiers(source: string): string[] {
  const found = new Set<string>()
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"\n]+)\1/g)) found.add(match[2] ?? '')
  return [...found]
}

test('the production server bundle imports nothing from the stand-in backend', () => {
  const files = [...scripts('dist/server')]
  expect(files.length).toBeGreaterThan(10)
  const site = json('package.json')
  const backend = json('backend/package.json')
  // The packages only the backend brings: the embedded database, its server, PostgreSQL's client.
  const backendOnly = Object.keys(backend.dependencies).filter((name) => !(name in site.dependencies))
  expect(backendOnly.sort()).toEqual(['@electric-sql/pglite', '@hono/node-server', 'hono', 'pg', 'tsx'])
  const offending: string[] = []
  for (const file of files) {
    const source = readFileSync(file, 'utf8')
    for (const specifier of importedSpecifiers(source)) {
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? '')
      if (backendOnly.includes(name) || specifier.includes('backend/')) offending.push(`${file}: ${specifier}`)
    }
    if (source.includes('backend/src/')) offending.push(`${file}: names backend/src/`)
  }
  expect(offending).toEqual([])
})

test("the site's production dependencies are what the site runs, and the backend's are its own", () => {
  const site = json('package.json')
  expect(site.workspaces).toEqual(['backend'])
  expect(Object.keys(site.dependencies).sort()).toEqual([
    '@tanstack/react-router',
    '@tanstack/react-start',
    '@xstate/react',
    'arktype',
    'keen-slider',
    'lru-cache',
    'negotiator',
    'ofetch',
    'pino',
    'pino-pretty',
    'prom-client',
    'react',
    'react-dom',
    'sonner',
    'srvx',
    'xstate',
  ])
})
