import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { browserPlan, checkBrowser, chromiumPath, DEBIAN_CHROMIUM, installChromium } from '../../../scripts/check-browser.mjs'

describe('npm test finds its browser before it runs anything', () => {
  const missing = { path: DEBIAN_CHROMIUM, custom: false, present: false }

  it("uses Debian's Chromium unless CHROMIUM_PATH names another, as the Playwright configs do", () => {
    expect(chromiumPath({})).toBe('/usr/bin/chromium')
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chromium/chrome' })).toBe('/opt/chromium/chrome')
  })

  it('goes on when the browser is there', () => {
    expect(browserPlan({ ...missing, present: true, root: false, aptGet: false })).toEqual({ action: 'ok' })
  })

  it("installs Debian's package when it runs as root with apt-get (as CI does)", () => {
    expect(browserPlan({ ...missing, root: true, aptGet: true })).toEqual({ action: 'install' })
  })

  it('otherwise stops at once with the one command to run', () => {
    const plan = browserPlan({ ...missing, root: false, aptGet: true })
    expect(plan).toEqual({
      action: 'stop',
      message: 'The browser tests need Chromium (/usr/bin/chromium), which is missing: run `sudo apt-get install -y chromium`, then run the tests again.',
    })
    expect(browserPlan({ ...missing, root: false, aptGet: false }).message).toContain('set CHROMIUM_PATH')
  })

  it("never installs for a CHROMIUM_PATH that points nowhere: Debian's package would not put it there", () => {
    const plan = browserPlan({ path: '/opt/nowhere/chrome', custom: true, present: false, root: true, aptGet: true })
    expect(plan.action).toBe('stop')
    expect(plan.message).toContain('CHROMIUM_PATH is /opt/nowhere/chrome')
  })

  it('installs the way .ci/run does: apt-get update, then a quiet non-interactive install of chromium', () => {
    const calls: [string, string[], Record<string, string | undefined>][] = []
    const ok = installChromium((command: string, args: string[], options: { env: Record<string, string | undefined> }) => {
      calls.push([command, args, options.env])
      return { status: 0 }
    })
    expect(ok).toBe(true)
    expect(calls.map(([command, args]) => [command, ...args].join(' '))).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium'])
    expect(calls.every(([, , env]) => env.DEBIAN_FRONTEND === 'noninteractive')).toBe(true)
  })

  it('stops installing at the first failing step', () => {
    let runs = 0
    expect(installChromium(() => ({ status: ++runs === 1 ? 100 : 0 }))).toBe(false)
    expect(runs).toBe(1)
  })

  it('ends the run at once, with one line, when the browser is missing', () => {
    const run = spawnSync(process.execPath, ['scripts/check-browser.mjs'], {
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
      encoding: 'utf8',
      timeout: 10_000,
    })
    expect(run.status).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toContain('/nonexistent/chromium')
  })

  it('installs a missing browser and goes on, saying so', () => {
    const lines: string[] = []
    let installed = false
    const code = checkBrowser({
      env: {},
      present: () => installed,
      root: true,
      aptGet: true,
      install: () => (installed = true),
      log: (line: string) => lines.push(line),
      error: (line: string) => lines.push(`error: ${line}`),
    })
    expect(code).toBe(0)
    expect(lines).toEqual([
      "Chromium is missing (/usr/bin/chromium): installing Debian's chromium package (apt-get).",
      'Chromium installed (/usr/bin/chromium).',
    ])
  })

  it('reports a failed installation in one line with the command to run by hand', () => {
    const errors: string[] = []
    const code = checkBrowser({
      env: {},
      present: () => false,
      root: true,
      aptGet: true,
      install: () => false,
      log: () => {},
      error: (line: string) => errors.push(line),
    })
    expect(code).toBe(1)
    expect(errors).toEqual([
      'Chromium could not be installed: run `apt-get update && apt-get install -y chromium` and read its errors, then run the tests again.',
    ])
  })

  it('as another user, stops with the sudo command and installs nothing', () => {
    const errors: string[] = []
    let installs = 0
    const code = checkBrowser({
      env: {},
      present: () => false,
      root: false,
      aptGet: true,
      install: () => ++installs > 0,
      error: (line: string) => errors.push(line),
    })
    expect(code).toBe(1)
    expect(installs).toBe(0)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('`sudo apt-get install -y chromium`')
  })
})
