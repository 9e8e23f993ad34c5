import { useRouterState } from '@tanstack/react-router'
import { readSession, type SessionSnapshot } from './session'

/** The session as the auth cookie tells it, re-read on every navigation. */
export function useSession(): SessionSnapshot {
  useRouterState({ select: (s) => s.location.href })
  return readSession()
}
