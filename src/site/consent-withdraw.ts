/** R9.24: a withdrawal deletes the cookies the browser holds of the categories withdrawn (`COOKIE_LIST`). Browser only. */

import { cookieNames, expiredCookies, writeCookie } from '#app/core/cookies.ts'
import type { ConsentCategory } from '#machines/rules/consent.ts'
import { cookiesToDelete } from '#machines/rules/cookie-list.ts'

export function deleteCookiesOf(categories: readonly ConsentCategory[], clientIdCookie: string | null): void {
  for (const name of cookiesToDelete(cookieNames(document.cookie), categories, clientIdCookie)) {
    for (const cookie of expiredCookies(name, location.host)) writeCookie(cookie)
  }
}
