import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { formatFailure, isEmpty, rulesFromConstraints, validate, ValidationMessages, type Rule } from '~/lib/forms/rules'
import { ENGLISH, VALIDATION_LOCALES, fetchValidationMessages } from '~/lib/forms/messages'

const file = (locale: string) => JSON.parse(readFileSync(`public/locales/validation/${locale}.json`, 'utf8')) as { code: string; messages: Record<string, string> }
const MESSAGES = { en: file('en').messages, ru: file('ru').messages, de: file('de').messages }
const message = (value: unknown, rules: Rule[], field: string, locale: keyof typeof MESSAGES) => {
  const failure = validate(value, rules)
  return failure ? formatFailure(failure, field, MESSAGES[locale]) : null
}

describe('spec 5: required', () => {
  it.each([[null], [undefined], [[]], [''], ['   ']])('rejects %j', (value) => {
    expect(validate(value, [{ rule: 'required' }])?.rule).toBe('required')
  })
  it.each([['a'], [0], [['x']], [false]])('accepts %j (false is allowed by default)', (value) => {
    expect(validate(value, [{ rule: 'required' }])).toBeNull()
  })
  it('false fails when the rule says so', () => {
    expect(isEmpty(false, false)).toBe(true)
    expect(validate(false, [{ rule: 'required', allowFalse: false }])?.rule).toBe('required')
  })
  it('messages in en, ru, de', () => {
    expect(message('', [{ rule: 'required' }], 'E-mail', 'en')).toBe('E-mail is required.')
    expect(message('', [{ rule: 'required' }], 'Почта', 'ru')).toBe('Поле «Почта» обязательно для заполнения.')
    expect(message('', [{ rule: 'required' }], 'E-Mail', 'de')).toBe('E-Mail ist ein Pflichtfeld.')
  })
})

describe('spec 5: e-mail', () => {
  it.each(['ann@example.com', 'a.b+c@sub.example.org'])('accepts %s', (v) => expect(validate(v, [{ rule: 'email' }])).toBeNull())
  it.each(['ann', 'ann@', '@example.com', 'ann@example', 'a b@example.com'])('rejects %s', (v) => expect(validate(v, [{ rule: 'email' }])?.rule).toBe('email'))
  it('a comma-separated list where the field allows several', () => {
    expect(validate('a@example.com, b@example.org', [{ rule: 'email', multiple: true }])).toBeNull()
    expect(validate('a@example.com, nope', [{ rule: 'email', multiple: true }])?.rule).toBe('email')
    expect(validate('a@example.com, b@example.org', [{ rule: 'email' }])?.rule).toBe('email')
  })
  it('messages in en, ru, de', () => {
    expect(message('x', [{ rule: 'email' }], 'E-mail', 'en')).toBe('E-mail must be a valid e-mail address.')
    expect(message('x', [{ rule: 'email' }], 'Почта', 'ru')).toBe('В поле «Почта» должен быть действительный адрес электронной почты.')
    expect(message('x', [{ rule: 'email' }], 'E-Mail', 'de')).toBe('E-Mail muss eine gültige E-Mail-Adresse sein.')
  })
})

describe('spec 5: min, max and exact length, on strings or each list item', () => {
  it('strings', () => {
    expect(validate('abc', [{ rule: 'min', length: 4 }])).toEqual({ rule: 'min', params: { length: 4 } })
    expect(validate('abcd', [{ rule: 'min', length: 4 }])).toBeNull()
    expect(validate('abcde', [{ rule: 'max', length: 4 }])?.rule).toBe('max')
    expect(validate('12345', [{ rule: 'length', length: 6 }])?.rule).toBe('length')
    expect(validate('123456', [{ rule: 'length', length: 6 }])).toBeNull()
  })
  it('each item of a list', () => {
    expect(validate(['abcd', 'ab'], [{ rule: 'min', length: 3 }])?.rule).toBe('min')
    expect(validate(['abcd', 'abc'], [{ rule: 'min', length: 3 }])).toBeNull()
  })
  it('messages carry the length in en, ru, de', () => {
    expect(message('ab', [{ rule: 'min', length: 8 }], 'Password', 'en')).toBe('Password must be at least 8 characters.')
    expect(message('ab', [{ rule: 'min', length: 8 }], 'Пароль', 'ru')).toBe('Поле «Пароль» должно содержать не менее 8 символов.')
    expect(message('abcdefg', [{ rule: 'length', length: 6 }], 'Code', 'de')).toBe('Code muss genau 6 Zeichen lang sein.')
    expect(message('abcdefg', [{ rule: 'max', length: 6 }], 'Код', 'ru')).toBe('Поле «Код» может содержать не более 6 символов.')
  })
})

