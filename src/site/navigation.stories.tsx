import type { Meta, StoryObj } from '@storybook/react-vite'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { SiteParameters } from '#stories/site.tsx'
import { expectReadout, Readout } from '#stories/support.tsx'
import { NavigationEffects } from './navigation-effects.tsx'
import { NavigationProgress } from './navigation-progress.tsx'

/**
 * Browser-only navigation pieces (R2): the progress bar while a route loads, the effects
 * that mark the page interactive and prefetch links. Only the progress bar draws anything.
 */
function NavigationDemo() {
  const router = useRouter()
  const pathname = useRouterState({ select: (s) => s.resolvedLocation?.pathname ?? s.location.pathname })
  return (
    <div>
      <NavigationProgress />
      <NavigationEffects />
      <Readout label="Location" testId="location" value={pathname} />
      <button type="button" className="button" onClick={() => void router.navigate({ to: '/wiki' as never })}>
        Go to the wiki
      </button>
    </div>
  )
}

const meta = { title: 'Site/Navigation', component: NavigationProgress, render: () => <NavigationDemo /> } satisfies Meta<typeof NavigationProgress>
export default meta
type Story = StoryObj<typeof meta>

const progress = (canvasElement: HTMLElement) => within(canvasElement).getByRole('progressbar', { hidden: true })

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-hydrated', 'true'))
    await expect(progress(canvasElement)).toHaveAttribute('data-state', 'idle')
    await expect(within(canvasElement).getByTestId('location')).toHaveTextContent(/^\/$/)
  },
}

/** A click on a link whose page takes a moment to load: the bar shows while it loads, then the page is there. */
export const Navigating: Story = {
  parameters: {
    site: {
      route: { path: '/wiki', loader: () => new Promise((resolve) => setTimeout(resolve, 600)) },
    } satisfies SiteParameters,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Go to the wiki' }))
    await waitFor(() => expect(progress(canvasElement)).toHaveAttribute('data-state', 'loading'))
    await expect(progress(canvasElement)).toHaveAttribute('aria-busy', 'true')
    await expect(canvas.getByTestId('location')).toHaveTextContent(/^\/$/)
    await expectReadout(canvasElement, 'location', '/wiki')
    await expect(progress(canvasElement)).toHaveAttribute('data-state', 'idle')
    await expect(progress(canvasElement)).toHaveAttribute('aria-hidden', 'true')
  },
}
