/**
 * The payment providers' server APIs the merchant calls to give money back (decision 117):
 * CloudPayments `POST /payments/void` (a hold) and `POST /payments/refund` (a charge), with HTTP Basic
 * of the public id and the API secret; Payselection `POST /payments/cancellation` (a block) and
 * `POST /payments/refund`, signed with `X-SITE-ID`, `X-REQUEST-ID` and `X-REQUEST-SIGNATURE`. In
 * development mode both point at the sandbox provider's APIs, which keep the same shape.
 */
import { createHmac } from 'node:crypto'
import type { BackendEnv } from './env.ts'
import type { Provider } from './payments.ts'

/** `fetch`, or a stand-in for it (tests hand the request to the app in process). */
export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal }) => Promise<Response>

export interface ReturnRequest {
  service: Provider
  transactionId: string
  kind: 'void' | 'refund'
  amountMinor: number
  currency: string
  /** The same for every attempt of one return, so the provider can tell a repeat from a new request. */
  requestId: string
}

/** `final`: the provider answered and refused; otherwise the request may be tried again. */
export type ReturnAnswer = { ok: true } | { ok: false; final: boolean; message: string }

type ApiSettings = Pick<
  BackendEnv,
  'cloudpaymentsApiUrl' | 'cloudpaymentsPublicId' | 'cloudpaymentsApiSecret' | 'payselectionApiUrl' | 'payselectionSiteId' | 'payselectionSecretKey'
>

const major = (minor: number) => (minor / 100).toFixed(2)

/** Payselection's request signature: hex HMAC-SHA256 of `POST\n{path}\n{site id}\n{request id}\n{body}` with the secret key. */
export function payselectionRequestSignature(opts: { path: string; siteId: string; requestId: string; body: string; secret: string }): string {
  return createHmac('sha256', opts.secret).update(`POST\n${opts.path}\n${opts.siteId}\n${opts.requestId}\n${opts.body}`, 'utf8').digest('hex')
}

/** The HTTP request that asks a provider to give the money of one operation back. */
export function returnHttpRequest(
  env: ApiSettings,
  r: ReturnRequest,
): { url: string; init: { method: string; headers: Record<string, string>; body: string } } {
  if (r.service === 'cloudpayments') {
    const path = r.kind === 'void' ? '/payments/void' : '/payments/refund'
    const transaction = /^\d+$/.test(r.transactionId) ? Number(r.transactionId) : r.transactionId
    const body = JSON.stringify(r.kind === 'void' ? { TransactionId: transaction } : { TransactionId: transaction, Amount: Number(major(r.amountMinor)) })
    const basic = Buffer.from(`${env.cloudpaymentsPublicId}:${env.cloudpaymentsApiSecret}`, 'utf8').toString('base64')
    return {
      url: `${env.cloudpaymentsApiUrl}${path}`,
      init: { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Basic ${basic}`, 'X-Request-ID': r.requestId }, body },
    }
  }
  const path = r.kind === 'void' ? '/payments/cancellation' : '/payments/refund'
  const body = JSON.stringify({ TransactionId: r.transactionId, Amount: major(r.amountMinor), Currency: r.currency })
  return {
    url: `${env.payselectionApiUrl}${path}`,
    init: {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-SITE-ID': env.payselectionSiteId,
        'X-REQUEST-ID': r.requestId,
        'X-REQUEST-SIGNATURE': payselectionRequestSignature({
          path,
          siteId: env.payselectionSiteId,
          requestId: r.requestId,
          body,
          secret: env.payselectionSecretKey,
        }),
      },
      body,
    },
  }
}

/**
 * Reads a provider's answer. CloudPayments answers 200 with `Success` true or false (a refusal, final);
 * Payselection answers 2xx on success and 4xx with `Code` and `Description` on a refusal. A 5xx,
 * 401/429 or an answer that is not theirs may pass: it is tried again.
 */
export async function readReturnAnswer(service: Provider, res: Response): Promise<ReturnAnswer> {
  const text = await res.text()
  let body: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>
  } catch {
    // Not JSON: judged by the status alone.
  }
  const retryable = res.status >= 500 || res.status === 401 || res.status === 429 || res.status === 408
  if (service === 'cloudpayments') {
    if (res.status === 200 && body.Success === true) return { ok: true }
    const message = typeof body.Message === 'string' ? body.Message : `HTTP ${res.status}`
    return { ok: false, final: res.status === 200 && body.Success === false, message }
  }
  if (res.status >= 200 && res.status < 300) return { ok: true }
  const message = [body.Code, body.Description].filter((v) => typeof v === 'string').join(': ') || `HTTP ${res.status}`
  return { ok: false, final: !retryable && res.status >= 400 && res.status < 500, message }
}

/** Asks the provider to give one operation's money back; a network failure is an answer that may pass. */
export async function requestReturn(env: ApiSettings, fetchFn: FetchLike, r: ReturnRequest, timeoutMs = 10_000): Promise<ReturnAnswer> {
  const { url, init } = returnHttpRequest(env, r)
  try {
    const res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    return await readReturnAnswer(r.service, res)
  } catch (err) {
    return { ok: false, final: false, message: err instanceof Error ? err.message : String(err) }
  }
}
