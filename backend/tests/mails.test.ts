import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../src/db.ts'
import { cpNotice, MIRROR_URL, psNotice, SITE_URL, startApi, type TestApi } from './helpers.ts'

/**
 * R9.21 (issue 37, part 5): every e-mail speaks for the brand of the domain the visitor used (R1.7), with
 * that brand's support address, in the language of the request, and names plans and amounts as the
 * site does: the receipts of a payment and of the trial's hold, renewal turned off and on, the device
 * reset, the sign-in code and the e-mail change. The brands are the site's defaults; the mirror is
 * MIRROR_URL's host.
 */

let api: TestApi
beforeAll(async () => {
  api = await startApi(await openPglite('memory://'), { mirrorHost: 'mirror.test' })
})
afterAll(async () => {
  await api?.backend.close()
})

/** Intl puts no-break spaces in amounts and dates; the expectations are written with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
const DAY = 86_400_000

interface Brand {
  origin: string
  /** The brand's signature as it ends every e-mail in the language of the case. */
  signature: string
}

const ORIGINAL_EN: Brand = { origin: SITE_URL, signature: 'Best regards,\nThe Skinvault team\nsupport@skinvault.gg' }
const ORIGINAL_DE: Brand = { origin: SITE_URL, signature: 'Viele Grüße\nIhr Team von Skinvault\nsupport@skinvault.gg' }
const MIRROR_EN: Brand = { origin: MIRROR_URL, signature: 'Best regards,\nThe SV Changer team\nhelp@svchanger.app' }
const MIRROR_RU: Brand = { origin: MIRROR_URL, signature: 'С уважением,\nкоманда СВ Чейнджер\nhelp@svchanger.app' }
const MIRROR_DE: Brand = { origin: MIRROR_URL, signature: 'Viele Grüße\nIhr Team von SV Changer\nhelp@svchanger.app' }
const ORIGINAL_RU: Brand = { origin: SITE_URL, signature: 'С уважением,\nкоманда Скинволт\nsupport@skinvault.gg' }

async function inbox(email: string): Promise<{ subject: string; text: string; code: string | null; link: string | null }[]> {
  const res = await api.call('GET', `/__dev/mail?to=${encodeURIComponent(email)}`)
  expect(res.status).toBe(200)
  return res.body.map((m: { subject: string; text: string; code: string | null; link: string | null }) => ({ ...m, text: plain(m.text) }))
}

/** Signs a new visitor in on a domain (the browser's Origin), as the site's pages do. */
async function signIn(locale: string, origin: string) {
  const email = api.email('mails')
  expect((await api.call('GET', `/${locale}/users/auth?email=${encodeURIComponent(email)}`, { headers: { origin } })).status).toBe(200)
  const [mail] = await inbox(email)
  const res = await api.call('PATCH', `/${locale}/users/verify`, { body: { email, code: mail!.code }, headers: { origin } })
  expect(res.status).toBe(200)
  return { token: res.body.token as string, email }
}

/** Pays a plan on a domain; the provider's notification comes later, with no visitor's request. */
async function pay(user: { token: string }, locale: string, origin: string, body: Record<string, unknown>, notify: 'charge' | 'hold' | 'ps') {
  const res = await api.call('POST', `/${locale}/payments`, { token: user.token, body, headers: { origin } })
  expect(res.status).toBe(201)
  const payment = res.body
  const answer = notify === 'ps' ? await api.ps(psNotice(payment)) : await api.cp('pay', cpNotice(payment, notify === 'hold' ? 'Authorized' : 'Completed'))
  expect(answer.body.status).toBe('paid')
  return payment as { payment_id: number }
}

