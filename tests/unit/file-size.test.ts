/**
 * Decision 114: no source file is over 300 lines, so that each reads in one sitting. Source is
 * every tracked script of the site, its machines, the stand-in backend, the scripts and the
 * Storybook (stories included); tests, which are lists of cases, and generated files are not.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const MAX_LINES = 300
const SCRIPT = /\.(ts|tsx|js|mjs|cjs|mts)$/u
/** Tests, and files a tool writes. */
const NOT_SOURCE = [/^tests\//u, /^backend\/tests\//u, /\.test\.tsx?$/u, /^src\/routeTree\.gen\.ts$/u, /^src\/paraglide\//u, /^docs\//u]

describe('decision 114: files a newcomer reads in one sitting', () => {
  it(`no source file is over ${MAX_LINES} lines`, () => {
    const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => SCRIPT.test(file) && !NOT_SOURCE.some((rule) => rule.test(file)))
    expect(files.length).toBeGreaterThan(300)
    const long = files
      .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`)
    expect(long).toEqual([])
  })
})
