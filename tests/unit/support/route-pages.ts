/**
 * The site's pages by address, as the spec's page list has them (R2): what each route must name
 * in `staticData.page`. The meta tests build a page's head from an address through this table.
 */
import type { RoutePage } from '#app/core/meta-tags.ts'

/** The first path segment after the language prefix, and the page it is. */
export const PAGE_OF_SEGMENT: Record<string, RoutePage> = {
  '': 'home',
  account: 'account',
  'cs-go': 'csgo',
  faq: 'faq',
  login: 'login',
  premium: 'premium',
  promo: 'promo',
  wiki: 'wiki',
  'confirm-email': 'confirm_email',
  join: 'join',
  oferta: 'oferta',
  'user-license': 'user_license',
  policy: 'policy',
  'cookies-policy': 'cookies_policy',
  requisites: 'requisites',
  impressum: 'impressum',
}

/** The page at an address such as `/ru/login/abc`: the e-mailed link's page is `login_code`, a receipt `receipt`. */
export function pageAt(pathname: string): RoutePage {
  const parts = pathname.split('/').filter(Boolean)
  if (['en', 'ru', 'de'].includes(parts[0] ?? '')) parts.shift()
  const [segment = '', next] = parts
  if (segment === 'login' && next) return 'login_code'
  if (segment === 'account' && next === 'receipts') return 'receipt'
  const page = PAGE_OF_SEGMENT[segment]
  if (!page) throw new Error(`no page at ${pathname}`)
  return page
}
