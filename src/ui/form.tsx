/**
 * A form run by a form machine (R4, R5). It is a real `<form method="post">` to an endpoint of
 * the site, so it works before the page is interactive and without JavaScript; once the page is
 * interactive the form machine has it: each input and blur goes to its field, and a submit to
 * the form, which validates every field and hands the values to its owner.
 *
 * The inputs are uncontrolled: React never writes over what the visitor typed, before or after
 * hydration. The machine reads what was typed before it started (`valuesTypedBefore`), and a
 * value the machine changes itself (a cleared password) is written back to the input.
 */
import { useSelector } from '@xstate/react'
import { createContext, type InputHTMLAttributes, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react'
import { LocaleActor } from '#app/core/locale-provider.tsx'
import { onValidationMessagesChange, validationMessages } from '#app/core/validation-messages.ts'
import { type FieldFailure, fieldFlags } from '#machines/field.ts'
import type { FormFieldRef, FormRef } from '#machines/form.ts'
import { formatFailure, inputConstraints, type Rule } from '#machines/rules/validation.ts'
import { pasteTrimmed } from './paste-trimmed.ts'

interface FormScope {
  id: string
  form: FormRef | undefined
  /** The values the server rendered (what a form sent without JavaScript came back with). */
  initial: Readonly<Record<string, string>>
  /** Per-field messages the server rendered, for a form sent without JavaScript. */
  serverErrors: Readonly<Record<string, string>>
}

const Scope = createContext<FormScope | null>(null)

export interface MachineFormProps {
  /** The form machine's id (`sign-in-email`): also `data-form`, which the page's starter script names a held submit by. */
  id: string
  /** The form's machine: it may exist in the server's render too, where it never runs. */
  form: FormRef | undefined
  /** The endpoint that takes the form without JavaScript. */
  action: string
  /** `get` for a form that only leads to another address (the join code). */
  method?: 'post' | 'get'
  initial?: Readonly<Record<string, string>>
  serverErrors?: Readonly<Record<string, string>>
  /** Hidden fields the endpoint needs (the language, the way back). */
  hidden?: Readonly<Record<string, string>>
  className?: string
  testId?: string
  busy?: boolean
  children: ReactNode
}

export function MachineForm({
  id,
  form,
  action,
  method = 'post',
  initial = {},
  serverErrors = {},
  hidden = {},
  className,
  testId,
  busy = false,
  children,
}: MachineFormProps) {
  const element = useRef<HTMLFormElement>(null)
  const busyNow = useRef(busy)
  busyNow.current = busy
  // The form's machine runs once the page has committed it: from then on the page's starter
  // script lets this form's submits through, and a submit it held before is the machine's now
  // (decision 063). Never in the server's markup: a form marked live before its machine runs
  // would be posted to the server instead of held.
  useEffect(() => {
    const node = element.current
    if (!form || !node) return
    node.setAttribute('data-live', 'true')
    const held = takeHeldSubmit(id)
    if (held === 'none') return
    // The starter marked the held form busy; the machine says from now on whether it is.
    if (!busyNow.current) node.removeAttribute('aria-busy')
    if (held === 'held') form.send({ type: 'form.submit' })
  }, [form, id])
  return (
    <Scope.Provider value={{ id, form, initial, serverErrors }}>
      <form
        ref={element}
        method={method}
        action={action}
        noValidate
        data-form={id}
        className={className}
        data-testid={testId}
        aria-busy={busy || undefined}
        onSubmit={(e) => {
          // Until the form is live, the page's starter script holds the submit (decision 063).
          if (!form || !e.currentTarget.hasAttribute('data-live')) return
          e.preventDefault()
          form.send({ type: 'form.submit' })
        }}
      >
        {method === 'post' ? <input type="hidden" name="_form" value={id} /> : null}
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
      </form>
    </Scope.Provider>
  )
}

/** Fields (`form:name`) whose machine started with what the visitor had typed: the field adopts them as typed. */
const readAsTyped = new Set<string>()

/** The value of each named field as the visitor typed it before the page was interactive (browser only). */
export function valuesTypedBefore(formId: string, names: readonly string[]): Record<string, string> {
  if (typeof document === 'undefined') return {}
  const out: Record<string, string> = {}
  for (const name of names) {
    const input = document.querySelector<HTMLInputElement>(`form[data-form="${formId}"] [name="${name}"]`)
    if (input && input.value !== '') {
      out[name] = input.value
      readAsTyped.add(`${formId}:${name}`)
    }
  }
  return out
}

declare global {
  interface Window {
    /** The form the visitor sent before the page was interactive, held by the starter script (decision 063). */
    __earlySubmit?: string
  }
}

/** Forms whose machine started with the held submit (`submitOnStart`): it is carried out once, by the machine. */
const startedWithSubmit = new Set<string>()

/**
 * Whether the visitor sent this form before the page was interactive (browser only), for a
 * machine that starts with the submit; the form takes the held submit once it is live.
 */
export function wasSentBefore(formId: string): boolean {
  if (typeof window === 'undefined' || window.__earlySubmit !== formId) return false
  startedWithSubmit.add(formId)
  return true
}

/**
 * Takes the submit the starter script held for this form: `none` when there is none, `started`
 * when the form's machine started with it, `held` when the machine has yet to carry it out.
 */
function takeHeldSubmit(formId: string): 'none' | 'started' | 'held' {
  const started = startedWithSubmit.delete(formId)
  if (window.__earlySubmit !== formId) return 'none'
  delete window.__earlySubmit
  return started ? 'started' : 'held'
}

/**
 * For a page whose machine may have gone past a form before it is shown: a submit held for that
 * form is dropped once the page has started, so it is never carried out later.
 */
export function useTakeEarlySubmit(formId: string): void {
  useEffect(() => {
    startedWithSubmit.delete(formId)
    if (window.__earlySubmit === formId) delete window.__earlySubmit
  }, [formId])
}

/** The form machine's field actor, once it runs (a form's fields never change). */
function useFieldRef(name: string): FormFieldRef | undefined {
  const scope = useContext(Scope)
  return scope?.form?.getSnapshot().context.fields[name]
}

/** The validation messages in the page's language; the locale machine loads them when a form asks. */
function useValidationMessages(): Record<string, string> {
  const [, rerender] = useState(0)
  useEffect(() => onValidationMessagesChange(() => rerender((n) => n + 1)), [])
  const locale = LocaleActor.useActorRef()
  useEffect(() => locale.send({ type: 'validation.need' }), [locale])
  return validationMessages()
}

const IDLE_FLAGS = { touched: false, dirty: false, validated: false, pending: false, valid: false, changed: false, passed: false, failed: false }

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'> {
  name: string
  label: string
  rules: readonly Rule[]
  hint?: string
}

