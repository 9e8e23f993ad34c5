/**
 * The inline scripts of a page as Content-Security-Policy hash sources (decision 084): a guest
 * page carries no nonce, so one copy of it, kept by the site, a proxy or a CDN, is valid for
 * every visitor who receives it. Server only.
 */
import { Buffer } from 'node:buffer'
import { createHash } from 'node:crypto'

/** `<script>` elements without `src`: the indices of their text, exactly as the browser hashes it. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/dgi

/**
 * `'sha256-…'` for each distinct inline script of the page, in the order they appear. The page's
 * bytes are searched as Latin-1, one character per byte (the markup searched for is ASCII), and
 * each script's own bytes are hashed: its UTF-8 text, as the browser hashes it, without decoding
 * the page (decision 080).
 */
export function inlineScriptHashes(page: Uint8Array): string[] {
  const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength)
  const hashes = new Set<string>()
  for (const match of bytes.toString('latin1').matchAll(INLINE_SCRIPT)) {
    const [start, end] = match.indices![1]!
    hashes.add(`'sha256-${createHash('sha256').update(bytes.subarray(start, end)).digest('base64')}'`)
  }
  return [...hashes]
}
