import { AsyncLocalStorage } from 'node:async_hooks'
import { type DestinationStream, type Logger, pino } from 'pino'
import pretty from 'pino-pretty'

/**
 * The backend's log: one JSON line per event (pino; warnings and errors on stderr, the rest on
 * stdout, as the site's), or readable lines for a person
 * (`LOG_FORMAT=pretty`). Every line has `level` (a label), `time` (ISO), `service: "backend"` and `msg`;
 * a line written while a request is handled also has its `reqId`, wherever in the code it is written
 * (the request's context travels with AsyncLocalStorage, read by pino's mixin).
 *
 * What never goes into a line: headers, bodies, query strings and raw paths (they carry tokens, sign-in
 * codes and links, cookies, e-mail change codes and card details). Requests are named by their route
 * pattern. The redact paths below are a second guard should a header object ever be logged.
 */

export type { Logger } from 'pino'

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]
export const LOG_FORMATS = ['json', 'pretty'] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

/** What is known of the request being handled, for every line written meanwhile. */
export interface RequestContext {
  reqId: string
}

export const requestContext = new AsyncLocalStorage<RequestContext>()

/** The request id of the request being handled here, or null outside a request. */
export function currentRequestId(): string | null {
  return requestContext.getStore()?.reqId ?? null
}

const REDACT = ['headers.authorization', 'headers.cookie', 'headers["set-cookie"]', '*.headers.authorization', '*.headers.cookie', '*.headers["set-cookie"]']

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
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    mixin: () => {
      const context = requestContext.getStore()
      return context ? { reqId: context.reqId } : {}
    },
    serializers: { err: serializeError },
    redact: { paths: REDACT, censor: '[redacted]' },
  }
  if (destination) return pino(options, destination)
  const to = (fd: 1 | 2) =>
    settings.format === 'pretty' ? pretty({ sync: true, destination: fd, singleLine: true }) : pino.destination({ dest: fd, sync: true })
  // As the site's: warnings and errors on stderr, the rest on stdout, each line once.
  return pino(
    options,
    pino.multistream(
      [
        { level: 'trace', stream: to(1) },
        { level: 'warn', stream: to(2) },
      ],
      { dedupe: true },
    ),
  )
}
