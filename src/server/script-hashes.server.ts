/**
 * The inline scripts of a page as Content-Security-Policy hash sources (decision 084): a guest
 * page carries no nonce, so one copy of it, kept by the site, a proxy or a CDN, is valid for
 * every visitor who receives it. Server only.
 */
import { createHash } from 'node:crypto'

/** `<script>` elements without `src`: their text, exactly as the browser hashes it. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi

/** `'sha256-…'` for each distinct inline script of `html`, in the order they appear. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}
