import type { Meta, StoryObj } from '@storybook/react-vite'
import { useRouter } from '@tanstack/react-router'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { NavigationProgress } from './navigation-progress'
import { NavigationEffects } from './navigation-effects'
import { ExternalScripts } from './marketing/external-scripts'

/**
 * Browser-only navigation pieces (spec 2): the progress bar while a route loads, the effects
 * that mark the page interactive and prefetch links, and the external scripts (off unless
 * configured). Only the progress bar draws anything.
 */
function NavigationDemo() {
  const router = useRouter()
  return (
    <div>
      <NavigationProgress />
      <NavigationEffects />
      <ExternalScripts />
      <p>
        Location: <output data-testid="location">{router.state.location.pathname}</output>
      </p>
      <button type="button" className="button" onClick={() => void router.navigate({ to: '/wiki' as never })}>Go to the wiki</button>
    </div>
  )
}

const meta = {
  title: 'Site/Navigation',
  component: NavigationProgress,
  render: () => <NavigationDemo />,
} satisfies Meta<typeof NavigationProgress>
export default meta
type Story = StoryObj<typeof meta>

export const Idle: Story = {
  play: async () => {
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-hydrated', 'true'))
  },
}

export const Navigating: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Go to the wiki' }))
  },
}
