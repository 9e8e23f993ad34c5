/**
 * R2: the route guards. A pathless layout route declares how its pages may be seen
 * (`staticData.access`); its `beforeLoad` asks the auth machine's own rule (`accessDecision`)
 * about the session the root route read for this navigation.
 */
import { redirect } from '@tanstack/react-router'
import { type Access, accessDecision, type SessionFacts, sessionState } from '#machines/rules/access.ts'

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** R2: open to everyone (the default), to guests only, or protected. */
    access?: Access
  }
}

/** Redirects away when the page may not be seen with this session. */
export function guard(access: Access, session: SessionFacts, href: string): void {
  const decision = accessDecision(access, sessionState(session, Date.now()), href)
  if (decision.kind === 'home') throw redirect({ to: '/' })
  if (decision.kind === 'login') throw redirect({ to: '/login', search: { redirect: decision.redirect } })
}

/** How the page of these matched routes may be seen: the strictest layout's rule. */
export function pageAccess(matches: ReadonlyArray<{ staticData?: { access?: Access } }>): Access {
  const declared = matches.map((m) => m.staticData?.access).filter((a): a is Access => a !== undefined)
  return declared.includes('protected') ? 'protected' : declared.includes('guests') ? 'guests' : 'public'
}
