/**
 * Validation messages per language (R4, R5): static files in public/locales/validation,
 * loaded by the locale machine and kept here; English is built in as the last fallback.
 */
import { type } from 'arktype'
import { ValidationMessages } from '#machines/rules/validation.ts'

/** R3: the translation locales that have validation files. */
export const VALIDATION_LOCALES = ['en', 'ru', 'de', 'lv', 'az', 'kk', 'uk', 'pl', 'pt', 'cs', 'vi', 'tr', 'es'] as const

export const ENGLISH: Record<string, string> = {
  default: '{_field_} is not valid.',
  required: '{_field_} is required.',
  email: '{_field_} must be a valid e-mail address.',
  min: '{_field_} must be at least {length} characters.',
  max: '{_field_} may not be longer than {length} characters.',
  length: '{_field_} must be exactly {length} characters.',
  numeric: '{_field_} may only contain digits.',
  regex: '{_field_} has an invalid format.',
  min_value: '{_field_} must be {min} or more.',
  max_value: '{_field_} must be {max} or less.',
  confirmed: '{_field_} does not match.',
}

let active: Record<string, string> = ENGLISH
const listeners = new Set<() => void>()

export function validationMessages(): Record<string, string> {
  return active
}
export function installValidationMessages(messages: Record<string, string>): void {
  active = messages
  for (const l of listeners) l()
}
export function onValidationMessagesChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Fetches and checks a validation file; throws when it is missing or malformed. */
export async function fetchValidationMessages(locale: string, fetchImpl: typeof fetch = fetch): Promise<Record<string, string>> {
  if (!(VALIDATION_LOCALES as readonly string[]).includes(locale)) throw new Error(`No validation messages for "${locale}"`)
  const response = await fetchImpl(`/locales/validation/${locale}.json`)
  if (!response.ok) throw new Error(`Validation messages for "${locale}" answered ${response.status}`)
  const parsed = ValidationMessages(await response.json())
  if (parsed instanceof type.errors) throw new Error(`Validation messages for "${locale}": ${parsed.summary}`)
  return parsed.messages as Record<string, string>
}
