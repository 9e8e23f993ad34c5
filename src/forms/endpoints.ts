/**
 * Where each form posts when the page is not interactive yet or runs without JavaScript
 * (decision 063): one address per form, answered by the site's server.
 */
export const FORM_PATH_PREFIX = '/forms/'

export function formAction(formId: string): string {
  return `${FORM_PATH_PREFIX}${formId}`
}
