/**
 * R5: form validation rules, held by arktype. A rule is plain data (a form machine's input
 * holds its fields' rules); each answers null when it passes, or a failure naming its message
 * key and parameters. `validate` stops at the first failed rule and skips empty optional fields;
 * messages come from the per-language validation files. The site loads this module with the
 * first form that validates (decision 024): machines name the rules, they do not import them.
 */
import { type } from 'arktype'
import { DIGIT_CLASS } from './digits.ts'

export type RuleName = 'required' | 'email' | 'min' | 'max' | 'length' | 'numeric' | 'regex' | 'min_value' | 'max_value' | 'confirmed'

export interface Failure {
  rule: RuleName | 'default' | (string & {})
  params: Record<string, string | number>
}

export type Rule =
  | { rule: 'required'; allowFalse?: boolean }
  | { rule: 'email'; multiple?: boolean }
  | { rule: 'min' | 'max' | 'length'; length: number }
  | { rule: 'numeric' }
  /** The whole value matches `pattern` (a regular expression's source, Unicode mode). */
  | { rule: 'regex'; pattern: string }
  | { rule: 'min_value'; min: number }
  | { rule: 'max_value'; max: number }
  /** The value equals the form's field named `other`. */
  | { rule: 'confirmed'; other: string }

const EmailAddress = type('string.email')
/** Latin or Arabic-Indic (and Eastern Arabic-Indic) digits only (a class of BMP characters: no Unicode mode needed). */
const Digits = type(new RegExp(`^${DIGIT_CLASS}+$`))

/** R5: required rejects null, undefined, empty arrays and blank strings; false passes by default. */
export function isEmpty(value: unknown, allowFalse = true): boolean {
  if (value === null || value === undefined) return true
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'string') return value.trim() === ''
  if (value === false) return !allowFalse
  return false
}

function each(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value]
}

/** The pattern as HTML applies it: to the whole value, in Unicode mode. */
function wholeMatch(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, 'u')
}

function passes(rule: Rule, value: unknown, values: Readonly<Record<string, unknown>>): boolean {
  switch (rule.rule) {
    case 'required':
      // Not said: false is allowed (isEmpty's default).
      return !isEmpty(value, rule.allowFalse)
    case 'email': {
      const list = typeof value === 'string' && rule.multiple ? value.split(',').map((s) => s.trim()) : each(value)
      // Only a string can be an address (the schema says so).
      return list.length > 0 && list.every((v) => !(EmailAddress(v) instanceof type.errors))
    }
    case 'min':
      return each(value).every((v) => String(v ?? '').length >= rule.length)
    case 'max':
      return each(value).every((v) => String(v ?? '').length <= rule.length)
    case 'length':
      return each(value).every((v) => String(v ?? '').length === rule.length)
    case 'numeric':
      return each(value).every((v) => !(Digits(String(v)) instanceof type.errors))
    case 'regex':
      return each(value).every((v) => wholeMatch(rule.pattern).test(String(v)))
    case 'min_value':
    case 'max_value': {
      // As an HTML number field: a finite number (spaces around it allowed), never NaN or Infinity.
      const n = Number(String(value))
      if (!Number.isFinite(n)) return false
      return rule.rule === 'min_value' ? n >= rule.min : n <= rule.max
    }
    case 'confirmed':
      return value === values[rule.other]
  }
}

function paramsOf(rule: Rule): Record<string, string | number> {
  switch (rule.rule) {
    case 'min':
    case 'max':
    case 'length':
      return { length: rule.length }
    case 'min_value':
      return { min: rule.min }
    case 'max_value':
      return { max: rule.max }
    default:
      return {}
  }
}

/** R5 defaults: stop at the first failed rule; skip empty optional fields. */
export function validate(value: unknown, rules: readonly Rule[], values: Readonly<Record<string, unknown>> = {}): Failure | null {
  const required = rules.some((r) => r.rule === 'required')
  if (!required && isEmpty(value)) return null
  for (const rule of rules) {
    if (!passes(rule, value, values)) return { rule: rule.rule, params: paramsOf(rule) }
  }
  return null
}

