/**
 * Where each form posts when the page is not interactive yet or runs without JavaScript
 * (decision 063): one address per form, answered by the site's server.
 */
export const FORM_PATH_PREFIX = '/forms/'

export function formAction(formId: string): string {
  return `${FORM_PATH_PREFIX}${formId}`
}

/** The buttons of a link opened from another site, without JavaScript: an e-mail confirmation, a sign-in. */
export const CONFIRM_LINK_FORM = 'confirm-link'
export const LOGIN_LINK_FORM = 'login-link'

/** The cookie banner's choice. */
export const CONSENT_FORM = 'consent'
