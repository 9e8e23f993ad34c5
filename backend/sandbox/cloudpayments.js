// Sandbox stand-in for the CloudPayments widget: window.cp.CloudPayments.


function CloudPayments(config) {
  if (!(this instanceof CloudPayments)) return new CloudPayments(config)
  this.language = (config && config.language) || 'ru-RU'
}

/**
 * widget.pay('charge' | 'auth', options, { onSuccess(options), onFail(reason, options), onComplete(result, options) })
 * Resolves with the same result that onComplete receives.
 */
CloudPayments.prototype.pay = function (scheme, options, callbacks) {
  var cb = callbacks || {}
  var self = this
  return new Promise(function (resolve) {
    function complete(result) {
      if (typeof cb.onComplete === 'function') cb.onComplete(result, options)
      resolve(result)
    }
    var problem = null
    if (scheme !== 'charge' && scheme !== 'auth') problem = 'Unknown payment scheme: ' + scheme
    else if (!options || typeof options !== 'object') problem = 'Payment options are required'
    else if (!(Number(options.amount) > 0)) problem = 'amount must be a positive number'
    else if (!options.currency) problem = 'currency is required'
    else if (options.invoiceId === undefined || options.invoiceId === null || options.invoiceId === '') problem = 'invoiceId is required'
    if (problem) {
      if (typeof cb.onFail === 'function') cb.onFail(problem, options)
      complete({ success: false, type: 'fail', code: null, message: problem })
      return
    }
    var data = options.data && typeof options.data === 'object' ? options.data : {}
    // The card is entered on the widget's own page; the provider (not this page) tells the merchant,
    // later and signed; onSuccess only means the card was approved.
    sbxOpenWidget({
      language: options.language || self.language,
      payment: {
        provider: 'cloudpayments',
        scheme: scheme,
        invoiceId: String(options.invoiceId),
        accountId: options.accountId === undefined || options.accountId === null ? undefined : String(options.accountId),
        amount: Number(options.amount),
        currency: String(options.currency),
        email: options.email === undefined || options.email === null ? undefined : String(options.email),
        description: options.description === undefined || options.description === null ? undefined : String(options.description),
        // The payment's widget token (POST /payments answers it in development mode).
        widgetToken: data.widgetToken === undefined || data.widgetToken === null ? undefined : String(data.widgetToken),
      },
      done: function (outcome) {
        if (outcome.type === 'success') {
          if (typeof cb.onSuccess === 'function') cb.onSuccess(options)
          complete({ success: true, type: 'payment', code: 0, message: '', transactionId: outcome.transactionId })
        } else if (outcome.type === 'cancel') {
          complete({ success: false, type: 'cancel', code: null, message: 'User has cancelled' })
        } else {
          if (typeof cb.onFail === 'function') cb.onFail(outcome.message, options)
          complete({ success: false, type: 'fail', code: outcome.code, message: outcome.message })
        }
      },
    })
  })
}

function legacy(scheme) {
  return function (options, onSuccess, onFail) {
    return this.pay(scheme, options, {
      onSuccess: onSuccess,
      onFail: onFail,
      onComplete: function (result, opts) {
        // The old API has no completion callback: closing the widget is reported as a failure.
        if (result.type === 'cancel' && typeof onFail === 'function') onFail(result.message, opts)
      },
    })
  }
}

CloudPayments.prototype.charge = legacy('charge')
CloudPayments.prototype.auth = legacy('auth')

window.cp = window.cp || {}
window.cp.CloudPayments = CloudPayments
