// Sandbox stand-in for the Payselection widget: window.pw.PayWidget.


function PayWidget() {
  if (!(this instanceof PayWidget)) return new PayWidget()
}

/**
 * widget.pay({ serviceId, key }, { MetaData, PaymentRequest: { OrderId, Amount, Currency, Description }, CustomerInfo },
 *   { onSuccess(res), onError(res), onClose() })
 */
PayWidget.prototype.pay = function (keys, data, callbacks) {
  var cb = callbacks || {}
  function error(code, message) {
    if (typeof cb.onError === 'function') cb.onError({ code: code, message: message })
  }
  var request = data && data.PaymentRequest
  var problem = null
  if (!keys || !keys.serviceId || !keys.key) problem = 'serviceId and key are required'
  else if (!request) problem = 'PaymentRequest is required'
  else if (!/^\d+\.\d{2}$/.test(String(request.Amount))) problem = 'PaymentRequest.Amount must have two decimals, e.g. "990.00"'
  else if (!request.OrderId) problem = 'PaymentRequest.OrderId is required'
  else if (!request.Currency) problem = 'PaymentRequest.Currency is required'
  if (problem) {
    error('InvalidParameters', problem)
    return
  }
  var customer = (data && data.CustomerInfo) || {}
  // PaymentType 'Block' holds the amount (a two-stage payment); 'Pay', the default, charges it.
  var hold = !!(data && data.MetaData && data.MetaData.PaymentType === 'Block')
  var extra = request.ExtraData && typeof request.ExtraData === 'object' ? request.ExtraData : {}
  // The card is entered on the widget's own page; the provider (not this page) sends the webhook to the
  // merchant, later and signed; onSuccess only means the card was approved.
  sbxOpenWidget({
    language: customer.Language,
    payment: {
      provider: 'payselection',
      paymentType: hold ? 'Block' : 'Pay',
      orderId: String(request.OrderId),
      amount: String(request.Amount),
      currency: String(request.Currency),
      email: customer.Email === undefined || customer.Email === null ? undefined : String(customer.Email),
      description: request.Description === undefined || request.Description === null ? undefined : String(request.Description),
      // The payment's widget token (POST /payments answers it in development mode).
      widgetToken: extra.WidgetToken === undefined || extra.WidgetToken === null ? undefined : String(extra.WidgetToken),
    },
    done: function (outcome) {
      if (outcome.type === 'success') {
        if (typeof cb.onSuccess === 'function')
          cb.onSuccess({ event: 'success', transactionId: outcome.transactionId, orderId: String(request.OrderId) })
      } else if (outcome.type === 'cancel') {
        if (typeof cb.onClose === 'function') cb.onClose()
      } else if (outcome.code === 'PaymentDeclined') {
        error('PaymentDeclined', outcome.message)
      } else {
        error('PaymentFailed', outcome.message)
      }
    },
  })
}

window.pw = window.pw || {}
window.pw.PayWidget = PayWidget
