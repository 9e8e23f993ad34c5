import { deleteCookie } from '@tanstack/react-start/server'
import { AUTH_STORAGE_KEYS } from '#machines/rules/token'

/** The backend no longer knows the token: the visitor is a guest again, in cookies too. */
export function clearSessionCookies(): void {
  for (const name of Object.values(AUTH_STORAGE_KEYS)) deleteCookie(name, { path: '/' })
}
