// The card dialog's payment, in and out: read from the URL fragment, sent with the card to the sandbox
// provider on this page's own origin, and its outcome posted to the page that opened the widget. Served
// inside the closure of /sandbox/widget.js, before card-dialog.js (routes/sandbox.ts).

/** The payment the widget was opened for, from the fragment: { provider, …fields, widgetToken, lang, parent }. */
function sbxReadPayment() {
  var data = {}
  try {
    data = JSON.parse(decodeURIComponent(location.hash.slice(1))) || {}
  } catch (e) {
    data = {}
  }
  // Keep the token out of this frame's history and of anything that reads its address later.
  try {
    history.replaceState(null, '', location.pathname)
  } catch (e) {}
  return data
}

/**
 * Sends the card and the payment (with its widget token) to the sandbox provider on this page's own
 * origin. Resolves with the provider's decision, { success: true, transactionId } or { success: false,
 * code, message }, or with { refused: message } when the provider would not take the request at all
 * (a missing or used token, another amount): then the form stays open and says so.
 */
function sbxCharge(body, lang) {
  return fetch('/sandbox/provider/charge', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': lang },
    body: JSON.stringify(body),
    credentials: 'omit',
  }).then(
    function (res) {
      return res
        .json()
        .catch(function () {
          return {}
        })
        .then(function (data) {
          if (res.ok && data && typeof data.success === 'boolean') return data
          return { refused: (data && data.message) || 'HTTP ' + res.status }
        })
    },
    function (err) {
      return { refused: String((err && err.message) || err) }
    },
  )
}

/** What the provider is sent for this payment: its own fields, as the widget was opened with them. */
function sbxChargeBody(p, card) {
  var str = function (v) {
    return v === undefined || v === null ? undefined : String(v)
  }
  var common = { currency: str(p.currency), email: str(p.email), description: str(p.description), widgetToken: str(p.widgetToken), card: card }
  if (p.provider === 'payselection')
    return Object.assign({ provider: 'payselection', paymentType: p.paymentType === 'Block' ? 'Block' : 'Pay', orderId: str(p.orderId), amount: str(p.amount) }, common)
  return Object.assign({ provider: 'cloudpayments', scheme: p.scheme, invoiceId: str(p.invoiceId), accountId: str(p.accountId), amount: Number(p.amount) }, common)
}

function sbxPost(p, outcome) {
  var target = typeof p.parent === 'string' && /^https?:\/\/[^/]+$/.test(p.parent) ? p.parent : '*'
  if (window.parent && window.parent !== window) window.parent.postMessage({ type: 'sandbox-widget:outcome', outcome: outcome }, target)
}
