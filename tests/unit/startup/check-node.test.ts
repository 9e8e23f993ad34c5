// The runtime rule (decision 071): the Node the project declares, and the one line an older Node gets.
import { execFileSync, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENGINES, installNote, nodeProblem } from '../../../scripts/check-node.mjs'

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

describe('an install on an older Node (decision 071)', () => {
  it.each([
    ['npm/11.19.1 node/v22.23.3 linux x64 workspaces/false', '22.23.3'],
    ['npm/11.19.1 node/v24.11.0 darwin arm64 workspaces/false', '24.11.0'],
    [undefined, '22.23.3'],
  ])('says nothing when npm ran on a Node that runs the project (%s)', (agent, scripts) => {
    expect(installNote(agent, scripts)).toBeNull()
  })

  it("says in one line that npm ran on an older Node and the scripts on the project's own", () => {
    expect(installNote('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false', '22.23.3')).toBe(
      "npm ran on Node 20.20.2; the scripts run on the project's own Node 22.23.3, so npm's warnings that packages need a newer Node are not shown (decision 071).",
    )
  })

  it('names the Node to install when the scripts have no Node of their own either', () => {
    expect(installNote('npm/11.19.1 node/v20.20.2 darwin arm64 workspaces/false', '20.20.2')).toBe(
      'Node 20.20.2 cannot run this project: install Node 22.18 or newer on the 22 line, or 24.11 or newer (.nvmrc says 22).',
    )
  })

  it('the postinstall script says it, and an install never fails for it', () => {
    const run = spawnSync(process.execPath, ['scripts/check-node.mjs', '--install'], {
      encoding: 'utf8',
      env: { ...process.env, npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false' },
    })
    expect(run.status).toBe(0)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toContain('npm ran on Node 20.20.2;')
    expect(JSON.parse(readFileSync('package.json', 'utf8')).scripts.postinstall).toBe('node scripts/check-node.mjs --install')
  })

  it("npm ci on Node 20 prints no engine warnings with the project's npm settings, and hundreds without them", () => {
    // The machine's npm, run on a Node that says it is 20.20.2; a dry run reads only the lockfile.
    const npmCli = join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm', 'bin', 'npm-cli.js')
    const dir = mkdtempSync(join(tmpdir(), 'install-'))
    try {
      mkdirSync(join(dir, 'backend'))
      mkdirSync(join(dir, 'scripts'))
      for (const file of ['package.json', 'package-lock.json', '.npmrc', 'backend/package.json', 'scripts/check-node.mjs']) copyFileSync(file, join(dir, file))
      // The settings under test come from the project's .npmrc alone, not from an npm this test runs under.
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_(loglevel|strict_allow_scripts)$/i.test(name)))
      const install = () =>
        spawnSync(
          process.execPath,
          [
            '--import',
            'data:text/javascript,Object.defineProperty(process,"version",{value:"v20.20.2"})',
            npmCli,
            'ci',
            '--dry-run',
            '--no-audit',
            '--no-fund',
          ],
          { cwd: dir, encoding: 'utf8', env },
        )
      const withSettings = install()
      expect(withSettings.status).toBe(0)
      expect(withSettings.stderr).not.toContain('EBADENGINE')
      expect(withSettings.stdout).toMatch(/added \d+ packages/)
      // The postinstall's one line instead (the Node on this PATH runs the project, or it is named).
      expect(withSettings.stderr).toMatch(/^(npm ran on Node 20\.20\.2; the scripts run on the project's own Node|Node \S+ cannot run this project)/m)
      rmSync(join(dir, '.npmrc'))
      const without = install()
      expect(without.status).toBe(0)
      expect((without.stderr + without.stdout).split('EBADENGINE').length - 1).toBeGreaterThan(200)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