describe('spec 5: numeric (Latin or Arabic-Indic digits)', () => {
  it.each(['0123', '٠١٢٣٤٥', '۱۲۳'])('accepts %s', (v) => expect(validate(v, [{ rule: 'numeric' }])).toBeNull())
  it.each(['12a', '1.5', '-1', '１２'])('rejects %s', (v) => expect(validate(v, [{ rule: 'numeric' }])?.rule).toBe('numeric'))
  it('messages in en, ru, de', () => {
    expect(message('x', [{ rule: 'numeric' }], 'Code', 'en')).toBe('Code may only contain digits.')
    expect(message('x', [{ rule: 'numeric' }], 'Код', 'ru')).toBe('Поле «Код» может содержать только цифры.')
    expect(message('x', [{ rule: 'numeric' }], 'Code', 'de')).toBe('Code darf nur Ziffern enthalten.')
  })
})

describe('spec 5: defaults', () => {
  it('stops at the first failed rule', () => {
    expect(validate('', [{ rule: 'required' }, { rule: 'email' }, { rule: 'min', length: 3 }])?.rule).toBe('required')
    expect(validate('a', [{ rule: 'required' }, { rule: 'email' }, { rule: 'min', length: 3 }])?.rule).toBe('email')
  })
  it('skips an empty optional field', () => {
    expect(validate('', [{ rule: 'email' }, { rule: 'min', length: 3 }])).toBeNull()
    expect(validate(null, [{ rule: 'numeric' }])).toBeNull()
  })
  it('an unknown rule message falls back to "{_field_} is not valid."', () => {
    expect(formatFailure({ rule: 'default', params: {} }, 'Name', MESSAGES.en)).toBe('Name is not valid.')
    expect(formatFailure({ rule: 'something-new', params: {} }, 'Name', { default: '{_field_} is not valid.' })).toBe('Name is not valid.')
  })
  it('confirmed compares with another field', () => {
    expect(validate('abc', [{ rule: 'confirmed', other: () => 'abd' }])?.rule).toBe('confirmed')
    expect(validate('abc', [{ rule: 'confirmed', other: () => 'abc' }])).toBeNull()
    expect(message('x', [{ rule: 'confirmed', other: () => 'y' }], 'Повтор пароля', 'ru')).toBe('Поле «Повтор пароля» не совпадает.')
  })
})

describe('spec 5: rules from HTML constraint attributes', () => {
  it('required, e-mail type, pattern, minlength, maxlength', () => {
    const rules = rulesFromConstraints({ required: true, type: 'email', pattern: '[a-z@.]+', minLength: 5, maxLength: 20 })
    expect(rules.map((r) => r.rule)).toEqual(['required', 'email', 'regex', 'min', 'max'])
    expect(validate('ANN@EXAMPLE.COM', rules)?.rule).toBe('regex')
    expect(validate('ann@example.com', rules)).toBeNull()
  })
  it('the pattern matches the whole value, as in HTML', () => {
    expect(validate('123x', rulesFromConstraints({ pattern: '[0-9]+' }))?.rule).toBe('regex')
  })
  it('min and max on numbers', () => {
    const rules = rulesFromConstraints({ type: 'number', min: 1, max: 10 })
    expect(validate('0', rules)).toEqual({ rule: 'min_value', params: { min: 1 } })
    expect(validate('11', rules)).toEqual({ rule: 'max_value', params: { max: 10 } })
    expect(validate('abc', rules)?.rule).toBe('min_value')
    expect(validate('5', rules)).toBeNull()
    expect(message('0', rules, 'Anzahl', 'de')).toBe('Anzahl muss mindestens 1 sein.')
  })
})

describe('spec 3, 5: validation files for every translation locale', () => {
  it.each([...VALIDATION_LOCALES])('%s has every message with the right placeholders', (locale) => {
    const parsed = ValidationMessages(file(locale))
    expect(parsed).not.toBeInstanceOf(Error)
    const messages = file(locale).messages
    expect(Object.keys(messages).sort()).toEqual(Object.keys(ENGLISH).sort())
    for (const [key, text] of Object.entries(messages)) {
      expect(text, `${locale}.${key}`).toContain('{_field_}')
      const wanted = (ENGLISH[key]!.match(/\{(?!_field_)\w+\}/g) ?? []).sort()
      expect((text.match(/\{(?!_field_)\w+\}/g) ?? []).sort(), `${locale}.${key}`).toEqual(wanted)
    }
  })
  it('loading checks the file and refuses what is not one', async () => {
    const ok = (body: unknown) => (async () => new Response(JSON.stringify(body), { status: 200 })) as typeof fetch
    expect(await fetchValidationMessages('de', ok(file('de')))).toEqual(MESSAGES.de)
    await expect(fetchValidationMessages('de', ok({ code: 'de' }))).rejects.toThrow(/Validation messages for "de"/)
    await expect(fetchValidationMessages('de', (async () => new Response('', { status: 404 })) as typeof fetch)).rejects.toThrow(/404/)
    await expect(fetchValidationMessages('fr')).rejects.toThrow(/No validation messages/)
  })
})
