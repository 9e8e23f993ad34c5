import { Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import { readSession } from '~/lib/session'

/** Protected pages (spec 2): a logged-out visitor goes to login and the target is remembered. */
export const Route = createFileRoute('/_protected')({
  beforeLoad: ({ location }) => {
    if (!readSession().loggedIn) {
      throw redirect({ to: '/login', search: { redirect: location.href } })
    }
  },
  component: Outlet,
})
