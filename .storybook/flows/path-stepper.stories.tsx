/**
 * Decision 122: the generated paths on a flow page, stepped through as a product owner does (the
 * panel every flow page has; `docs/flows/<machine>.walk.json`).
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { SiteHeader } from '#app/site/site-header.tsx'
import { PHONE_GLOBALS } from '#stories/viewports.ts'
import menuSvg from '../../docs/flows/menu.svg?raw'
import { outlines, stepped } from './flow-play.ts'
import { FlowView } from './flow-view.tsx'

// No JSDoc comment right above the meta: Storybook would take it for the docs description.
const meta = {
  title: 'Flows/Generated paths',
  parameters: { layout: 'fullscreen' },
} satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

/**
 * Decision 122: a product owner steps through a generated path of the menu: the second, where the
 * visitor opens the menu and follows a link; each step shows its words, what the visitor sees and
 * its requirements, and the diagram outlines its state.
 */
export const MenuPaths: Story = {
  tags: ['mobile'],
  globals: PHONE_GLOBALS,
  render: () => (
    <FlowView machineId="menu" name="menu" svg={menuSvg}>
      <SiteHeader />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Before a path is chosen, nothing is outlined by the stepper: only the live state.
    await outlines(canvasElement, 'closed')
    await expect(stepped(canvasElement)).toEqual([])
    await userEvent.selectOptions(canvas.getByTestId('flow-stepper-path'), '1')
    await expect(canvas.getByTestId('flow-stepper-position')).toHaveTextContent('Start')
    await expect(canvas.getByTestId('flow-stepper-words')).toHaveTextContent('a visitor on the home page, on a 390 px phone')
    await waitFor(() => expect(stepped(canvasElement)).toEqual(['closed']))
    await userEvent.click(canvas.getByRole('button', { name: 'Next step' }))
    await expect(canvas.getByTestId('flow-stepper-position')).toHaveTextContent('Step 1 of 2')
    await expect(canvas.getByTestId('flow-stepper-words')).toHaveTextContent('the visitor taps the menu button')
    await expect(canvas.getByTestId('flow-stepper-sees')).toHaveTextContent('the menu is open: its links show, and the button closes it')
    await expect(canvas.getByTestId('flow-stepper-requirements')).toHaveTextContent('R3.10, R4.22')
    await waitFor(() => expect(stepped(canvasElement)).toEqual(['open']))
    await userEvent.click(canvas.getByRole('button', { name: 'Next step' }))
    await expect(canvas.getByTestId('flow-stepper-words')).toHaveTextContent('the visitor follows a link to the Premium page')
    await expect(canvas.getByTestId('flow-stepper-requirements')).toHaveTextContent('R3.10, R4.22, R2.13')
    await waitFor(() => expect(stepped(canvasElement)).toEqual(['closed']))
    await expect(canvas.getByRole('button', { name: 'Next step' })).toBeDisabled()
    // The live machine is untouched by the stepping.
    await expect(canvas.getByTestId('flow-state-value')).toHaveTextContent('closed')
  },
}
