import { FormField } from '#app/ui/form.tsx'
import { PASSWORD_RULES } from '#machines/rules/fields.ts'

/** The field where a visitor sets a new password (the launcher's), with the password rules. */
export function NewPasswordField({ label, hint }: { label: string; hint: string }) {
  return <FormField name="password" label={label} rules={PASSWORD_RULES} type="password" autoComplete="new-password" hint={hint} />
}
