import { defineConfig } from 'vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'

// Messages are compiled by `npm run i18n` before Vite starts: the Paraglide Vite plugin
// keeps a watcher alive after `vite build`, which stalls the build for half a minute.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  server: { port: Number(process.env.PORT ?? 3000) },
  plugins: [tanstackStart(), viteReact()],
})
