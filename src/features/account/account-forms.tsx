import type { ReactNode } from 'react'
import type { Flash } from '#app/core/flash.ts'
import { formAction } from '#app/core/form-endpoints.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { FormError, FormField, MachineForm } from '#app/ui/form.tsx'
import { EMAIL_CODE_FORM, EMAIL_FORM, PASSWORD_FORM } from '#machines/account.ts'
import type { FormRef } from '#machines/form.ts'
import { CODE_RULES, EMAIL_RULES, PASSWORD_CONFIRM_RULES } from '#machines/rules/fields.ts'
import { NewPasswordField } from './new-password-field.tsx'

/** What a form of this card sent without JavaScript came back with: the backend's words. */
export function FlashLine({ flash, form }: { flash: Flash | null; form: string }) {
  if (flash?.form !== form) return null
  if (flash.error) return <FormError error={flash.error} />
  return flash.notice ? (
    <p className="notice" role="status">
      {flash.notice}
    </p>
  ) : null
}

/** A form's values and per-field messages when it came back from the server without JavaScript. */
function from(flash: Flash | null, form: string) {
  return flash?.form === form ? { initial: flash.values ?? {}, serverErrors: flash.errors ?? {} } : {}
}

/** What a card's form is given: its running machine, whether the account machine is busy, and what came back from the server. */
interface CardFormProps {
  busy: boolean
  form: FormRef | undefined
  flash: Flash | null
}

/** A form of the account's cards: sent to its own address in the page's language, and as it came back from the server without JavaScript. */
function AccountForm({ id, testId, form, busy, flash, children }: CardFormProps & { id: string; testId: string; children: ReactNode }) {
  return (
    <MachineForm id={id} form={form} action={formAction(id)} hidden={{ locale: getLocale() }} testId={testId} busy={busy} {...from(flash, id)}>
      {children}
    </MachineForm>
  )
}

export function EmailCard({
  busy,
  pending,
  adding,
  form,
  codeForm,
  flash,
  returnTo,
}: {
  busy: boolean
  pending: string | null
  adding: boolean
  form: FormRef | undefined
  codeForm: FormRef | undefined
  flash: Flash | null
  returnTo: string | null
}) {
  return (
    <section className="card" aria-labelledby="acc-email">
      <h2 id="acc-email">{adding ? m.acc_add_email_title() : m.acc_change_email_title()}</h2>
      {adding ? <p className="form-card__muted">{m.acc_add_email_text()}</p> : null}
      {returnTo ? (
        <p className="notice" data-testid="email-return">
          {m.acc_email_return_text()} <a href={returnTo}>{m.acc_email_return_link()}</a>
        </p>
      ) : null}
      <AccountForm id={EMAIL_FORM} form={form} busy={busy} flash={flash} testId="change-email">
        <FormField name="new-email" label={m.acc_new_email_label()} rules={EMAIL_RULES} type="email" autoComplete="email" />
        <FlashLine flash={flash} form={EMAIL_FORM} />
        <button type="submit" className="button button--ghost" disabled={busy}>
          {adding ? m.acc_add_email_submit() : m.acc_change_email_submit()}
        </button>
      </AccountForm>
      {pending ? (
        <AccountForm id={EMAIL_CODE_FORM} form={codeForm} busy={busy} flash={flash} testId="confirm-email-code">
          <p className="form-card__muted">{m.acc_email_code_text({ email: pending })}</p>
          <FormField name="code" label={m.acc_confirm_code_label()} rules={CODE_RULES} autoComplete="one-time-code" inputMode="numeric" />
          <FlashLine flash={flash} form={EMAIL_CODE_FORM} />
          <button type="submit" className="button button--ghost" disabled={busy}>
            {m.acc_email_code_submit()}
          </button>
        </AccountForm>
      ) : null}
    </section>
  )
}

export function PasswordCard({ busy, form, flash }: CardFormProps) {
  return (
    <section className="card" aria-labelledby="acc-password">
      <h2 id="acc-password">{m.acc_password_title()}</h2>
      <p className="form-card__muted">{m.acc_password_text()}</p>
      <FlashLine flash={flash} form={PASSWORD_FORM} />
      <AccountForm id={PASSWORD_FORM} form={form} busy={busy} flash={flash} testId="change-password">
        <NewPasswordField label={m.acc_password_label()} hint={m.acc_password_hint()} />
        <FormField name="password-confirm" label={m.acc_password_confirm_label()} rules={PASSWORD_CONFIRM_RULES} type="password" autoComplete="new-password" />
        <button type="submit" className="button button--ghost" disabled={busy}>
          {m.acc_password_submit()}
        </button>
      </AccountForm>
    </section>
  )
}
