// The runtime rule (decision 071): the Node the project declares, and the one line an older Node gets.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENGINES, nodeProblem } from '../../../scripts/check-node.mjs'

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'))

describe('the declared Node', () => {
  it('is the same in package.json, the backend package, .nvmrc and the check', () => {
    expect(json('package.json').engines.node).toBe('^22.18.0 || >=24.11.0')
    expect(json('backend/package.json').engines.node).toBe('^22.18.0 || >=24.11.0')
    expect(ENGINES).toBe('^22.18.0 || >=24.11.0')
    expect(readFileSync('.nvmrc', 'utf8').trim()).toBe('22')
    expect(readFileSync('README.md', 'utf8')).toContain('Node 22.18')
  })

  it.each(['22.18.0', 'v22.23.3', '24.11.0', '24.12.1', '25.0.0', '26.6.0'])('runs on %s', (version) => {
    expect(nodeProblem(version)).toBeNull()
  })

  it.each(['20.20.2', 'v20.19.0', '22.12.0', '22.17.9', '23.11.0', '24.10.0', '18.20.0'])('stops %s with one line naming the version to install', (version) => {
    const line = nodeProblem(version)
    expect(line).toBe(
      `Node ${version.replace(/^v/, '')} cannot run this project: install Node 22.18 or newer on the 22 line, or 24.11 or newer (.nvmrc says 22).`,
    )
  })

  it('stops an older Node before anything else starts, with exit code 1 and one line', () => {
    // The check as npm start runs it, told it runs on Node 20 through a preloaded version.
    const run = spawnSync(
      process.execPath,
      ['--import', 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.20.2"})', 'scripts/check-node.mjs'],
      { encoding: 'utf8' },
    )
    expect(run.status).toBe(1)
    expect(run.stderr.trim().split('\n')).toEqual([
      'Node 20.20.2 cannot run this project: install Node 22.18 or newer on the 22 line, or 24.11 or newer (.nvmrc says 22).',
    ])
    expect(spawnSync(process.execPath, ['scripts/check-node.mjs']).status).toBe(0)
  })
})
