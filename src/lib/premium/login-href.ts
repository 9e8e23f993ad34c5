/**
 * Spec 3: the login page with the way back. The rule lives with the payment machine, which
 * decides where a guest goes; it is re-exported here for the site's other callers.
 */
export { loginHref } from '#machines/rules/payment'
