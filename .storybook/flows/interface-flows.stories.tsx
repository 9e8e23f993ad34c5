/**
 * The flow pages of the interface's machines (locale, deadline, menu, modal, lightbox, field,
 * form, consent): one page per machine, its diagram from docs/flows beside the components that drive it,
 * with the live state outlined as you click through the component. The visitor's account and
 * payment machines: account-flows.stories.tsx.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { Countdown } from '#app/features/marketing/countdown.tsx'
import { m } from '#app/paraglide/messages.js'
import { ConsentBanner, CookieSettingsLink } from '#app/site/consent.tsx'
import { LANGUAGE_NAMES, LanguageSwitcher } from '#app/site/language-switcher.tsx'
import { SiteHeader } from '#app/site/site-header.tsx'
import { FormField, MachineForm } from '#app/ui/form.tsx'
import { siteForm } from '#app/ui/form-logic.ts'
import { PremiumGallery } from '#app/ui/gallery.tsx'
import { ModalActor } from '#app/ui/ui-actors.tsx'
import { DEADLINE_STORAGE_KEY, deadlineToStorage } from '#machines/rules/deadline.ts'
import { EMAIL_RULES } from '#machines/rules/fields.ts'
import { expectVisible } from '#stories/play.ts'
import type { SiteParameters } from '#stories/site.tsx'
import { PHONE_GLOBALS } from '#stories/viewports.ts'
import consentSvg from '../../docs/flows/consent.svg?raw'
import deadlineSvg from '../../docs/flows/deadline.svg?raw'
import fieldSvg from '../../docs/flows/field.svg?raw'
import formSvg from '../../docs/flows/form.svg?raw'
import lightboxSvg from '../../docs/flows/lightbox.svg?raw'
import localeSvg from '../../docs/flows/locale.svg?raw'
import menuSvg from '../../docs/flows/menu.svg?raw'
import modalSvg from '../../docs/flows/modal.svg?raw'
import { outlines, passedThrough } from './flow-play.ts'
import { FlowView } from './flow-view.tsx'

// No JSDoc comment right above the meta: Storybook would take it for the docs description (the
// file's description stands at its top).
const meta = {
  title: 'Flows/Interface and forms',
  parameters: { layout: 'fullscreen' },
} satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

/** A form of one e-mail field, run by the site's form machine (its field is a child actor). */
function EmailField() {
  const form = useActorRef(siteForm, { inspect: useMachineInspect(), input: { id: 'flow-email', fields: [{ name: 'email', value: '', rules: EMAIL_RULES }] } })
  return (
    <MachineForm id="flow-email" form={form} action="#" className="form-card">
      <FormField name="email" label={m.acc_email_label()} rules={EMAIL_RULES} type="email" hint={m.acc_email_hint()} />
      <button type="submit" className="button" onClick={(e) => (e.preventDefault(), form.send({ type: 'form.submit' }))}>
        {m.acc_send_code()}
      </button>
    </MachineForm>
  )
}

/** A form on the page asks for the validation messages; the switcher loads another language. */
function LocaleDemo() {
  const [form, setForm] = useState(false)
  return (
    <div>
      <LanguageSwitcher />
      {form ? (
        <EmailField />
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setForm(true)}>
          Show a form
        </button>
      )}
    </div>
  )
}

/** Ready; a form asks for the validation messages (loading them, ready again); another language is loaded and shown. */
export const Locale: Story = {
  render: () => (
    <FlowView machineId="locale" name="locale" svg={localeSvg}>
      <LocaleDemo />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'ready')
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show a form' }))
    await passedThrough(canvasElement, 'ready', 'loading.validation', 'ready')
    await outlines(canvasElement, 'ready')
    await userEvent.click(within(canvasElement).getByRole('link', { name: LANGUAGE_NAMES.de }))
    // The frame is rendered anew in German, as the site loads the German page; its machine is ready.
    await waitFor(() => expect(document.documentElement.lang).toBe('de'))
    await expect(await within(canvasElement).findByRole('link', { name: LANGUAGE_NAMES.de })).toHaveAttribute('aria-current', 'true')
    await outlines(canvasElement, 'ready')
  },
}

const realNow = Date.now.bind(Date)
let clockOffset = 0

/** Idle until hydrated, running with a stored deadline, finished once the clock passes it. */
export const Deadline: Story = {
  beforeEach: () => {
    clockOffset = 0
    Date.now = () => realNow() + clockOffset
    window.localStorage.setItem(DEADLINE_STORAGE_KEY, deadlineToStorage(realNow() + 3600_000 + 60_000))
    return () => {
      Date.now = realNow
    }
  },
  render: () => (
    <FlowView machineId="deadline" name="deadline" svg={deadlineSvg}>
      <Countdown />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'running')
    clockOffset = 2 * 3600_000
    await outlines(canvasElement, 'finished')
    await passedThrough(canvasElement, 'running', 'finished')
    await expect(within(canvasElement).getByTestId('countdown')).toHaveAttribute('data-state', 'finished')
  },
}

