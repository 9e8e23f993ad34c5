import { defineConfig } from 'vitest/config'
import './scripts/node-polyfills.mjs'

// Vitest has its own config: loading the Start Vite config makes the run hang on close.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.ts', 'backend/tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