/** A labelled input with its validation message and its state as data attributes (R4, R5). */
export function FormField({ name, label, rules, hint, type = 'text', ...rest }: FormFieldProps) {
  const scope = useContext(Scope)
  const field = useFieldRef(name)
  const id = useId()
  const messages = useValidationMessages()
  const input = useRef<HTMLInputElement>(null)
  const state = useSelector(field ?? NO_FIELD, (s) =>
    s ? { value: s.context.value, failure: s.context.failure as FieldFailure | null, flags: fieldFlags(s) } : null,
  )
  const flags = state?.flags ?? IDLE_FLAGS
  // What the visitor typed before the input listened is theirs: typed after the machine read the
  // form, the machine takes it, once, as typed input; typed before, the machine started with it.
  // Either way a field the visitor has already left is validated as on leaving it. After that, a
  // value the machine set itself (a cleared password) is written back to the input.
  const adopted = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the machine's value changes; the input and scope are read as they are then
  useEffect(() => {
    if (!state || !input.current) return
    if (!adopted.current) {
      adopted.current = true
      const typedAfterStart = input.current.value !== '' && input.current.value !== state.value
      const typedBeforeStart = scope !== null && readAsTyped.delete(`${scope.id}:${name}`) && input.current.value === state.value
      if (typedAfterStart || typedBeforeStart) {
        if (typedAfterStart) scope?.form?.send({ type: 'form.input', name, value: input.current.value })
        if (document.activeElement !== input.current) scope?.form?.send({ type: 'form.blur', name })
        return
      }
    }
    if (input.current.value !== state.value) input.current.value = state.value
  }, [state?.value])
  const message = state?.failure && flags.failed ? formatFailure(state.failure, label, messages) : (scope?.serverErrors[name] ?? null)
  const constraints = inputConstraints(rules, { type })
  const errorId = `${id}-error`
  return (
    <div
      className="field"
      data-touched={flags.touched}
      data-dirty={flags.dirty}
      data-validated={flags.validated}
      data-pending={flags.pending}
      data-valid={flags.valid}
      data-changed={flags.changed}
      data-state={flags.passed ? 'passed' : flags.failed || message ? 'failed' : 'idle'}
    >
      <label htmlFor={id}>{label}</label>
      <input
        {...rest}
        ref={input}
        id={id}
        name={name}
        type={type}
        defaultValue={type === 'password' ? undefined : scope?.initial[name]}
        required={constraints.required}
        multiple={constraints.multiple}
        minLength={constraints.minLength}
        maxLength={constraints.maxLength}
        min={constraints.min}
        max={constraints.max}
        pattern={constraints.pattern}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        onChange={(e) => scope?.form?.send({ type: 'form.input', name, value: e.target.value })}
        onPaste={pasteTrimmed}
        onBlur={() => scope?.form?.send({ type: 'form.blur', name })}
      />
      {hint && !message ? <p className="field__hint">{hint}</p> : null}
      {message ? (
        <p className="field__error" id={errorId} role="alert">
          {message}
        </p>
      ) : null}
    </div>
  )
}

/** `useSelector` needs an actor; before the field runs there is none, and nothing to select. */
const NO_FIELD = {
  getSnapshot: () => undefined,
  subscribe: () => ({ unsubscribe: () => {} }),
} as unknown as FormFieldRef

/** A form's error as the backend or the machine worded it, announced at once (R8); nothing without one. */
export function FormError({ error }: { error: string | null | undefined }) {
  return error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null
}

/** The form's submit button: disabled and marked busy while the form is sent. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button" disabled={busy} aria-busy={busy}>
      {children}
    </button>
  )
}
