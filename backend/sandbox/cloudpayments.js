// Sandbox stand-in for the CloudPayments widget: window.cp.CloudPayments.

var CP_DECLINE = { code: 5005, message: 'Card declined by the issuer' }

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
    var amount = Number(options.amount)
    sbxOpenCardDialog({
      language: options.language || self.language,
      amount: amount,
      currency: String(options.currency),
      description: options.description,
      email: options.email,
      submit: function (card) {
        return sbxNotify('cloudpayments', {
          InvoiceId: String(options.invoiceId),
          AccountId: options.accountId === undefined ? undefined : String(options.accountId),
          Amount: amount,
          Currency: String(options.currency),
          Email: options.email === undefined || options.email === null ? undefined : String(options.email),
          Status: card.declined ? 'Declined' : scheme === 'auth' ? 'Authorized' : 'Completed',
          TransactionId: sbxTransactionId(),
          CardLastFour: card.last4,
          Reason: card.declined ? CP_DECLINE.message : undefined,
        }).then(function (res) {
          if (card.declined) return { ok: false, declined: true, message: CP_DECLINE.message }
          return res
        })
      },
      done: function (outcome) {
        if (outcome.type === 'success') {
          if (typeof cb.onSuccess === 'function') cb.onSuccess(options)
          complete({ success: true, type: 'payment', code: 0, message: '' })
        } else if (outcome.type === 'cancel') {
          complete({ success: false, type: 'cancel', code: null, message: 'User has cancelled' })
        } else {
          var declined = outcome.message === CP_DECLINE.message
          var reason = declined ? CP_DECLINE.message : outcome.message
          if (typeof cb.onFail === 'function') cb.onFail(reason, options)
          complete({ success: false, type: 'fail', code: declined ? CP_DECLINE.code : null, message: reason })
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
