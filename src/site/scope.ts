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
