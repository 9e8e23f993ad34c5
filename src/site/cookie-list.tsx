import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { CONSENT_CATEGORIES } from '#machines/rules/consent.ts'
import { type CookieCategory, type CookieEntry, type CookieLifetime, cookieList } from '#machines/rules/cookie-list.ts'

/**
 * The cookie policy's categories and cookies, drawn from the list the site itself uses to
 * decide what a category allows and what withdrawing it deletes (`COOKIE_LIST`), in the page's
 * language.
 */
const CATEGORY: Record<CookieCategory, () => string> = {
  necessary: () => m.consent_necessary(),
  analytics: () => m.consent_analytics(),
  marketing: () => m.consent_marketing(),
  chat: () => m.consent_chat(),
}
const CATEGORY_ABOUT: Record<CookieCategory, () => string> = {
  necessary: () => m.consent_necessary_about(),
  analytics: () => m.consent_analytics_about(),
  marketing: () => m.consent_marketing_about(),
  chat: () => m.consent_chat_about(),
}
const PURPOSE: Record<string, () => string> = {
  token: () => m.cookie_purpose_token(),
  token_expiration: () => m.cookie_purpose_token_expiration(),
  refresh_token: () => m.cookie_purpose_refresh_token(),
  refresh_expiration: () => m.cookie_purpose_refresh_expiration(),
  locale: () => m.cookie_purpose_locale(),
  referrer: () => m.cookie_purpose_referrer(),
  consent: () => m.cookie_purpose_consent(),
  flash: () => m.cookie_purpose_flash(),
  openid: () => m.cookie_purpose_openid(),
  checkout: () => m.cookie_purpose_checkout(),
  utm: () => m.cookie_purpose_utm(),
  ga: () => m.cookie_purpose_ga(),
  ga_session: () => m.cookie_purpose_ga_session(),
  gcl: () => m.cookie_purpose_gcl(),
  chat: () => m.cookie_purpose_chat(),
  client_id: () => m.cookie_purpose_client_id(),
}
const LIFETIME: Record<CookieLifetime, () => string> = {
  'session-token': () => m.cookie_lifetime_session_token(),
  'days-365': () => m.cookie_lifetime_days_365(),
  year: () => m.cookie_lifetime_year(),
  'minutes-10': () => m.cookie_lifetime_minutes_10(),
  minute: () => m.cookie_lifetime_minute(),
  provider: () => m.cookie_lifetime_provider(),
  'days-90': () => m.cookie_lifetime_days_90(),
  tab: () => m.cookie_lifetime_tab(),
}

export function CookieCategories() {
  return (
    <ul className="cookie-categories" data-testid="cookie-categories">
      {(['necessary', ...CONSENT_CATEGORIES] as const).map((category) => (
        <li key={category} data-category={category}>
          <strong>{CATEGORY[category]()}</strong> — {CATEGORY_ABOUT[category]()}
        </li>
      ))}
    </ul>
  )
}

function entryName(entry: CookieEntry) {
  return (
    <>
      <code>{entry.prefix ? `${entry.name}*` : entry.name}</code>
      {entry.prefix ? <small> {m.cookie_list_prefix()}</small> : null}
      {entry.storage ? <small> {m.cookie_list_storage()}</small> : null}
    </>
  )
}

export function CookieTable() {
  const { config } = useSite()
  return (
    <div className="cookie-table">
      <table data-testid="cookie-list">
        <caption>{m.cookie_list_caption()}</caption>
        <thead>
          <tr>
            <th scope="col">{m.cookie_list_name()}</th>
            <th scope="col">{m.cookie_list_category()}</th>
            <th scope="col">{m.cookie_list_purpose()}</th>
            <th scope="col">{m.cookie_list_lifetime()}</th>
          </tr>
        </thead>
        <tbody>
          {cookieList(config.analyticsClientIdCookie).map((entry) => (
            <tr key={entry.name} data-cookie={entry.name} data-category={entry.category}>
              <td>{entryName(entry)}</td>
              <td>{CATEGORY[entry.category]()}</td>
              <td>{PURPOSE[entry.purpose]?.()}</td>
              <td>{LIFETIME[entry.lifetime]()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