describe('receipts', () => {
  it.each([
    {
      name: 'a month paid in English on the original',
      locale: 'en',
      brand: ORIGINAL_EN,
      subject: 'Receipt for your payment No. ',
      lines: [
        'Hello!\n\nThank you for your payment. Here is your receipt.',
        'Product: Skinvault Premium subscription\nPlan: 30 days\nAmount charged: US$6.99\n',
        'Next charge: US$6.99 on ',
        ', for 30 days. You can turn auto-renewal off in your account at any time.',
        'If you have any questions about this payment, write to us at support@skinvault.gg.',
      ],
      absent: ['Month', 'held', 'example.com'],
    },
    {
      name: 'a month paid in Russian on the mirror',
      locale: 'ru',
      brand: MIRROR_RU,
      subject: 'Чек по платежу № ',
      lines: [
        'Здравствуйте!\n\nСпасибо за оплату.',
        'Товар: Подписка Premium СВ Чейнджер\nТариф: 30 дней\nСписано: 490,00 ₽\n',
        'Следующее списание: 490,00 ₽ — ',
        ', за 30 дней. Отключить автопродление можно в любой момент в личном кабинете.',
        'Если у вас есть вопросы по этому платежу, напишите нам: help@svchanger.app.',
      ],
      absent: ['Месяц', 'Заблокировано', 'Скинволт', 'skinvault.gg'],
    },
    {
      name: 'a month paid in German on the mirror (the English name)',
      locale: 'de',
      brand: MIRROR_DE,
      subject: 'Beleg für Ihre Zahlung Nr. ',
      lines: [
        'Guten Tag,\n\nvielen Dank für Ihre Zahlung.',
        'Produkt: SV Changer Premium-Abonnement\nTarif: 30 Tage\nAbgebuchter Betrag: 6,49 €\n',
        'Nächste Abbuchung: 6,49 € am ',
        ' für 30 Tage.',
        'Wenn Sie Fragen zu dieser Zahlung haben, schreiben Sie uns an help@svchanger.app.',
      ],
      absent: ['Monat', 'reserviert', 'СВ Чейнджер', 'skinvault.gg'],
    },
  ])('names the brand, the plan by its days, the amount charged: $name', async ({ locale, brand, subject, lines, absent }) => {
    const user = await signIn(locale, brand.origin)
    const payment = await pay(user, locale, brand.origin, { subscription_id: 3, service: 'cloudpayments' }, 'charge')
    const [receipt, signInMail] = await inbox(user.email)
    expect(signInMail!.code).toMatch(/^\d{6}$/)
    expect(receipt).toMatchObject({ subject: `${subject}${payment.payment_id}`, code: null, link: null })
    for (const line of lines) expect(receipt!.text).toContain(line)
    for (const word of absent) expect(receipt!.text).not.toContain(word)
    // The printable receipt on the domain the payment was made on.
    expect(receipt!.text).toContain(`${brand.origin}/${locale}/account/receipts/${payment.payment_id}`)
    expect(receipt!.text.endsWith(`\n\n${brand.signature}`)).toBe(true)
  })

  it.each([
    {
      name: 'in English on the mirror',
      locale: 'en',
      brand: MIRROR_EN,
      lines: [
        'Your trial has started. To check your card, we have held the amount below on it.',
        'Product: SV Changer Premium subscription\nPlan: Trial\nAmount held to check the card: US$1.00\n',
        'Next charge: US$6.99 on ',
        ', for 30 days.',
        'write to us at help@svchanger.app.',
      ],
      absent: ['Amount charged', 'Thank you for your payment', 'Skinvault'],
    },
    {
      name: 'in Russian on the original',
      locale: 'ru',
      brand: ORIGINAL_RU,
      lines: [
        'Пробный период начался. Для проверки вашей карты мы заблокировали на ней сумму, указанную ниже.',
        'Товар: Подписка Premium Скинволт\nТариф: Пробный период\nЗаблокировано для проверки карты: 1,00 ₽\n',
        'Следующее списание: 490,00 ₽ — ',
        ', за 30 дней.',
        'напишите нам: support@skinvault.gg.',
      ],
      absent: ['Списано:', 'Спасибо за оплату', 'СВ Чейнджер'],
    },
  ])("names the trial and the hold to check the card, for CloudPayments' authorisation: $name", async ({ locale, brand, lines, absent }) => {
    const user = await signIn(locale, brand.origin)
    const payment = await pay(user, locale, brand.origin, { subscription_id: 1, service: 'cloudpayments' }, 'hold')
    const [receipt] = await inbox(user.email)
    for (const line of lines) expect(receipt!.text).toContain(line)
    for (const word of absent) expect(receipt!.text).not.toContain(word)
    expect(receipt!.text).toContain(`${brand.origin}/${locale}/account/receipts/${payment.payment_id}`)
    expect(receipt!.text.endsWith(`\n\n${brand.signature}`)).toBe(true)
  })

  it.each([
    {
      locale: 'en',
      brand: ORIGINAL_EN,
      lines: ['Thank you for your payment.', 'Plan: Trial\nAmount charged: RUB 1.00\n', 'Next charge: RUB 490.00 on '],
      absent: ['held', 'Amount held'],
    },
    {
      locale: 'ru',
      brand: MIRROR_RU,
      lines: ['Спасибо за оплату.', 'Тариф: Пробный период\nСписано: 1,00 ₽\n', 'Следующее списание: 490,00 ₽ — '],
      absent: ['Заблокировано'],
    },
  ])('says "charged" for a trial Payselection charged (no hold): $locale', async ({ locale, brand, lines, absent }) => {
    const user = await signIn(locale, brand.origin)
    await pay(user, locale, brand.origin, { subscription_id: 1, service: 'payselection' }, 'ps')
    const [receipt] = await inbox(user.email)
    for (const line of lines) expect(receipt!.text).toContain(line)
    for (const word of absent) expect(receipt!.text).not.toContain(word)
    expect(receipt!.text.endsWith(`\n\n${brand.signature}`)).toBe(true)
  })

  it.each([
    { locale: 'en', brand: ORIGINAL_EN, line: 'Plan: 30 days, special offer\nAmount charged: US$5.59\n' },
    { locale: 'ru', brand: MIRROR_RU, line: 'Тариф: 30 дней, специальное предложение\nСписано: 392,00 ₽\n' },
  ])('names the special offer: $locale', async ({ locale, brand, line }) => {
    const user = await signIn(locale, brand.origin)
    await pay(user, locale, brand.origin, { subscription_id: 2, service: 'cloudpayments' }, 'charge')
    await pay(user, locale, brand.origin, { subscription_id: 3, service: 'cloudpayments', special: true }, 'charge')
    const [receipt] = await inbox(user.email)
    expect(receipt!.text).toContain(line)
    expect(receipt!.text.endsWith(`\n\n${brand.signature}`)).toBe(true)
  })

  it('speaks for the domain the payment was made on, not the one the visitor signed in on', async () => {
    const user = await signIn('en', SITE_URL)
    await pay(user, 'en', MIRROR_URL, { subscription_id: 2, service: 'cloudpayments' }, 'charge')
    const [receipt] = await inbox(user.email)
    expect(receipt!.text).toContain('Product: SV Changer Premium subscription\nPlan: 7 days\nAmount charged: US$2.99\n')
    expect(receipt!.text.endsWith(`\n\n${MIRROR_EN.signature}`)).toBe(true)
  })

  it("a payment made before payments kept their site gets the original's support address and no brand it cannot know", async () => {
    const user = await signIn('en', MIRROR_URL)
    const res = await api.call('POST', '/en/payments', { token: user.token, body: { subscription_id: 3, service: 'cloudpayments' } })
    await api.backend.db.query('UPDATE payments SET site_origin = NULL, site_name = NULL, site_support_email = NULL WHERE id = $1', [res.body.payment_id])
    expect((await api.cp('pay', cpNotice(res.body))).body.status).toBe('paid')
    const [receipt] = await inbox(user.email)
    expect(receipt!.text).toContain('Product: Premium subscription\nPlan: 30 days\nAmount charged: US$6.99\n')
    expect(receipt!.text).toContain('write to us at support@skinvault.gg.')
    expect(receipt!.text).not.toContain('/account/receipts/')
    expect(receipt!.text.endsWith('\n\nBest regards,\nsupport@skinvault.gg')).toBe(true)
  })
})

