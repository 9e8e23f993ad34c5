/**
 * Tells the stories test how a story went: `<html data-story-status>` is `rendered` once the
 * story and its play function have finished, `failed` when either threw. Console errors a
 * story expects (`parameters.expectedConsoleErrors`) are logged as info instead, so the test
 * can fail on every other console error.
 */
import { addons } from 'storybook/preview-api'

let listening = false
let expected: RegExp[] = []
const realError = console.error.bind(console)

export function watchStoryStatus(expectedErrors: RegExp[] | undefined): void {
  expected = expectedErrors ?? []
  const root = document.documentElement
  root.dataset.storyStatus = 'rendering'
  delete root.dataset.storyError
  if (listening) return
  listening = true
  console.error = (...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')
    if (expected.some((re) => re.test(text))) console.info('expected error:', ...args)
    else realError(...args)
  }
  const channel = addons.getChannel()
  const fail = (error: unknown) => {
    root.dataset.storyStatus = 'failed'
    root.dataset.storyError = String((error as { message?: string })?.message ?? error)
  }
  channel.on('storyRendered', () => {
    if (root.dataset.storyStatus !== 'failed') root.dataset.storyStatus = 'rendered'
  })
  channel.on('playFunctionThrewException', fail)
  channel.on('storyThrewException', fail)
  channel.on('storyErrored', (e: { title?: string; description?: string }) => fail(`${e?.title ?? ''} ${e?.description ?? ''}`))
}
