import { defineConfig } from 'vite'
import viteReact from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'

const from = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// Storybook's own Vite config: the aliases of vitest.config.ts and React, no TanStack Start plugin.
export default defineConfig({
  resolve: {
    alias: {
      '~': from('../src'),
      '#machines': from('../machines'),
      '#config': from('../app.config.ts'),
    },
  },
  plugins: [viteReact()],
  build: { chunkSizeWarningLimit: 4000 },
})
