import { fileURLToPath } from 'node:url'
import type { StorybookConfig } from '@storybook/react-vite'

/**
 * Storybook for the site's components. It builds with its own Vite config
 * (`.storybook/vite.config.ts`): the TanStack Start plugin is never loaded here, components
 * render inside a memory-history router that `.storybook/site.tsx` sets up.
 */
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)', '../src/**/*.mdx', './flows/*.mdx', './flows/*.stories.tsx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: {
    name: '@storybook/react-vite',
    options: { builder: { viteConfigPath: fileURLToPath(new URL('./vite.config.ts', import.meta.url)) } },
  },
  staticDirs: ['../public', { from: '../docs/flows', to: '/flows' }],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
}

export default config
