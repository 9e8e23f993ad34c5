import { Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import { readSession } from '~/lib/session'

/** Guests-only pages (spec 2): a logged-in visitor is sent home. */
export const Route = createFileRoute('/_guests')({
  beforeLoad: () => {
    if (readSession().loggedIn) throw redirect({ to: '/' })
  },
  component: Outlet,
})
