import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type ServerType, serve } from '@hono/node-server'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { CHROMIUM_FLAGS, DEBIAN_CHROMIUM } from '../../scripts/check-browser.mjs'
import { type Backend, type BackendOptions, createBackend } from '../src/app.ts'

/** What a browser suite talks to, once its `beforeAll` has run. */
export interface BrowserRig {
  backend: Backend
  browser: Browser
  /** The stand-in backend's address, on a port of its own. */
  backendOrigin: string
  /** The "site": another origin, whose every page is the suite's `page`. */
  siteOrigin: string
}

export interface BrowserRigOptions {
  /** The HTML the site answers a request for `url` with. */
  page(url: string, rig: BrowserRig): string
  /** Settings beyond the addresses, which are the rig's own. */
  env?: BackendOptions['env']
  sandbox?: BackendOptions['sandbox']
}

function listen(server: Server | ServerType): Promise<number> {
  return new Promise((resolve) => {
    const ready = () => resolve((server.address() as AddressInfo).port)
    if (server.listening) ready()
    else server.once('listening', ready)
  })
}

/**
 * Starts, before the suite, a site and the stand-in backend on real ports (the backend allows the
 * site's origin and knows its own public address) and Debian's Chromium; closes them after it.
 */
export function startBrowserRig(options: BrowserRigOptions): BrowserRig {
  const rig = { backendOrigin: '', siteOrigin: '' } as BrowserRig
  let backendServer: ServerType | undefined
  let siteServer: Server | undefined

  beforeAll(async () => {
    siteServer = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(options.page(req.url!, rig))
    })
    siteServer.listen(0, '127.0.0.1')
    rig.siteOrigin = `http://127.0.0.1:${await listen(siteServer)}`
    let app: Backend['app'] | null = null
    backendServer = serve({ fetch: (req) => app!.fetch(req), port: 0, hostname: '127.0.0.1' })
    rig.backendOrigin = `http://127.0.0.1:${await listen(backendServer)}`
    rig.backend = await createBackend({
      env: {
        dataDir: 'memory://',
        mode: 'development',
        logLevel: 'silent',
        siteOrigins: [rig.siteOrigin],
        siteUrl: rig.siteOrigin,
        // The sandbox providers send the browser back, and post their notifications, to this address over HTTP.
        backendPublicUrl: rig.backendOrigin,
        ...options.env,
      },
      sandbox: options.sandbox,
    })
    app = rig.backend.app
    rig.browser = await chromium.launch({ executablePath: DEBIAN_CHROMIUM, args: CHROMIUM_FLAGS })
  })

  afterAll(async () => {
    await rig.browser?.close()
    await new Promise<void>((resolve) => (backendServer ? backendServer.close(() => resolve()) : resolve()))
    await new Promise<void>((resolve) => (siteServer ? siteServer.close(() => resolve()) : resolve()))
    await rig.backend?.close()
  })

  return rig
}