describe('auto-renewal', () => {
  it.each([
    {
      locale: 'en',
      brand: ORIGINAL_EN,
      subject: 'Auto-renewal of your subscription is off',
      text: /^Hello!\n\nAuto-renewal of your Skinvault Premium subscription is now off\. Your subscription stays active until (\d{1,2}) \w+ (\d{4}) at \d\d:\d\d UTC, and nothing more will be charged\.\n\nChanged your mind\? You can turn auto-renewal on again in your account until then: (\S+)\n\n/,
    },
    {
      locale: 'ru',
      brand: MIRROR_RU,
      subject: 'Автопродление подписки отключено',
      text: /^Здравствуйте!\n\nАвтопродление подписки Premium СВ Чейнджер отключено\. Подписка действует до (\d{1,2}) \S+ (\d{4}) г\. в \d\d:\d\d UTC, больше ничего списано не будет\.\n\nПередумали\? Снова включить автопродление можно в личном кабинете до этой даты: (\S+)\n\n/,
    },
    {
      locale: 'de',
      brand: ORIGINAL_DE,
      subject: 'Die automatische Verlängerung Ihres Abos ist ausgeschaltet',
      text: /^Guten Tag,\n\ndie automatische Verlängerung Ihres Skinvault Premium-Abonnements ist ausgeschaltet\. Ihr Abo bleibt bis (\d{1,2})\. \S+ (\d{4}) um \d\d:\d\d UTC aktiv, und es wird nichts mehr abgebucht\.\n\nSie haben es sich anders überlegt\? Bis dahin können Sie die automatische Verlängerung in Ihrem Konto wieder aktivieren: (\S+)\n\n/,
    },
  ])('mails when it is turned off: until when, nothing more charged, how to turn it on again ($locale)', async ({ locale, brand, subject, text }) => {
    const user = await signIn(locale, brand.origin)
    await pay(user, locale, brand.origin, { subscription_id: 3, service: 'cloudpayments' }, 'charge')
    const off = await api.call('GET', `/${locale}/users/subscription/cancel`, { token: user.token, headers: { origin: brand.origin } })
    expect(off.status).toBe(200)
    const [mail] = await inbox(user.email)
    expect(mail).toMatchObject({ subject, code: null, link: null })
    const [, day, year, link] = text.exec(mail!.text) ?? []
    const expires = new Date(off.body.user.subscription.expires_at)
    expect([Number(day), Number(year)]).toEqual([expires.getUTCDate(), expires.getUTCFullYear()])
    expect(link).toBe(`${brand.origin}/${locale}/account`)
    expect(mail!.text.endsWith(`\n\n${brand.signature}`)).toBe(true)
    // Off already: nothing changes, nothing is mailed.
    expect((await api.call('GET', `/${locale}/users/subscription/cancel`, { token: user.token })).status).toBe(200)
    expect(await inbox(user.email)).toHaveLength(3)
  })

  it.each([
    {
      name: 'in English on the mirror, a week in dollars',
      paidIn: 'en',
      plan: 2,
      locale: 'en',
      brand: MIRROR_EN,
      subject: 'Auto-renewal of your subscription is on again',
      text: /^Hello!\n\nAuto-renewal of your SV Changer Premium subscription is on again\. Next charge: US\$2\.99 on (\d{1,2}) \w+ (\d{4}) at \d\d:\d\d UTC, for 7 days\.\n\nYou can turn auto-renewal off in your account at any time: (\S+)\n\n/,
    },
    {
      name: 'in Russian on the original, the dollars it was paid in (R9.15)',
      paidIn: 'en',
      plan: 3,
      locale: 'ru',
      brand: ORIGINAL_RU,
      subject: 'Автопродление подписки снова включено',
      text: /^Здравствуйте!\n\nАвтопродление подписки Premium Скинволт снова включено\. Следующее списание: 6,99 \$ — (\d{1,2}) \S+ (\d{4}) г\. в \d\d:\d\d UTC, за 30 дней\.\n\nОтключить автопродление можно в любой момент в личном кабинете: (\S+)\n\n/,
    },
  ])('mails when it is turned on again: the next charge, its amount and date ($name)', async ({ paidIn, plan, locale, brand, subject, text }) => {
    const user = await signIn(paidIn, brand.origin)
    await pay(user, paidIn, brand.origin, { subscription_id: plan, service: 'cloudpayments' }, 'charge')
    expect((await api.call('GET', `/${locale}/users/subscription/cancel`, { token: user.token, headers: { origin: brand.origin } })).status).toBe(200)
    const on = await api.call('GET', `/${locale}/users/subscription/resume`, { token: user.token, headers: { origin: brand.origin } })
    expect(on.status).toBe(200)
    const [mail] = await inbox(user.email)
    expect(mail).toMatchObject({ subject, code: null, link: null })
    const [, day, year, link] = text.exec(mail!.text) ?? []
    const next = new Date(on.body.user.subscription.next_charge_at)
    expect([Number(day), Number(year)]).toEqual([next.getUTCDate(), next.getUTCFullYear()])
    expect(link).toBe(`${brand.origin}/${locale}/account`)
    expect(mail!.text.endsWith(`\n\n${brand.signature}`)).toBe(true)
    // On already: nothing changes, nothing is mailed.
    expect((await api.call('GET', `/${locale}/users/subscription/resume`, { token: user.token })).status).toBe(200)
    expect(await inbox(user.email)).toHaveLength(4)
  })
})

