import { describe, expect, it } from 'vitest'
import { inlineScriptHashes } from '#app/server/script-hashes.server.ts'

describe('decision 084: a guest page’s inline scripts as CSP hashes', () => {
  it('hashes each inline script’s text as the browser does, once each, in order; scripts with src are not inline', () => {
    const html =
      '<head><script>self.a=1</script><script type="module" async="" src="/assets/x.js"></script></head>' +
      '<body><script data-tsr-stream-part="">self.b=2</script><script>self.a=1</script><script>\n</script></body>'
    // sha256 of "self.a=1", "self.b=2" and "\n", base64, written out (sha256sum of each text).
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-U+8MK+0uDzz63CVi5Lllj/7310ahz5UzrVluFdPYEWw='",
      "'sha256-i/U23rwr3t15H5IyMYT37XeW/Ys7tmKvWoznTcpmJBA='",
      "'sha256-AbpHGcgLb+kRsJGnwFEktk7uzpZOCcBY74+YBdrKVGs='",
    ])
    expect(inlineScriptHashes('<p>no scripts</p><script src="/a.js"></script>')).toEqual([])
  })
})
