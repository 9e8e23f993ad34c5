// Production server for the built site: fingerprinted assets from dist/client (immutable),
// everything else through the server entry. Exits with a clear message on bad configuration.
import { serve } from 'srvx'
import { staticMiddleware } from 'srvx/static'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * A promise nobody awaited must not stop the server for every visitor (Node's default is to
 * exit): it is logged with its stack and the server goes on. The failure tests assert that
 * none happens (decision 031).
 */
function keepServingOnStrayRejections() {
  if (process.listenerCount('unhandledRejection') > 0) return
  process.on('unhandledRejection', (reason) => {
    console.error('Unhandled rejection (the server keeps running):', reason)
  })
}

export async function startSite({ port, hostname = '0.0.0.0', silent = false } = {}) {
  keepServingOnStrayRejections()
  const { default: entry } = await import(`${root}dist/server/server.js`)
  const assets = staticMiddleware({ dir: `${root}dist/client`, encodings: true })
  const immutable = async (request, next) => {
    const response = await next()
    if (new URL(request.url).pathname.startsWith('/assets/') && response.status === 200) {
      response.headers.set('cache-control', 'public, max-age=31536000, immutable')
    }
    return response
  }
  const server = serve({
    port,
    hostname,
    silent,
    middleware: [immutable, assets],
    fetch: (request) => entry.fetch(request),
  })
  await server.ready()
  return server
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await startSite({ port: Number(process.env.PORT ?? 3000) })
  } catch (error) {
    console.error(error?.name === 'ConfigError' ? error.message : error)
    process.exit(1)
  }
}
