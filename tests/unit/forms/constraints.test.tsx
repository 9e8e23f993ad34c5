import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { localeMachine } from '#machines/locale'
import { LocaleActor } from '~/components/locale-provider'
import { TextField } from '~/components/forms/text-field'
import { useField, type FieldOptions } from '~/components/forms/use-form'
import { inputConstraints, rulesFromConstraints, validate, type Rule } from '~/lib/forms/rules'

/** The fields the site's forms declare (the rules they add beyond the HTML constraints included). */
const FIELDS: Record<string, FieldOptions> = {
  'sign-in e-mail': { name: 'email', label: 'E-mail', type: 'email', required: true, maxLength: 254 },
  'sign-in code': { name: 'code', label: 'Code', required: true, rules: [{ rule: 'numeric' }, { rule: 'length', length: 6 }] },
  'new password': { name: 'password', label: 'Password', type: 'password', required: true, minLength: 8, maxLength: 128 },
  'invitation code': { name: 'code', label: 'Invitation code', required: true, pattern: '[A-Za-z0-9_\\-]+', maxLength: 64 },
  'a quantity': { name: 'quantity', label: 'Quantity', type: 'number', min: 1, max: 10 },
  'e-mail list': { name: 'to', label: 'To', type: 'email', multiple: true },
}
const rulesOf = (f: FieldOptions): Rule[] => [...rulesFromConstraints(f), ...(f.rules ?? [])]

describe('spec 5: the HTML constraints a field carries are those of its rules', () => {
  it('every constraint the rule set uses', () => {
    expect(inputConstraints(rulesOf(FIELDS['sign-in e-mail']!), FIELDS['sign-in e-mail'])).toEqual({ required: true, maxLength: 254 })
    expect(inputConstraints(rulesOf(FIELDS['sign-in code']!), FIELDS['sign-in code'])).toEqual({
      required: true,
      minLength: 6,
      maxLength: 6,
      pattern: '[0-9\\u0660-\\u0669\\u06F0-\\u06F9]+',
    })
    expect(inputConstraints(rulesOf(FIELDS['new password']!), FIELDS['new password'])).toEqual({ required: true, minLength: 8, maxLength: 128 })
    expect(inputConstraints(rulesOf(FIELDS['invitation code']!), FIELDS['invitation code'])).toEqual({
      required: true,
      maxLength: 64,
      pattern: '[A-Za-z0-9_\\-]+',
    })
    expect(inputConstraints(rulesOf(FIELDS['a quantity']!), FIELDS['a quantity'])).toEqual({ min: 1, max: 10 })
    expect(inputConstraints(rulesOf(FIELDS['e-mail list']!), FIELDS['e-mail list'])).toEqual({ multiple: true })
  })
  it('the tightest bound wins; what the browser cannot say is left to the validator', () => {
    const rules: Rule[] = [
      { rule: 'min', length: 4 },
      { rule: 'length', length: 6 },
      { rule: 'max', length: 10 },
      { rule: 'confirmed', other: () => 'x' },
      { rule: 'regex', pattern: /abc/ },
    ]
    expect(inputConstraints(rules)).toEqual({ minLength: 6, maxLength: 6 })
    // min and max values only mean something on a number field; `multiple` only on an e-mail field.
    expect(inputConstraints([{ rule: 'min_value', min: 1 }, { rule: 'email', multiple: true }], { type: 'text' })).toEqual({})
    expect(inputConstraints([{ rule: 'min_value', min: 1 }, { rule: 'min_value', min: 3 }, { rule: 'max_value', max: 9 }], { type: 'number' })).toEqual({ min: 3, max: 9 })
  })
  it.each(Object.entries(FIELDS))('%s: what the attributes allow, the validator allows', (_name, field) => {
    // Spec 5: rules may come from HTML constraint attributes; read back from the attributes, they
    // must judge every value as the field's own rule set does.
    const fromAttributes = rulesFromConstraints({ ...inputConstraints(rulesOf(field), field), type: field.type })
    const values = ['', ' ', 'ann@example.com', 'a@example.com, b@example.org', 'not-an-address', '493021', '١٢٣٤٥٦', '49302', '4930211', '12a456',
      'correct horse', 'short', 'FRIEND2024', 'friend 2024', 'x'.repeat(65), 'x'.repeat(255), '0', '1', '10', '11', '5.5']
    for (const value of values) {
      expect(validate(value, fromAttributes) === null, `${JSON.stringify(value)}`).toBe(validate(value, rulesOf(field)) === null)
    }
  })
})

describe('spec 5: use-form passes the constraints to the <input>', () => {
  function Field(props: FieldOptions) {
    return <TextField field={useField(props)} />
  }
  const render = (field: FieldOptions) =>
    renderToStaticMarkup(
      <LocaleActor.Provider logic={localeMachine} options={{ input: { urlLocale: 'en', messageSet: 'original' } }}>
        <Field {...field} />
      </LocaleActor.Provider>,
    )
  const input = (html: string) => /<input [^>]*>/.exec(html)?.[0] ?? ''

  it('min and max on a number field', () => {
    const tag = input(render(FIELDS['a quantity']!))
    expect(tag).toContain('type="number"')
    expect(tag).toContain('min="1"')
    expect(tag).toContain('max="10"')
    expect(tag).not.toContain('required')
  })
  it('multiple on an e-mail list', () => {
    const tag = input(render(FIELDS['e-mail list']!))
    expect(tag).toContain('type="email"')
    expect(tag).toMatch(/ multiple(="")?[ />]/)
  })
  it('required, the exact length and the digits of a code', () => {
    const tag = input(render(FIELDS['sign-in code']!))
    expect(tag).toMatch(/ required(="")?[ />]/)
    expect(tag).toContain('minLength="6"')
    expect(tag).toContain('maxLength="6"')
    expect(tag).toContain('pattern="[0-9\\u0660-\\u0669\\u06F0-\\u06F9]+"')
  })
  it('a pattern and a maximum length given as constraints', () => {
    const tag = input(render(FIELDS['invitation code']!))
    expect(tag).toContain('pattern="[A-Za-z0-9_\\-]+"')
    expect(tag).toContain('maxLength="64"')
  })
})
