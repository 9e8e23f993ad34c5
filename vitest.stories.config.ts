import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig, mergeConfig } from 'vitest/config'
import { DESKTOP } from './.storybook/viewports.ts'
import storybookVite from './.storybook/vite.config.ts'
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/check-browser.mjs'

/**
 * The stories test: every story is a test, run by Storybook's Vitest addon in Vitest's browser
 * mode, in Debian's Chromium. A story passes when it renders, its play function passes, the
 * console stays free of unexpected errors and no request fails (`.storybook/checks.ts`), and axe
 * (the a11y addon) finds no violation. Stories tagged `skip-test` are left out.
 */
export default mergeConfig(
  storybookVite,
  defineConfig({
    // As Storybook's own build has it: the libraries' development checks read `process.env.NODE_ENV`.
    define: { 'process.env.NODE_ENV': JSON.stringify('development') },
    plugins: [
      storybookTest({
        configDir: '.storybook',
        tags: { exclude: ['skip-test'] },
        // A desktop window unless the story sets its own viewport (the phone stories do).
        initialGlobals: { viewport: { value: 'desktop', isRotated: false } },
      }),
    ],
    test: {
      name: 'stories',
      testTimeout: 30_000,
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] } }),
        instances: [{ browser: 'chromium', viewport: DESKTOP }],
      },
    },
  }),
)
