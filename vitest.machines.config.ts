import { defineConfig } from 'vitest/config'
import './scripts/node-polyfills.mjs'

// The machine tests alone (tests/machines): the generated paths with their properties and the
// rules' own tests. `npm run mutate` measures the machines against these, and nothing else.
export default defineConfig({
  test: {
    include: ['tests/machines/**/*.test.ts'],
    // The diagrams are checked by the full suite; they say nothing about behaviour. The browser
    // models' agreement with the machines is checked there too: it rebuilds whole graphs per run.
    // The requirements table (tests/machines/requirements.test.ts) reads docs/, which mutation runs leave out,
    // and runs every model once more: it says which requirement a property checks, nothing about behaviour.
    // QA's exports (tests/machines/export, tests/machines/flows-export) rebuild every graph and
    // file: they check the exports' formats, not the machines' behaviour.
    exclude: [
      'tests/machines/flows.test.ts',
      // The diagrams' drawing reads docs/flows, which a mutation run's sandbox leaves out.
      'tests/machines/flows-svg/**',
      'tests/machines/browser-graphs.test.ts',
      'tests/machines/requirements.test.ts',
      'tests/machines/export/**',
      'tests/machines/flows-export/**',
    ],
    testTimeout: 60_000,
    // One module graph for all files of a run: the tests share no state (each path builds its
    // own actors), and a mutation run spends a fifth less time re-importing the machines. The
    // same mutants are detected with and without it (machines/payment.ts: 428 of 432 either way).
    isolate: false,
  },
})
