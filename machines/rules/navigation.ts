/**
 * R10.7: a page that uses up a code when it opens (an e-mailed sign-in link, an e-mail
 * confirmation link) does so only for a navigation the visitor made themselves: on this site, or
 * from outside any site (typed, a bookmark, a mail program). A navigation another site started
 * (`Sec-Fetch-Site: cross-site`), or one whose origin the browser does not say, gets a button
 * instead, so no other site can spend the code, or sign the visitor in, by sending them a link.
 */
const OWN = new Set(['same-origin', 'same-site', 'none'])

/** Whether the `Sec-Fetch-Site` of a page request says the visitor made the navigation themselves. */
export function isOwnNavigation(secFetchSite: string | null | undefined): boolean {
  return typeof secFetchSite === 'string' && OWN.has(secFetchSite.trim().toLowerCase())
}
