import { createFileRoute, Outlet } from '@tanstack/react-router'
import { guard } from '#app/core/access.ts'

/** Protected pages (R2): a logged-out visitor goes to login and the target is remembered. */
export const Route = createFileRoute('/_protected')({
  staticData: { access: 'protected' },
  beforeLoad: ({ context, location }) => guard('protected', context.session, location.publicHref),
  component: Outlet,
})
