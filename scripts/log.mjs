// The site's logs (issue 40): one JSON line per event through pino, in the start process and in
// every worker. `LOG_LEVEL` sets the level; `LOG_FORMAT=pretty` gives readable lines (the default
// of `npm start` and `npm run dev`, set by scripts/check-config.mjs); anything else gets JSON.
// Warnings and errors go to standard error, everything else to standard output.
// Fields are listed in the README's "Operating". No line carries a token, a sign-in code or link,
// a cookie or a card detail: requests are logged by route pattern, never by raw path, and no
// header or body is ever logged (tests/e2e/logs.spec.ts scans every line for the values it used).
import cluster from 'node:cluster'
import pino from 'pino'
import pretty from 'pino-pretty'

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
export const LOG_FORMATS = ['json', 'pretty']

/**
 * Standard output is written in batches of up to 4 KiB, and at least every 250 ms: one write for
 * many access lines instead of one each (a cached page costs 0.05 ms of CPU; a write per line was
 * a fifth of it). Warnings and errors (standard error) are written at once. What is left in the
 * batch is written when the process exits.
 */
const BATCH_BYTES = 4096
const BATCH_MS = 250

function batched(stream) {
  process.on('exit', () => {
    try {
      stream.flushSync()
    } catch {}
  })
  return stream
}

/**
 * The ISO time of the moment `ms` (what `new Date(ms).toISOString()` gives), with its date and
 * time of day made once a second: lines seldom share a millisecond, and making the whole text each
 * time was most of what an access line's time cost.
 */
let lastSecond = Number.NaN
let secondPrefix = ''
export function isoTime(ms) {
  const inSecond = ms % 1000
  const second = ms - inSecond
  if (second !== lastSecond) {
    lastSecond = second
    // '2026-11-28T05:27:07.' of '2026-11-28T05:27:07.000Z'
    secondPrefix = new Date(second).toISOString().slice(0, -4)
  }
  return `${secondPrefix}${inSecond < 10 ? '00' : inSecond < 100 ? '0' : ''}${inSecond}Z`
}

function isoTimeOnce() {
  return `,"time":"${isoTime(Date.now())}"`
}

/** What a log line says of an error: its kind, message and stack, never its other properties. */
export function errorFields(error) {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) }
  return { type: error.name, message: error.message, stack: error.stack }
}

/**
 * The process's logger. `service` names the program (`site`); every line also says which worker
 * wrote it (0: the start process, or the only process). `destination` replaces standard output in tests.
 * @param {{ service?: string, level?: string, format?: string, destination?: import('node:stream').Writable }} [options]
 */
export function createLogger({ service = 'site', level = 'info', format = 'json', destination } = {}) {
  const options = {
    level: LOG_LEVELS.includes(level) ? level : 'info',
    base: { service, worker: cluster.worker?.id ?? 0, pid: process.pid },
    timestamp: isoTimeOnce,
    formatters: { level: (label) => ({ level: label }) },
    // An error's name, message and stack, and nothing else it carries (a backend's answer may hold a token).
    serializers: { err: errorFields },
    // Nothing logs these, and nothing will: a header or a body passed by mistake is cut.
    redact: { paths: ['headers.cookie', 'headers.authorization', 'req.headers.cookie', 'req.headers.authorization', 'body', 'token', 'code'], censor: '[cut]' },
  }
  const to = (fd) =>
    format === 'pretty'
      ? pretty({
          sync: true,
          destination: fd,
          colorize: (fd === 1 ? process.stdout : process.stderr).isTTY === true,
          translateTime: 'HH:MM:ss.l',
          ignore: 'pid,hostname',
          singleLine: true,
        })
      : fd === 1
        ? batched(pino.destination({ dest: 1, sync: true, minLength: BATCH_BYTES, periodicFlush: BATCH_MS }))
        : pino.destination({ dest: 2, sync: true })
  return pino(options, destination ?? byLevel(to(1), to(2)))
}

/** pino's number for `warn`: this level and above go to standard error. */
const WARN = 40

/**
 * Warnings and errors on standard error, the rest on standard output: each line once. pino tells a
 * stream that asks for it the level of the line it is about to write (`lastLevel`); this does
 * what `pino.multistream` does for two streams, without its loop over them per line.
 */
function byLevel(out, err) {
  return {
    [pino.symbols.needsMetadataGsym]: true,
    lastLevel: 0,
    write(line) {
      return (this.lastLevel >= WARN ? err : out).write(line)
    },
  }
}

/** pino's numbers for the two levels of an access line. */
const INFO = 30
const ERROR = 50

/**
 * The writer of the access line every request ends with (scripts/site-ops.mjs): the very line
 * `logger.info(fields, 'request')` writes (`error` for a 5xx), with the same fields in the same
 * order, into the same stream and only at a level the logger writes. It is made by hand because
 * its fields are always the same seven of known kinds: pino's general way walks, checks and
 * escapes every key of every line, and redacts it, which was most of what an access line cost.
 * The strings (the request's id, method and route pattern) are escaped as JSON; none is a secret.
 * @param {import('pino').Logger} logger
 * @returns {(fields: { reqId: string, method: string, route: string, status: number, durationMs: number, cache: string | null, queueMs: number | null }) => void}
 */
export function accessLineWriter(logger) {
  const stream = logger[pino.symbols.streamSym]
  const base = logger[pino.symbols.chindingsSym]
  const told = stream[pino.symbols.needsMetadataGsym] === true
  return ({ reqId, method, route, status, durationMs, cache, queueMs }) => {
    const failed = status >= 500
    const level = failed ? ERROR : INFO
    if (level < logger.levelVal) return
    // byLevel (below) sends the line to standard output or error by the level it is told.
    if (told) stream.lastLevel = level
    stream.write(
      `{"level":"${failed ? 'error' : 'info'}"${isoTimeOnce()}${base},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"status":${status},"durationMs":${durationMs},"cache":${JSON.stringify(cache)},"queueMs":${queueMs},"msg":"request"}\n`,
    )
  }
}

/** The logger as the environment asks for it (the values were checked at start). */
export function loggerFromEnv(env = process.env, service = 'site') {
  return createLogger({ service, level: env.LOG_LEVEL || 'info', format: env.LOG_FORMAT || 'json' })
}
