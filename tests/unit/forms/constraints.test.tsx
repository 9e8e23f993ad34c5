import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LocaleActor } from '#app/core/locale-provider.tsx'
import { FormField, MachineForm } from '#app/ui/form.tsx'
import { localeMachine } from '#machines/locale.ts'
import { CODE_RULES, EMAIL_RULES, PASSWORD_RULES, REFERRAL_CODE_RULES } from '#machines/rules/fields.ts'
import { inputConstraints, type Rule, rulesFromConstraints, validate } from '#machines/rules/validation.ts'

/** The fields the site's forms declare (R5 rules, as data), and two kinds the rules allow. */
const FIELDS: Record<string, { rules: readonly Rule[]; type?: string }> = {
  'sign-in e-mail': { rules: EMAIL_RULES, type: 'email' },
  'sign-in code': { rules: CODE_RULES },
  'new password': { rules: PASSWORD_RULES, type: 'password' },
  'invitation code': { rules: REFERRAL_CODE_RULES },
  'a quantity': { rules: rulesFromConstraints({ type: 'number', min: 1, max: 10 }), type: 'number' },
  'e-mail list': { rules: rulesFromConstraints({ type: 'email', multiple: true }), type: 'email' },
}

describe('R5: the HTML constraints a field carries are those of its rules', () => {
  it('every constraint the rule set uses', () => {
    const of = (name: string) => inputConstraints(FIELDS[name]!.rules, { type: FIELDS[name]!.type })
    expect(of('sign-in e-mail')).toEqual({ required: true, maxLength: 254 })
    expect(of('sign-in code')).toEqual({ required: true, minLength: 6, maxLength: 6, pattern: '[0-9\\u0660-\\u0669\\u06F0-\\u06F9]+' })
    expect(of('new password')).toEqual({ required: true, minLength: 8, maxLength: 128 })
    expect(of('invitation code')).toEqual({ required: true, maxLength: 64, pattern: '[A-Za-z0-9_\\-]+' })
    expect(of('a quantity')).toEqual({ min: 1, max: 10 })
    expect(of('e-mail list')).toEqual({ multiple: true })
  })
  it('the tightest bound wins; what the browser cannot say is left to the validator', () => {
    const rules: Rule[] = [
      { rule: 'min', length: 4 },
      { rule: 'length', length: 6 },
      { rule: 'max', length: 10 },
      { rule: 'confirmed', other: 'password' },
      { rule: 'regex', pattern: 'abc' },
    ]
    expect(inputConstraints(rules)).toEqual({ minLength: 6, maxLength: 6, pattern: 'abc' })
    // min and max values only mean something on a number field; `multiple` only on an e-mail field.
    expect(
      inputConstraints(
        [
          { rule: 'min_value', min: 1 },
          { rule: 'email', multiple: true },
        ],
        { type: 'text' },
      ),
    ).toEqual({})
    expect(
      inputConstraints(
        [
          { rule: 'min_value', min: 1 },
          { rule: 'min_value', min: 3 },
          { rule: 'max_value', max: 9 },
        ],
        { type: 'number' },
      ),
    ).toEqual({ min: 3, max: 9 })
  })
  it.each(Object.entries(FIELDS))('%s: what the attributes allow, the validator allows', (_name, field) => {
    // R5: rules may come from HTML constraint attributes; read back from the attributes, they
    // must judge every value as the field's own rule set does — where the browser can say it.
    const sayable = field.rules.filter((r) => r.rule !== 'confirmed')
    const fromAttributes = rulesFromConstraints({ ...inputConstraints(sayable, { type: field.type }), type: field.type })
    const values = [
      '',
      ' ',
      'ann@example.com',
      'a@example.com, b@example.org',
      'not-an-address',
      '493021',
      '١٢٣٤٥٦',
      '49302',
      '4930211',
      '12a456',
      'correct horse',
      'short',
      'FRIEND2024',
      'friend 2024',
      'x'.repeat(65),
      'x'.repeat(255),
      '0',
      '1',
      '10',
      '11',
      '5.5',
    ]
    for (const value of values) {
      expect(validate(value, fromAttributes) === null, `${JSON.stringify(value)}`).toBe(validate(value, sayable) === null)
    }
  })
})

describe('R5: a form field passes the constraints to the <input>', () => {
  const render = (name: string) =>
    renderToStaticMarkup(
      <LocaleActor.Provider logic={localeMachine} options={{ input: { urlLocale: 'en', messageSet: 'original' } }}>
        <MachineForm id="test" form={undefined} action="/forms/test">
          <FormField name="field" label="Field" rules={FIELDS[name]!.rules} type={FIELDS[name]!.type} />
        </MachineForm>
      </LocaleActor.Provider>,
    )
  const input = (html: string) => /<input [^>]*name="field"[^>]*>/.exec(html)?.[0] ?? ''

  it('min and max on a number field', () => {
    const tag = input(render('a quantity'))
    expect(tag).toContain('type="number"')
    expect(tag).toContain('min="1"')
    expect(tag).toContain('max="10"')
    expect(tag).not.toContain('required')
  })
  it('multiple on an e-mail list', () => {
    const tag = input(render('e-mail list'))
    expect(tag).toContain('type="email"')
    expect(tag).toMatch(/ multiple(="")?[ />]/)
  })
  it('required, the exact length and the digits of a code', () => {
    const tag = input(render('sign-in code'))
    expect(tag).toMatch(/ required(="")?[ />]/)
    expect(tag).toContain('minLength="6"')
    expect(tag).toContain('maxLength="6"')
    expect(tag).toContain('pattern="[0-9\\u0660-\\u0669\\u06F0-\\u06F9]+"')
  })
  it('a pattern and a maximum length', () => {
    const tag = input(render('invitation code'))
    expect(tag).toContain('pattern="[A-Za-z0-9_\\-]+"')
    expect(tag).toContain('maxLength="64"')
  })
  it("the form posts to its endpoint, named for the page's starter script", () => {
    const html = render('sign-in e-mail')
    const form = /<form [^>]*>/.exec(html)?.[0] ?? ''
    expect(form).toContain('method="post"')
    expect(form).toContain('action="/forms/test"')
    expect(form).toContain('data-form="test"')
    expect(html).toContain('<input type="hidden" name="_form" value="test"/>')
  })
})
