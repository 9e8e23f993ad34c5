import { fileURLToPath } from 'node:url'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const from = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// Storybook's own Vite config: the aliases of vitest.config.ts and React, no TanStack Start plugin.
export default defineConfig({
  resolve: {
    alias: [
      // Server-only request helpers: never called in a story (see server-only.ts).
      { find: /^@tanstack\/react-start\/server$/, replacement: from('./server-only.ts') },
      // Server and isomorphic functions without the server (see start.ts).
      { find: /^@tanstack\/react-start$/, replacement: from('./start.ts') },
    ],
  },
  plugins: [viteReact()],
  build: { chunkSizeWarningLimit: 4000 },
})
