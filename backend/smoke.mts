import { createBackend } from './src/app'
const b = await createBackend({ env: { dataDir: 'memory://', mode: 'development' } })
const r = async (m: string, p: string, body?: unknown, h: Record<string,string> = {}) => {
  const res = await b.app.request(p, { method: m, headers: { ...(body ? {'content-type':'application/json'}:{}), ...h }, body: body ? JSON.stringify(body) : undefined })
  const text = await res.text(); console.log(m, p, res.status, text.slice(0, 300)); try { return JSON.parse(text) } catch { return text }
}
await r('GET', '/ru/subscriptions')
await r('GET', '/en/users/auth?email=Test@Example.com&redirect=/en/premium')
const mail = await r('GET', '/__dev/mail?to=test@example.com')
await r('PATCH', '/en/users/verify', { email: 'test@example.com', code: '000000' })
const tok = await r('PATCH', '/de/users/verify', { email: 'test@example.com', code: mail[0].code })
const H = { authorization: 'Bearer ' + tok.token }
await r('GET', '/de/users/me', undefined, H)
const pay = await r('POST', '/ru/payments', { subscription_id: 3, service: 'cloudpayments' }, H)
await r('POST', '/sandbox/notify/cloudpayments', { InvoiceId: String(pay.payment_id), Amount: pay.amount, Currency: pay.currency, Status: 'Completed', CardLastFour: '4242' })
await r('POST', '/sandbox/notify/cloudpayments', { InvoiceId: String(pay.payment_id), Amount: pay.amount, Currency: pay.currency, Status: 'Completed', CardLastFour: '4242' })
await r('GET', '/ru/users/me', undefined, H)
await r('GET', '/ru/users/subscription/special', undefined, H)
await r('GET', '/xx/users/me')
await r('GET', '/en/nope')
await r('POST', '/en/analytics/collect', { domain: 'localhost', token: null, client_id: '123.456', utm: null })
await r('GET', '/en/referrer/link/friend2024')
await r('GET', '/en/launcher/download?referrer_link_code=FRIEND2024')
await b.close()
