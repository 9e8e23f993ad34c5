import { type } from 'arktype'
import { CONSTANTS } from '../../app.config'

/** Spec 3, 5: utm is sent only when source, medium and campaign are all present. */
const Utm = type({
  source: 'string > 0',
  medium: 'string > 0',
  campaign: 'string > 0',
  'term?': 'string > 0',
  'content?': 'string > 0',
})
export type Utm = typeof Utm.infer

export const UTM_COOKIE = 'utm'

export function utmFromSearch(search: Record<string, unknown>): Utm | null {
  const pick = (k: string) => {
    const v = search[`utm_${k}`]
    return typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : typeof v === 'number' ? String(v) : undefined
  }
  const candidate = Object.fromEntries(
    ['source', 'medium', 'campaign', 'term', 'content'].map((k) => [k, pick(k)]).filter(([, v]) => v !== undefined),
  )
  const parsed = Utm(candidate)
  return parsed instanceof type.errors ? null : parsed
}

export function parseUtmCookie(value: string | null): Utm | null {
  if (!value) return null
  try {
    const parsed = Utm(JSON.parse(value))
    return parsed instanceof type.errors ? null : parsed
  } catch {
    return null
  }
}

/** Spec 9: utm cookies live 31536000 seconds on path /. */
export function utmCookies(search: Record<string, unknown>): string[] {
  const utm = utmFromSearch(search)
  if (!utm) return []
  return [
    `${UTM_COOKIE}=${encodeURIComponent(JSON.stringify(utm))}; Max-Age=${CONSTANTS.trackingCookieMaxAgeSeconds}; Path=/; SameSite=Lax`,
  ]
}
