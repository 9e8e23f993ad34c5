// The first step of `npm test`, `npm run test:e2e` and `npm run test:stories`: the browser tests
// run in Debian's Chromium (playwright.config.ts, vitest.stories.config.ts), so it must be
// there before minutes of other tests run. Missing, it is installed when this process can (root
// with apt-get, as in CI); otherwise the run stops at once with the one command to run.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Where Debian's `chromium` package puts the browser; CHROMIUM_PATH names another one. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium'

/** The browser the Playwright configs launch. */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || DEBIAN_CHROMIUM
}

/** The switches every headless Chromium here starts with: the browser tests', Lighthouse's and the backend's browser tests'. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function onPath(command) {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && isExecutable(`${dir}/${command}`))
}

/**
 * What to do about the browser: `ok`, `install` (Debian's package), or `stop` with the one line
 * to print. Pure, so every case is tested without a machine that lacks Chromium.
 */
export function browserPlan({ path, custom, present, root, aptGet }) {
  if (present) return { action: 'ok' }
  if (custom) {
    return {
      action: 'stop',
      message: `CHROMIUM_PATH is ${path}, but no browser is there: point it at a Chromium, or unset it to use Debian's (${DEBIAN_CHROMIUM}).`,
    }
  }
  if (root && aptGet) return { action: 'install' }
  if (aptGet) {
    return {
      action: 'stop',
      message: `The browser tests need Chromium (${DEBIAN_CHROMIUM}), which is missing: run \`sudo apt-get install -y chromium\`, then run the tests again.`,
    }
  }
  return {
    action: 'stop',
    message: `The browser tests need Chromium (${DEBIAN_CHROMIUM}), which is missing: install Chromium and set CHROMIUM_PATH to it, then run the tests again.`,
  }
}

/**
 * Debian's chromium package, installed the way .ci/run installs its other packages. Returns whether it worked.
 * @param {(command: string, args: string[], options: { env: NodeJS.ProcessEnv, stdio: import('node:child_process').StdioOptions }) => { status: number | null }} run
 */
export function installChromium(run = spawnSync) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = run('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] })
    if (result.status !== 0) return false
  }
  return true
}

/**
 * Checks (and when it can, installs) the browser; returns the exit code. The machine's answers
 * (is the file there, root, apt-get) can be given, for the tests.
 */
export function checkBrowser({
  env = process.env,
  present = isExecutable,
  root = process.getuid?.() === 0,
  aptGet = onPath('apt-get'),
  install = installChromium,
  log = console.log,
  error = console.error,
} = {}) {
  const path = chromiumPath(env)
  const plan = browserPlan({ path, custom: path !== DEBIAN_CHROMIUM, present: present(path), root, aptGet })
  if (plan.action === 'ok') return 0
  if (plan.action === 'stop') {
    error(plan.message)
    return 1
  }
  log(`Chromium is missing (${path}): installing Debian's chromium package (apt-get).`)
  if (!install() || !present(path)) {
    error('Chromium could not be installed: run `apt-get update && apt-get install -y chromium` and read its errors, then run the tests again.')
    return 1
  }
  log(`Chromium installed (${path}).`)
  return 0
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(checkBrowser())
}
