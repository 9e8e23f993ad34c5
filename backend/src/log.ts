import { type DestinationStream, type Logger, pino } from 'pino'
import pretty from 'pino-pretty'

/**
 * The backend's log: one JSON line per event (pino; warnings and errors on stderr, the rest on
 * stdout, as the site's), or readable lines for a person
 * (`LOG_FORMAT=pretty`). Every line has `level` (a label), `time` (ISO), `service: "backend"` and `msg`;
 * a line about a request (its access line, its unexpected error) also has its `reqId`, taken from
 * the request's context (`c.var.reqId`). No AsyncLocalStorage: on Node 22 one makes every promise of
 * every request pay for it, and the database's driver makes many.
 *
 * What never goes into a line: headers, bodies, query strings and raw paths (they carry tokens, sign-in
 * codes and links, cookies, e-mail change codes and card details). Requests are named by their route
 * pattern. `cutSecretHeaders` below is a second guard should a header object ever be logged.
 */

export type { Logger } from 'pino'

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]
export const LOG_FORMATS = ['json', 'pretty'] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

/** The headers a line never shows, should a header object be logged by mistake (names as Node gives them: lower case). */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie'] as const
const CUT = '[redacted]'

function isHeaderHolder(value: unknown): value is { headers: Record<string, unknown> } {
  const headers = (value as { headers?: unknown } | null)?.headers
  return typeof value === 'object' && value !== null && !(value instanceof Error) && typeof headers === 'object' && headers !== null
}

function cutHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const kept = { ...headers }
  for (const name of SECRET_HEADERS) if (name in kept) kept[name] = CUT
  return kept
}

/**
 * A line's fields with `authorization`, `cookie` and `set-cookie` cut from a `headers` object, at
 * the top (`{ headers }`) or one level down (`{ req: { headers } }`); any other line is returned as
 * it is, uncopied. Checked per line in a loop over its few fields: pino's own redaction with a
 * `*.headers` path ran every value of every line through its censor, 3 µs a line, a line per request.
 */
export function cutSecretHeaders(fields: Record<string, unknown>): Record<string, unknown> {
  let cut: Record<string, unknown> | null = null
  for (const key in fields) {
    const value = fields[key]
    if (key === 'headers' && typeof value === 'object' && value !== null) {
      cut ??= { ...fields }
      cut.headers = cutHeaders(value as Record<string, unknown>)
    } else if (isHeaderHolder(value)) {
      cut ??= { ...fields }
      cut[key] = { ...value, headers: cutHeaders(value.headers) }
    }
  }
  return cut ?? fields
}

/** The ISO time of a line, made once per millisecond (the lines of one request's calls share it). */
let lastMs = 0
let lastTime = ''
function isoTimeOnce(): string {
  const now = Date.now()
  if (now !== lastMs) {
    lastMs = now
    lastTime = `,"time":"${new Date(now).toISOString()}"`
  }
  return lastTime
}

/**
 * pino's error serializer (type, message, stack, and the error's own fields), keeping only type,
 * message, stack and code: a database error's `detail` repeats the row it refused, with its values.
 */
function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err
  const { type, message, stack } = pino.stdSerializers.err(err)
  const code = (err as { code?: unknown }).code
  return { type, message, stack, ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}) }
}

/**
 * A logger for these settings. `destination` replaces stdout (tests collect the lines); the pretty
 * format writes synchronously, so its lines come in order with anything else on the terminal.
 */
export function createLogger(settings: { level: LogLevel; format: LogFormat }, destination?: DestinationStream): Logger {
  const options = {
    level: settings.level,
    base: { service: 'backend' },
    timestamp: isoTimeOnce,
    formatters: { level: (label: string) => ({ level: label }), log: cutSecretHeaders },
    serializers: { err: serializeError },
  }
  if (destination) return pino(options, destination)
  const to = (fd: 1 | 2) =>
    settings.format === 'pretty'
      ? pretty({ sync: true, destination: fd, singleLine: true })
      : fd === 1
        ? batched(pino.destination({ dest: 1, sync: true, minLength: BATCH_BYTES, periodicFlush: BATCH_MS }))
        : pino.destination({ dest: 2, sync: true })
  return pino(options, byLevel(to(1), to(2)))
}

/**
 * Standard output is written in batches of up to 4 KiB, and at least every 250 ms, as the site's:
 * a write per access line was a tenth of what a signed-in page's calls cost the backend. Warnings
 * and errors (standard error) are written at once; what is left in the batch, when the process exits.
 */
const BATCH_BYTES = 4096
const BATCH_MS = 250

function batched(stream: ReturnType<typeof pino.destination>): DestinationStream {
  process.on('exit', () => {
    try {
      stream.flushSync()
    } catch {}
  })
  return stream
}

/** pino's number for `warn`: this level and above go to standard error. */
const WARN = 40

/**
 * Warnings and errors on standard error, the rest on standard output, each line once: pino tells a
 * stream that asks for it the level of the line it is about to write (`lastLevel`).
 */
function byLevel(out: DestinationStream, err: DestinationStream): DestinationStream {
  const stream = {
    [pino.symbols.needsMetadataGsym]: true,
    lastLevel: 0,
    write(line: string) {
      return (stream.lastLevel >= WARN ? err : out).write(line)
    },
  }
  return stream
}
