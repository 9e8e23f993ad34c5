// Shared part of the sandbox widget scripts, run on the site's page: opens the widget's own page (the
// card dialog, GET /sandbox/widget on the backend's origin) in a full-screen iframe, as the real
// providers' widgets do, and hears its outcome by postMessage. Served inside a closure together with
// one provider file; defines no globals by itself.

var SBX_BACKEND = (function () {
  var script = document.currentScript
  try {
    return new URL(script && script.src ? script.src : '/', location.href).origin
  } catch (e) {
    return location.origin
  }
})()

/** The iframe's title: the card dialog's own title, in the widget's language. */
var SBX_TITLES = { en: 'Card payment', ru: 'Оплата картой', de: 'Kartenzahlung' }

function sbxLang(language) {
  var code = String(language || document.documentElement.lang || 'en').slice(0, 2).toLowerCase()
  return SBX_TITLES[code] ? code : 'en'
}

/**
 * Opens the widget page for a payment.
 * o: { language, payment: { provider, …its fields, widgetToken }, done(outcome) }
 * done gets { type: 'success' | 'fail' | 'cancel', code, message, transactionId }.
 * The payment's fields and its token travel in the URL fragment, which no server (and no log) sees.
 */
function sbxOpenWidget(o) {
  var lang = sbxLang(o.language)
  var previousFocus = document.activeElement
  var finished = false
  var data = {}
  for (var k in o.payment) if (Object.prototype.hasOwnProperty.call(o.payment, k)) data[k] = o.payment[k]
  data.lang = lang
  data.parent = location.origin

  var frame = document.createElement('iframe')
  frame.title = SBX_TITLES[lang]
  frame.setAttribute('data-sandbox-widget', '')
  frame.style.cssText =
    'position:fixed;top:0;left:0;width:100%;height:100%;border:0;margin:0;padding:0;z-index:2147483000;background:transparent;color-scheme:normal;'
  frame.src = SBX_BACKEND + '/sandbox/widget#' + encodeURIComponent(JSON.stringify(data))

  function onMessage(e) {
    // Only the widget page in this very frame speaks for the payment.
    if (e.origin !== SBX_BACKEND || e.source !== frame.contentWindow) return
    var m = e.data
    if (!m || m.type !== 'sandbox-widget:outcome' || !m.outcome) return
    finish(m.outcome)
  }
  function finish(outcome) {
    if (finished) return
    finished = true
    window.removeEventListener('message', onMessage)
    if (frame.parentNode) frame.parentNode.removeChild(frame)
    if (previousFocus && typeof previousFocus.focus === 'function') previousFocus.focus()
    o.done(outcome)
  }

  window.addEventListener('message', onMessage)
  frame.addEventListener('load', function () {
    frame.focus()
  })
  document.body.appendChild(frame)
  frame.focus()
}