describe('device reset', () => {
  it.each([
    {
      locale: 'en',
      brand: ORIGINAL_EN,
      subject: 'Your device has been unlinked',
      text: /^Hello!\n\nOn (\d{1,2}) \w+ \d{4} at \d\d:\d\d UTC the device your Skinvault launcher was bound to was unlinked from your account\. You can now sign in to the launcher on another computer\. The next reset is possible after (\d{1,2}) \w+ \d{4} at \d\d:\d\d UTC\.\n\nIf it was not you, write to us at support@skinvault\.gg right away\.\n\n/,
    },
    {
      locale: 'ru',
      brand: MIRROR_RU,
      subject: 'Устройство отвязано от аккаунта',
      text: /^Здравствуйте!\n\n(\d{1,2}) \S+ \d{4} г\. в \d\d:\d\d UTC устройство, к которому был привязан лаунчер СВ Чейнджер, отвязано от вашего аккаунта\. Теперь можно войти в лаунчер на другом компьютере\. Следующий сброс возможен после (\d{1,2}) \S+ \d{4} г\. в \d\d:\d\d UTC\.\n\nЕсли это были не вы, сразу напишите нам: help@svchanger\.app\.\n\n/,
    },
  ])('mails when the device is unlinked: when, the next reset, whom to tell if it was not you ($locale)', async ({ locale, brand, subject, text }) => {
    const user = await signIn(locale, brand.origin)
    expect((await api.call('POST', `/__dev/device?email=${encodeURIComponent(user.email)}`)).status).toBe(200)
    const res = await api.call('DELETE', `/${locale}/users/device/reset`, { token: user.token, headers: { origin: brand.origin } })
    expect(res.status).toBe(200)
    const [mail] = await inbox(user.email)
    expect(mail).toMatchObject({ subject, code: null, link: null })
    const [, day, nextDay] = text.exec(mail!.text) ?? []
    const at = new Date(res.body.user.device.last_reset_at)
    expect([Number(day), Number(nextDay)]).toEqual([at.getUTCDate(), new Date(at.getTime() + DAY).getUTCDate()])
    expect(mail!.text.endsWith(`\n\n${brand.signature}`)).toBe(true)
    // Refused (once per 24 hours): nothing is mailed.
    await api.call('POST', `/__dev/device?email=${encodeURIComponent(user.email)}`)
    expect((await api.call('DELETE', `/${locale}/users/device/reset`, { token: user.token })).status).toBe(429)
    expect(await inbox(user.email)).toHaveLength(2)
  })
})

