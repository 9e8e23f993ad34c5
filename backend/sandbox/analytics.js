/* Sandbox analytics script: like the real one, it keeps a first-party visitor id in `_ga` and a
   session in `_ga_<id>`, readable by the page; it sends nothing anywhere. */
;(function () {
  'use strict'
  var now = Math.floor(Date.now() / 1000)
  var twoYears = 63072000
  if (!/(?:^|;\s*)_ga=/.test(document.cookie)) {
    var id = Math.floor(Math.random() * 1e9) + '.' + now
    document.cookie = '_ga=GA1.1.' + id + '; Max-Age=' + twoYears + '; Path=/; SameSite=Lax'
  }
  document.cookie = '_ga_SANDBOX=GS1.1.' + now + '.1.0.' + now + '.0.0.0; Max-Age=' + twoYears + '; Path=/; SameSite=Lax'
  window.sandboxAnalytics = { loadedAt: Date.now() }
})()