/** The phone menu: closed, opened by its button, closed by it, opened again and closed with Escape. */
export const Menu: Story = {
  tags: ['mobile'],
  globals: PHONE_GLOBALS,
  render: () => (
    <FlowView machineId="menu" name="menu" svg={menuSvg}>
      <SiteHeader />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    const toggle = await within(canvasElement).findByTestId('menu-toggle')
    await expect(toggle).toBeVisible()
    await outlines(canvasElement, 'closed')
    await userEvent.click(toggle)
    await outlines(canvasElement, 'open')
    await userEvent.click(toggle)
    await outlines(canvasElement, 'closed')
    await userEvent.click(toggle)
    await outlines(canvasElement, 'open')
    await userEvent.keyboard('{Escape}')
    await outlines(canvasElement, 'closed')
    await passedThrough(canvasElement, 'closed', 'open', 'closed', 'open', 'closed')
    await expect(toggle).toHaveFocus()
  },
}

function ModalButton() {
  const modal = ModalActor.useActorRef()
  return (
    <button type="button" className="button" onClick={() => modal.send({ type: 'modal.open', content: { dialog: 'account.reset' } })}>
      Open the modal
    </button>
  )
}

/** Hidden, standard (opened), hidden again with Escape. */
export const Modal: Story = {
  render: () => (
    <FlowView machineId="modal" name="modal" svg={modalSvg}>
      <ModalButton />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'hidden')
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Open the modal' }))
    await outlines(canvasElement, 'standard')
    await expectVisible(within(document.body).findByRole('dialog'))
    await userEvent.keyboard('{Escape}')
    await outlines(canvasElement, 'hidden')
    await passedThrough(canvasElement, 'hidden', 'standard', 'hidden')
  },
}

/** Closed, opened by a thumbnail, closed by its button. */
export const Lightbox: Story = {
  render: () => (
    <FlowView machineId="lightbox" name="lightbox" svg={lightboxSvg}>
      <PremiumGallery />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'closed')
    const thumbnails = await within(canvasElement).findAllByRole('button')
    await userEvent.click(thumbnails.find((b) => b.getAttribute('aria-label')?.length) ?? thumbnails[0]!)
    await outlines(canvasElement, 'open')
    await userEvent.click(await within(document.body).findByRole('button', { name: m.gallery_close() }))
    await outlines(canvasElement, 'closed')
    await passedThrough(canvasElement, 'closed', 'open', 'closed')
  },
}

/** Untouched and pristine; typed and left with an invalid address (failed); corrected (passed). */
export const Field: Story = {
  render: () => (
    <FlowView machineId="field" name="field" svg={fieldSvg}>
      <EmailField />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'touch', 'touch__untouched', 'edit', 'edit__pristine', 'validation', 'validation__idle')
    const input = await within(canvasElement).findByRole('textbox')
    await userEvent.type(input, 'alex@')
    await userEvent.tab()
    await outlines(canvasElement, 'touch', 'touch__touched', 'edit', 'edit__dirty', 'validation', 'validation__failed')
    await userEvent.type(input, 'example.com')
    await outlines(canvasElement, 'touch', 'touch__touched', 'edit', 'edit__dirty', 'validation', 'validation__passed')
    await expect(input).not.toHaveAttribute('aria-invalid')
  },
}

/** Editing; a submit with a bad address validates every field and goes back to editing (the focus on the field); a good one is submitted. */
export const Form: Story = {
  render: () => (
    <FlowView machineId="form" name="form" svg={formSvg}>
      <EmailField />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'editing')
    const canvas = within(canvasElement)
    const input = await canvas.findByRole('textbox')
    await userEvent.type(input, 'alex@')
    await userEvent.click(canvas.getByRole('button', { name: m.acc_send_code() }))
    await waitFor(() => expect(input).toHaveFocus())
    await outlines(canvasElement, 'editing')
    await passedThrough(canvasElement, 'editing', 'validating', 'editing')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
  },
}

/**
 * R9.23–R9.25, the cookie banner of a first visit: asking (its summary, then its settings), a
 * choice saved (decided), reopened by "Cookie settings" at its settings, and closed keeping the
 * choice.
 */
export const Consent: Story = {
  parameters: { site: { consent: { stored: null } } satisfies SiteParameters },
  render: () => (
    <FlowView machineId="consent" name="consent" svg={consentSvg}>
      <ConsentBanner />
      <p>
        <CookieSettingsLink testId="flow-cookie-settings" />
      </p>
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await outlines(canvasElement, 'asking', 'asking__summary')
    await userEvent.click(await canvas.findByText(m.consent_settings(), { selector: 'summary' }))
    await outlines(canvasElement, 'asking', 'asking__settings')
    await userEvent.click(canvas.getByTestId('consent-analytics'))
    await userEvent.click(canvas.getByTestId('consent-save'))
    await outlines(canvasElement, 'decided')
    await userEvent.click(canvas.getByTestId('flow-cookie-settings'))
    await outlines(canvasElement, 'asking', 'asking__settings')
    await expect(canvas.getByTestId('consent-analytics')).toBeChecked()
    await userEvent.click(canvas.getByTestId('consent-close'))
    await outlines(canvasElement, 'decided')
    await passedThrough(canvasElement, 'asking.summary', 'asking.settings', 'decided', 'asking.settings', 'decided')
  },
}
