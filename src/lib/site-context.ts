/**
 * What every page needs to know about the request it renders for: the host and its brand
 * (original or mirror domain), the origin for canonical URLs, and the public configuration.
 * Computed on the server once per document and carried to the browser with the root loader.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequestHost, getRequestProtocol } from '@tanstack/react-start/server'
import { brandForHost, loadConfig, toPublicConfig, type BrandId, type PublicConfig } from '../../app.config'

export interface SiteContext {
  host: string
  origin: string
  brand: BrandId
  config: PublicConfig
}

export const getSiteContext = createServerFn({ method: 'GET' }).handler((): SiteContext => {
  const config = loadConfig()
  const host = getRequestHost({ xForwardedHost: true })
  const protocol = getRequestProtocol({ xForwardedProto: true }) === 'https' ? 'https' : 'http'
  return {
    host,
    origin: `${protocol}://${host}`,
    brand: brandForHost(config, host),
    config: toPublicConfig(config),
  }
})
