import { defineConfig } from 'vitest/config'
import './scripts/node-polyfills.mjs'
import { fileURLToPath } from 'node:url'

// Vitest has its own config: loading the Start Vite config makes the run hang on close.
export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./src', import.meta.url)),
      '#machines': fileURLToPath(new URL('./machines', import.meta.url)),
      '#config': fileURLToPath(new URL('./app.config.ts', import.meta.url)),
    },
  },
  test: {
    include: [
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/machines/**/*.test.ts',
      'backend/tests/**/*.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
