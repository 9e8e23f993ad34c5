import { createFileRoute, Outlet } from '@tanstack/react-router'
import { guard } from '#app/core/access.ts'

/** Guests-only pages (R2): a logged-in visitor is sent home. */
export const Route = createFileRoute('/_guests')({
  staticData: { access: 'guests' },
  beforeLoad: ({ context, location }) => guard('guests', context.session, location.publicHref),
  component: Outlet,
})
