import { type Locale, msg, product } from './messages.ts'

/**
 * The message of each page's heading (its `h1`), by its path after the locale prefix ('' is the
 * home page); a page with a code in its address (`/login/<code>`) is written `/login/$code`.
 */
const HEADINGS: Record<string, string> = {
  '': 'page_home_heading',
  '/cs-go': 'page_csgo_heading',
  '/faq': 'page_faq_heading',
  '/wiki': 'page_wiki_heading',
  '/promo': 'page_promo_heading',
  '/premium': 'page_premium_heading',
  '/login': 'page_login_heading',
  // As the server renders it for a request that names no site it came from (R10.7): the page asks first.
  '/login/$code': 'page_login_code_ask_heading',
  '/join': 'page_join_heading',
  '/join/$code': 'page_join_heading',
  '/confirm-email': 'page_confirm_email_heading',
  '/confirm-email/$code': 'page_confirm_email_heading',
  '/oferta': 'page_oferta_heading',
  '/user-license': 'page_user_license_heading',
  '/policy': 'page_policy_heading',
  '/cookies-policy': 'page_cookies_policy_heading',
  '/account': 'page_account_heading',
}

/** The heading a page of the original site shows in `locale`; `path` is after the locale prefix, without a trailing slash. */
export function pageHeading(locale: Locale, path: string): string {
  const key = HEADINGS[path.replace(/^\/(login|join|confirm-email)\/[^/]+$/u, (_, page: string) => `/${page}/$code`)]
  if (key === undefined) throw new Error(`no heading written for the page ${path}`)
  return msg(locale, key, { product: product(locale) })
}
