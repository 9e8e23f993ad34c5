import { Buffer } from 'node:buffer'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes } from '#app/server/script-hashes.server.ts'

const bytes = (html: string) => Buffer.from(html, 'utf8')

describe('decision 084: a guest page’s inline scripts as CSP hashes', () => {
  it('hashes each inline script’s text as the browser does, once each, in order; scripts with src are not inline', () => {
    const html =
      '<head><script>self.a=1</script><script type="module" async="" src="/assets/x.js"></script></head>' +
      '<body><script data-tsr-stream-part="">self.b=2</script><script>self.a=1</script><script>\n</script></body>'
    // sha256 of "self.a=1", "self.b=2" and "\n", base64, written out (sha256sum of each text).
    expect(inlineScriptHashes(bytes(html))).toEqual([
      "'sha256-U+8MK+0uDzz63CVi5Lllj/7310ahz5UzrVluFdPYEWw='",
      "'sha256-i/U23rwr3t15H5IyMYT37XeW/Ys7tmKvWoznTcpmJBA='",
      "'sha256-AbpHGcgLb+kRsJGnwFEktk7uzpZOCcBY74+YBdrKVGs='",
    ])
    expect(inlineScriptHashes(bytes('<p>no scripts</p><script src="/a.js"></script>'))).toEqual([])
  })

  it('hashes the UTF-8 text of a script in a Russian or German page, after text of two, three and four bytes a character', () => {
    const html = '<title>Премиум — für dich 🎮</title><script>self.t="Привет — Grüße 🎮"</script><p>Ещё</p><script>self.a=1</script>'
    // sha256 of the script texts' UTF-8 bytes, base64, written out (printf '…' | sha256sum).
    expect(inlineScriptHashes(bytes(html))).toEqual([
      "'sha256-qL2Yecaqr7LOIvX0nN0TNHRSuD7LXP3V6qoyXx6DSq4='",
      "'sha256-U+8MK+0uDzz63CVi5Lllj/7310ahz5UzrVluFdPYEWw='",
    ])
  })

  it('reads a page that is a view into a larger buffer', () => {
    const whole = bytes('xxxx<script>self.a=1</script>yyyy')
    expect(inlineScriptHashes(whole.subarray(4, whole.length - 4))).toEqual(["'sha256-U+8MK+0uDzz63CVi5Lllj/7310ahz5UzrVluFdPYEWw='"])
  })
})
