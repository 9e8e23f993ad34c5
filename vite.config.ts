import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vite'
import { moduleSizes } from './scripts/vite-module-sizes.ts'
import { routeDataChunks } from './scripts/vite-route-data-chunks.ts'
import { REACT_CHUNK } from './src/core/paint-first.ts'

/**
 * arktype probes for eval (`new Function`) when it loads, to pick compiled validators. The
 * site's Content-Security-Policy forbids eval (decision 021), so in the browser the probe only
 * produces a CSP violation report: answer it up front, arktype runs without eval there.
 */
function arktypeWithoutEval(): Plugin {
  return {
    name: 'skinvault:arktype-without-eval',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!id.includes('@ark/util/out/functions.js')) return null
      const probe = 'return new Function("return false")();'
      if (!code.includes(probe)) this.error('arktype eval probe not found: update the arktypeWithoutEval plugin')
      return { code: code.replace(probe, 'return true;'), map: null }
    },
  }
}

/**
 * The framework's hydration registers a server-function adapter that imports the whole
 * server-function client (its fetcher, frame decoder and seroval's serializer and parser) into
 * the first load of every page, though a page only calls a server function when a loader runs
 * in the browser (a client-side visit to a page with server data). The client RPC loads its
 * fetcher on its first call instead (decision 022).
 */
function serverFunctionFetcherOnFirstCall(): Plugin {
  return {
    name: 'skinvault:server-function-fetcher-on-first-call',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!id.includes('@tanstack/start-client-core/dist/esm/client-rpc/createClientRpc.js')) return null
      const importLine = 'import { serverFnFetcher } from "./serverFnFetcher.js";'
      const call = 'return serverFnFetcher(url, args, startFetch ?? fetch);'
      if (!code.includes(importLine) || !code.includes(call)) this.error('createClientRpc changed: update the serverFunctionFetcherOnFirstCall plugin')
      return {
        code: code
          .replace(importLine, '')
          .replace(call, 'return import("./serverFnFetcher.js").then(({ serverFnFetcher }) => serverFnFetcher(url, args, startFetch ?? fetch));'),
        map: null,
      }
    },
  }
}

/**
 * The live view (decision 097): `INSPECT=1 npm run dev` shows the page's machine actors in
 * Stately's inspector, at `INSPECT_URL`. Only the development server defines its address for the
 * page (`import.meta.env.LIVE_INSPECTOR_URL`); a build never does, so no inspector code reaches a
 * production bundle. The inspector is named up front so that Vite prepares it with the page's
 * other dependencies, instead of finding it when the page first imports it and reloading the page.
 */
function liveInspector(): Plugin {
  return {
    name: 'skinvault:live-inspector',
    apply: 'serve',
    config() {
      if (process.env.INSPECT !== '1') return null
      const url = process.env.INSPECT_URL || 'https://stately.ai/inspect'
      return { define: { 'import.meta.env.LIVE_INSPECTOR_URL': JSON.stringify(url) }, optimizeDeps: { include: ['@statelyai/inspect'] } }
    },
  }
}

// One id per build: the server's guest page cache keys on it, so a deploy starts empty.
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
// When the build was made: the sitemap's lastmod (issue 38).
const buildTime = process.env.BUILD_TIME ?? new Date().toISOString()

// Messages are compiled by `npm run i18n` before Vite starts: the Paraglide Vite plugin
// keeps a watcher alive after `vite build`, which stalls the build for half a minute.
export default defineConfig({
  server: { port: Number(process.env.PORT ?? 3000) },
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId), 'import.meta.env.VITE_BUILD_TIME': JSON.stringify(buildTime) },
  environments: {
    // Everything the browser entry imports statically loads with every page: one chunk for it
    // (instead of a dozen shared ones) compresses better and costs one request (decision 022).
    // React and React DOM come first, in a chunk the page evaluates in a task of its own; with
    // `src/client-react.ts` in it, that chunk initialises them (decision 025).
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: REACT_CHUNK, test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]|src[\\/]client-react\.ts$/, tags: ['$initial'] },
                { name: 'shell', tags: ['$initial'] },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    tanstackStart({ server: { build: { inlineCss: true } } }),
    viteReact(),
    arktypeWithoutEval(),
    serverFunctionFetcherOnFirstCall(),
    moduleSizes(),
    routeDataChunks(),
    liveInspector(),
  ],
})
