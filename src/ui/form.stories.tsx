import type { Meta, StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { expect, userEvent, within } from 'storybook/test'
import { EMAIL_RULES } from '#machines/rules/fields.ts'
import { inLocale } from '#stories/support.tsx'
import { FormField, MachineForm } from './form.tsx'
import { siteForm } from './form-logic.ts'

const FORM_ID = 'story-email'

/** The field's label and hint in each language. */
const TEXTS = {
  en: { label: 'E-mail', hint: 'We send the code here.' },
  ru: { label: 'Эл. почта', hint: 'Сюда придёт код.' },
  de: { label: 'E-Mail', hint: 'Hierhin senden wir den Code.' },
}

/** R5: a field of a form run by the form machine: untouched, invalid after blur, valid; a submit checks every field. */
function EmailForm({ label, hint }: { label: string; hint?: string }) {
  const form = useActorRef(siteForm, { input: { id: FORM_ID, fields: [{ name: 'email', value: '', rules: EMAIL_RULES }] } })
  return (
    <MachineForm id={FORM_ID} form={form} action="#" className="form-card">
      <FormField name="email" label={label} rules={EMAIL_RULES} type="email" hint={hint} />
      <button type="submit" className="button" onClick={(e) => (e.preventDefault(), form.send({ type: 'form.submit' }))}>
        Send
      </button>
    </MachineForm>
  )
}

const meta = {
  title: 'Forms/Field',
  component: EmailForm,
  args: TEXTS.en,
} satisfies Meta<typeof EmailForm>
export default meta
type Story = StoryObj<typeof meta>

/** Types into the field and leaves it (the blur checks it); the field is returned. */
async function typeAndLeave(canvasElement: HTMLElement, text: string) {
  const input = await within(canvasElement).findByRole('textbox')
  await userEvent.type(input, text)
  await userEvent.tab()
  return input
}

export const Untouched: Story = {
  play: async ({ canvasElement }) => {
    const input = await within(canvasElement).findByRole('textbox')
    await expect(input).not.toHaveAttribute('aria-invalid')
    await expect(within(canvasElement).getByText(TEXTS.en.hint)).toBeVisible()
  },
}

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const input = await typeAndLeave(canvasElement, 'not-an-address')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(await within(canvasElement).findByRole('alert')).toBeVisible()
  },
}

export const Valid: Story = {
  play: async ({ canvasElement }) => {
    const input = await typeAndLeave(canvasElement, 'alex@example.com')
    await expect(input.closest('.field')).toHaveAttribute('data-state', 'passed')
    await expect(input).not.toHaveAttribute('aria-invalid')
  },
}

/** R5: a submit with an empty field shows its message and puts the focus on it. */
export const SubmittedEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Send' }))
    const input = canvas.getByRole('textbox')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveFocus()
  },
}

export const InvalidRussian: Story = inLocale('ru', { ...Invalid, args: TEXTS.ru })
export const InvalidGerman: Story = inLocale('de', { ...Invalid, args: TEXTS.de })

/**
 * Decision 063: a submit the page's starter script held before the form's machine ran (the
 * visitor sent the form while the page was still loading) is carried out by the machine once
 * the form is live: the empty field is checked as on a submit, and the held submit is taken.
 */
export const SentBeforeItWasLive: Story = {
  beforeEach: () => {
    window.__earlySubmit = FORM_ID
    return () => {
      delete window.__earlySubmit
    }
  },
  play: async ({ canvasElement }) => {
    const input = await within(canvasElement).findByRole('textbox')
    await expect(input.closest('form')).toHaveAttribute('data-live', 'true')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(within(canvasElement).getByRole('alert')).toBeVisible()
    await expect(window.__earlySubmit).toBeUndefined()
  },
}

/** A submit held for another form of the page is that form's: this one neither carries it out nor takes it. */
export const AnotherFormWasSent: Story = {
  beforeEach: () => {
    window.__earlySubmit = 'another-form'
    return () => {
      delete window.__earlySubmit
    }
  },
  play: async ({ canvasElement }) => {
    const input = await within(canvasElement).findByRole('textbox')
    await expect(input.closest('form')).toHaveAttribute('data-live', 'true')
    await expect(input).not.toHaveAttribute('aria-invalid')
    await expect(window.__earlySubmit).toBe('another-form')
  },
}