/** R5: rules may come from HTML constraint attributes. */
export interface Constraints {
  required?: boolean
  type?: string
  multiple?: boolean
  pattern?: string
  minLength?: number
  maxLength?: number
  min?: number | string
  max?: number | string
}

export function rulesFromConstraints(c: Constraints): Rule[] {
  const rules: Rule[] = []
  if (c.required) rules.push({ rule: 'required' })
  if (c.type === 'email') rules.push({ rule: 'email', multiple: c.multiple ?? false })
  if (c.pattern) rules.push({ rule: 'regex', pattern: c.pattern })
  // -1 is the DOM's "not set".
  const minLength = c.minLength ?? -1
  const maxLength = c.maxLength ?? -1
  if (minLength >= 0) rules.push({ rule: 'min', length: minLength })
  if (maxLength >= 0) rules.push({ rule: 'max', length: maxLength })
  if (c.type === 'number') {
    if (c.min !== undefined && c.min !== '') rules.push({ rule: 'min_value', min: Number(c.min) })
    if (c.max !== undefined && c.max !== '') rules.push({ rule: 'max_value', max: Number(c.max) })
  }
  return rules
}

/** The constraint attributes of an `<input>` (React's names). */
export interface InputConstraints {
  required?: boolean
  multiple?: boolean
  pattern?: string
  minLength?: number
  maxLength?: number
  min?: number
  max?: number
}

/**
 * R5: the HTML constraint attributes that say what a field's rules say, so the browser (its
 * `:invalid` state, `maxlength` typing limit, number steppers, e-mail list handling) and the
 * validator agree. Every rule with an HTML counterpart is given: required; `multiple` for an
 * e-mail list; min, max and exact length (the tightest bound wins); min and max values on a
 * number field; the numeric digits as a pattern; a pattern rule or constraint. The rule the
 * browser cannot express (confirmed) is left to the validator.
 */
export function inputConstraints(rules: readonly Rule[], c: Pick<Constraints, 'type' | 'pattern'> = {}): InputConstraints {
  const out: InputConstraints = {}
  const tighter = (key: 'minLength' | 'maxLength', value: number) => {
    const current = out[key]
    out[key] = current === undefined ? value : key === 'minLength' ? Math.max(current, value) : Math.min(current, value)
  }
  for (const rule of rules) {
    switch (rule.rule) {
      case 'required':
        out.required = true
        break
      case 'email':
        if (rule.multiple && c.type === 'email') out.multiple = true
        break
      case 'min':
        tighter('minLength', rule.length)
        break
      case 'max':
        tighter('maxLength', rule.length)
        break
      case 'length':
        tighter('minLength', rule.length)
        tighter('maxLength', rule.length)
        break
      case 'min_value':
        if (c.type === 'number') out.min = out.min === undefined ? rule.min : Math.max(out.min, rule.min)
        break
      case 'max_value':
        if (c.type === 'number') out.max = out.max === undefined ? rule.max : Math.min(out.max, rule.max)
        break
      case 'numeric':
        if (c.pattern === undefined && c.type !== 'number') out.pattern = `${DIGIT_CLASS}+`
        break
      case 'regex':
        out.pattern = rule.pattern
        break
      // confirmed: the browser cannot express it.
    }
  }
  if (c.pattern) out.pattern = c.pattern
  return out
}

/** A validation-message file: `{ code, messages: { default, required, … } }`. */
export const ValidationMessages = type({
  code: 'string',
  messages: type({ default: 'string' }).and(type({ '[string]': 'string' })),
})
export type ValidationMessages = typeof ValidationMessages.infer

/** R5: the message of a failure, with `{_field_}` and the rule's parameters filled in. */
export function formatFailure(failure: Failure, field: string, messages: Record<string, string>): string {
  const template = messages[failure.rule] ?? messages.default ?? '{_field_} is not valid.'
  const params: Record<string, string | number> = { _field_: field, ...failure.params }
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
}
