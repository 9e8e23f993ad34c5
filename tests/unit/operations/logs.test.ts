// Issue 40: one JSON line per event, with its level's name, the service and worker, and an
// error's kind, message and stack only.
import { spawnSync } from 'node:child_process'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { accessLineWriter, createLogger, errorFields, isoTime, LOG_FORMATS, LOG_LEVELS } from '../../../scripts/log.mjs'

function capture() {
  const lines: Record<string, unknown>[] = []
  const texts: string[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        texts.push(line)
        lines.push(JSON.parse(line))
      }
      done()
    },
  })
  return { lines, texts, destination }
}

/** The JSON lines a process wrote, parsed. */
const jsonLines = (text: string): Record<string, unknown>[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))

describe('the site log', () => {
  it("gives a line's time as ISO text, to the millisecond, across the ends of seconds, days and years", () => {
    // One after the other, as a process's lines come: the same second, the next one, a new day, a new year.
    const times: Array<[number, string]> = [
      [Date.UTC(2026, 10, 28, 5, 27, 7, 0), '2026-11-28T05:27:07.000Z'],
      [Date.UTC(2026, 10, 28, 5, 27, 7, 9), '2026-11-28T05:27:07.009Z'],
      [Date.UTC(2026, 10, 28, 5, 27, 7, 42), '2026-11-28T05:27:07.042Z'],
      [Date.UTC(2026, 10, 28, 5, 27, 7, 999), '2026-11-28T05:27:07.999Z'],
      [Date.UTC(2026, 10, 28, 5, 27, 8, 100), '2026-11-28T05:27:08.100Z'],
      [Date.UTC(2026, 10, 28, 23, 59, 59, 999), '2026-11-28T23:59:59.999Z'],
      [Date.UTC(2026, 10, 29, 0, 0, 0, 1), '2026-11-29T00:00:00.001Z'],
      [Date.UTC(2026, 11, 31, 23, 59, 59, 50), '2026-12-31T23:59:59.050Z'],
      [Date.UTC(2027, 0, 1, 0, 0, 0, 0), '2027-01-01T00:00:00.000Z'],
      // Back to an earlier second (a clock set back): its own date, not the last one's.
      [Date.UTC(2026, 10, 28, 5, 27, 7, 500), '2026-11-28T05:27:07.500Z'],
    ]
    expect(times.map(([ms]) => isoTime(ms))).toEqual(times.map(([, text]) => text))
  })

  it('writes info and debug to standard output, warnings and errors to standard error, each line once', () => {
    const script = [
      "import { createLogger } from './scripts/log.mjs'",
      "const log = createLogger({ level: 'debug' })",
      "log.debug('one'); log.info('two'); log.warn('three'); log.error('four'); log.fatal('five'); log.info('six')",
    ].join('\n')
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
    const messages = (text: string) => jsonLines(text).map((line) => `${line.level} ${line.msg}`)
    expect(messages(run.stdout)).toEqual(['debug one', 'info two', 'info six'])
    expect(messages(run.stderr)).toEqual(['warn three', 'error four', 'fatal five'])
  })

  it('writes one JSON line per event: level name, ISO time, service, worker, pid, message and fields', () => {
    const { lines, destination } = capture()
    const log = createLogger({ service: 'site', level: 'info', destination })
    log.info({ reqId: 'r-1', route: '/faq', status: 200 }, 'request')
    log.debug('not at info')
    expect(lines).toHaveLength(1)
    const [line] = lines
    expect(Object.keys(line!)).toEqual(['level', 'time', 'service', 'worker', 'pid', 'reqId', 'route', 'status', 'msg'])
    expect(line).toMatchObject({ level: 'info', service: 'site', worker: 0, pid: process.pid, reqId: 'r-1', route: '/faq', status: 200, msg: 'request' })
    expect(line!.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it('keeps the level it is given, and info for anything else', () => {
    const quiet = capture()
    createLogger({ level: 'warn', destination: quiet.destination }).info('dropped')
    expect(quiet.lines).toEqual([])
    const unknown = capture()
    const log = createLogger({ level: 'loud', destination: unknown.destination })
    log.debug('dropped')
    log.info('kept')
    expect(unknown.lines.map((line) => line.msg)).toEqual(['kept'])
    expect(LOG_LEVELS).toEqual(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    expect(LOG_FORMATS).toEqual(['json', 'pretty'])
  })

  it('writes of an error its kind, message and stack, never what else it carries', () => {
    const { lines, destination } = capture()
    const error = Object.assign(new TypeError('backend answered 500'), { data: { access_token: 'TOKEN-1' }, headers: { cookie: 'sv_session=abc' } })
    createLogger({ destination }).error({ err: error, reqId: 'r-2' }, 'render failed')
    expect(Object.keys(lines[0]!.err as object)).toEqual(['type', 'message', 'stack'])
    expect(lines[0]!.err).toMatchObject({ type: 'TypeError', message: 'backend answered 500' })
    expect((lines[0]!.err as { stack: string }).stack).toContain('TypeError: backend answered 500\n    at ')
    expect(JSON.stringify(lines)).not.toContain('TOKEN-1')
    expect(JSON.stringify(lines)).not.toContain('sv_session')
    expect(errorFields('plain words')).toEqual({ type: 'string', message: 'plain words' })
  })

  it('cuts headers, bodies, tokens and codes passed by mistake', () => {
    const { lines, destination } = capture()
    createLogger({ destination }).warn(
      { headers: { cookie: 'sv_session=abc', authorization: 'Bearer T' }, body: { card: '4242' }, token: 'T', code: '123456' },
      'oops',
    )
    expect(lines[0]).toMatchObject({ headers: { cookie: '[cut]', authorization: '[cut]' }, body: '[cut]', token: '[cut]', code: '[cut]' })
  })
})

describe('the access line', () => {
  const ok = { reqId: 'r-1', method: 'GET', route: '/$locale/faq', status: 200, durationMs: 2.5, cache: 'MISS', queueMs: 0.4 }
  const failed = { reqId: 'r-2', method: 'POST', route: '(none)', status: 503, durationMs: 0.1, cache: null, queueMs: null }
  // A proxy's id may hold no quote (FORWARDED_ID), but the line must stay JSON whatever it is given.
  const odd = { reqId: 'r-"3"\\', method: 'GET', route: '/ü/"x"\n', status: 404, durationMs: 10, cache: 'STALE', queueMs: 12.3 }

  it('is the line pino writes for the same fields, key for key, in the same order', () => {
    const mine = capture()
    const write = accessLineWriter(createLogger({ destination: mine.destination }))
    const theirs = capture()
    const log = createLogger({ destination: theirs.destination })
    for (const fields of [ok, failed, odd]) {
      write(fields)
      log[fields.status >= 500 ? 'error' : 'info'](fields, 'request')
    }
    const withoutTime = (line: Record<string, unknown>) => ({ ...line, time: 'T' })
    expect(mine.lines.map(withoutTime)).toEqual(theirs.lines.map(withoutTime))
    expect(mine.lines.map((line) => Object.keys(line))).toEqual(theirs.lines.map((line) => Object.keys(line)))
    expect(mine.lines[0]).toMatchObject({ level: 'info', service: 'site', worker: 0, pid: process.pid, ...ok, msg: 'request' })
    expect(mine.lines[1]).toMatchObject({ level: 'error', reqId: 'r-2', method: 'POST', route: '(none)', status: 503, cache: null, queueMs: null })
    expect(mine.lines[2]).toMatchObject({ reqId: 'r-"3"\\', route: '/ü/"x"\n', status: 404, cache: 'STALE', queueMs: 12.3 })
    expect(mine.texts.every((text) => !text.includes('\n'))).toBe(true)
    expect(mine.lines[0]!.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it('is written only at a level the logger writes: a 5xx as an error, the others as info', () => {
    const quiet = capture()
    const atWarn = accessLineWriter(createLogger({ level: 'warn', destination: quiet.destination }))
    atWarn(ok)
    atWarn(failed)
    expect(quiet.lines.map((line) => [line.level, line.status])).toEqual([['error', 503]])
    const silent = capture()
    const none = accessLineWriter(createLogger({ level: 'silent', destination: silent.destination }))
    none(ok)
    none(failed)
    expect(silent.lines).toEqual([])
  })

  it('goes to standard output, and a 5xx to standard error', () => {
    const script = [
      "import { accessLineWriter, createLogger } from './scripts/log.mjs'",
      'const write = accessLineWriter(createLogger({}))',
      "write({ reqId: 'a', method: 'GET', route: '/', status: 200, durationMs: 1, cache: 'HIT', queueMs: null })",
      "write({ reqId: 'b', method: 'GET', route: '/', status: 500, durationMs: 1, cache: null, queueMs: null })",
      "write({ reqId: 'c', method: 'GET', route: '/', status: 302, durationMs: 1, cache: null, queueMs: null })",
    ].join('\n')
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
    const ids = (text: string) => jsonLines(text).map((line) => line.reqId)
    expect(ids(run.stdout)).toEqual(['a', 'c'])
    expect(ids(run.stderr)).toEqual(['b'])
  })
})

describe('what the libraries print in a site process', () => {
  it('goes through the logger at the console method’s level, with the request’s id and an error as err', async () => {
    const { routeConsole } = await import('../../../scripts/site-ops.mjs')
    const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error, debug: console.debug }
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = []
    const at = (level: string) => (fields: Record<string, unknown>, message: string) => void lines.push({ level, fields, message })
    const logger = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') }
    let requestId: string | null = 'r-9'
    try {
      routeConsole(logger, () => requestId)
      const boom = new Error('boom')
      console.error('render failed for', 3, 'pages', boom)
      console.warn('a warning')
      requestId = null
      console.log({ a: 1 })
      expect(lines).toEqual([
        { level: 'error', fields: { reqId: 'r-9', err: boom }, message: 'render failed for 3 pages' },
        { level: 'warn', fields: { reqId: 'r-9' }, message: 'a warning' },
        { level: 'info', fields: {}, message: '{ a: 1 }' },
      ])
    } finally {
      Object.assign(console, saved)
    }
  })
})