describe('sign-in and e-mail change', () => {
  it.each([
    { locale: 'en', brand: ORIGINAL_EN, line: 'Your Skinvault sign-in code is ' },
    { locale: 'ru', brand: MIRROR_RU, line: 'Ваш код для входа в СВ Чейнджер: ' },
    { locale: 'de', brand: MIRROR_DE, line: 'Ihr Anmeldecode für SV Changer lautet ' },
  ])('the sign-in code names the brand ($locale)', async ({ locale, brand, line }) => {
    const { email } = await signIn(locale, brand.origin)
    const [mail] = await inbox(email)
    expect(mail!.text).toContain(`${line}${mail!.code}`)
    expect(mail!.link).toMatch(new RegExp(`^${brand.origin}/${locale}/login/`))
    expect(mail!.text.endsWith(`\n\n${brand.signature}`)).toBe(true)
  })

  it('the confirmation and the notice to the old address name the brand of the domain the change was made on', async () => {
    const user = await signIn('en', MIRROR_URL)
    const next = api.email('mails-next')
    expect((await api.call('PUT', '/en/users/email', { token: user.token, body: { email: next }, headers: { origin: MIRROR_URL } })).status).toBe(200)
    const [confirm] = await inbox(next)
    expect(confirm!.text).toContain('To use this address for your SV Changer account, open the link:')
    expect(confirm!.text.endsWith(`\n\n${MIRROR_EN.signature}`)).toBe(true)
    expect((await api.call('POST', `/en/users/email/${confirm!.code}`, { token: user.token, headers: { origin: MIRROR_URL } })).status).toBe(200)
    const [notice] = await inbox(user.email)
    expect(notice!.subject).toBe('Your e-mail address has been changed')
    expect(notice!.text).toContain(`the e-mail address of your SV Changer account was changed from ${user.email} to ${next}.`)
    expect(notice!.text).toContain('If you did not make this change, write to us at help@svchanger.app right away.')
    expect(notice!.text.endsWith(`\n\n${MIRROR_EN.signature}`)).toBe(true)
  })
})
