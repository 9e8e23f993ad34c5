/**
 * R3, R6: the user's `scope` may be a list of names or a map of name to flag; a scope check
 * tests one name in either form.
 */
export type Scope = readonly string[] | Readonly<Record<string, unknown>> | null | undefined

export function hasScope(user: { scope?: Scope } | null | undefined, name: string): boolean {
  const scope = user?.scope
  if (!scope) return false
  if (Array.isArray(scope)) return scope.includes(name)
  return Object.hasOwn(scope, name) && Boolean((scope as Record<string, unknown>)[name])
}

/** What the header's badge beside the account link names: the trial, Premium, or nothing. */
export type SubscriberBadge = 'trial' | 'premium' | null

/**
 * R2.29: the header names the subscription as the account does: a subscriber on the trial sees
 * the trial's name, any other subscriber sees Premium, a visitor without Premium sees no badge.
 */
export function subscriberBadge(user: { scope?: Scope; subscription?: unknown } | null | undefined): SubscriberBadge {
  if (!hasScope(user, 'premium')) return null
  const subscription = user?.subscription as { trial?: unknown } | null | undefined
  return subscription?.trial === true ? 'trial' : 'premium'
}
