import { defineConfig } from 'vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { moduleSizes } from './scripts/vite-module-sizes'

// One id per build: the server's guest page cache keys on it, so a deploy starts empty.
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`

// Messages are compiled by `npm run i18n` before Vite starts: the Paraglide Vite plugin
// keeps a watcher alive after `vite build`, which stalls the build for half a minute.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  server: { port: Number(process.env.PORT ?? 3000) },
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  plugins: [tanstackStart(), viteReact(), moduleSizes()],
})
