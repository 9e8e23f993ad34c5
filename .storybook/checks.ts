/**
 * What every story must also keep, besides rendering and its play function: a console free of
 * errors it does not expect (`parameters.expectedConsoleErrors`, logged as info instead) and no
 * request the page made answered with an error status. `startChecks` runs before a story,
 * `endChecks` after it, where a story that broke either fails with the errors listed.
 */
let expected: RegExp[] = []
let errors: string[] = []
let observer: PerformanceObserver | null = null
let installed = false
const realError = console.error.bind(console)

function text(args: unknown[]): string {
  return args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')
}

export function startChecks(expectedErrors: RegExp[] | undefined): void {
  expected = expectedErrors ?? []
  errors = []
  if (!installed) {
    installed = true
    console.error = (...args: unknown[]) => {
      const message = text(args)
      if (expected.some((re) => re.test(message))) console.info('expected error:', ...args)
      else {
        errors.push(message)
        realError(...args)
      }
    }
  }
  observer?.disconnect()
  observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (entry.responseStatus >= 400) errors.push(`${entry.responseStatus} ${entry.name}`)
    }
  })
  observer.observe({ type: 'resource' })
}

export function endChecks(): void {
  for (const entry of observer?.takeRecords() ?? []) {
    const status = (entry as PerformanceResourceTiming).responseStatus
    if (status >= 400) errors.push(`${status} ${entry.name}`)
  }
  observer?.disconnect()
  observer = null
  const found = errors
  errors = []
  if (found.length > 0) throw new Error(`the story logged errors or a request failed:\n${found.join('\n')}`)
}
