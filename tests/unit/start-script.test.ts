import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/** `npm start` checks its own ports before it starts anything (issue: a bad value names its variable). */
describe('the start script', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['BACKEND_PORT', '70000'],
    ['BACKEND_PORT', '30.5'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    const run = spawnSync(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, [name]: value }, encoding: 'utf8', timeout: 10_000 })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(`${name} must be a port number`)
    expect(run.stderr).toContain(`"${value}"`)
  })
})
