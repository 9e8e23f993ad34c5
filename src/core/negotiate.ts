/**
 * Content negotiation: the one reader of Accept-Language and Accept-Encoding, on `negotiator`
 * (its parser of q-values, wildcards and parameters). The locale detection asks it for the
 * visitor's languages (src/core/locale.ts); the server entry exports `preferredEncoding` for the
 * static files of scripts/serve.mjs, which runs under plain Node and takes it from the build.
 */
import Negotiator from 'negotiator'

/**
 * The languages of an Accept-Language header by quality (ties keep their order), without refused
 * ones (`q=0`, or a quality that is not a number). No header, or an empty one, names none.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return []
  return new Negotiator({ headers: { 'accept-language': header } }).languages()
}

/** The encodings the site compresses with. */
export type ContentEncoding = 'br' | 'gzip'

/** negotiator 1.1 takes the order to use between equal qualities; @types/negotiator (0.6) does not know it. */
type EncodingsWithPreference = (available: readonly string[], options: { preferred: readonly string[] }) => string[]

/**
 * The encoding to answer with among `available` (those the response has, most wanted first): the
 * one the client accepts with the highest quality (`*` stands for any it does not name), `available`'s
 * order between equal qualities; `identity` when it accepts none of them or sends no header.
 */
export function preferredEncoding(header: string | null | undefined, available: readonly ContentEncoding[]): ContentEncoding | 'identity' {
  if (!header || available.length === 0) return 'identity'
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } })
  const encodings = negotiator.encodings.bind(negotiator) as unknown as EncodingsWithPreference
  return (encodings(available, { preferred: available })[0] as ContentEncoding | undefined) ?? 'identity'
}
