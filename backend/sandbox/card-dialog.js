// The sandbox widget's own page (GET /sandbox/widget, served as /sandbox/widget.js): the card dialog,
// shown in the full-screen iframe the widget scripts open, as the real providers' widgets are iframes on
// the provider's origin. The payment's fields and its widget token come in the URL fragment (never sent
// to a server); the card goes to the provider on this page's own origin; the outcome goes back to the
// page that opened the widget with postMessage. Served as one script, in one closure (routes/sandbox.ts),
// after its words (card-dialog-texts.js) and its payment's way in and out (card-dialog-payment.js).

function sbxLuhn(digits) {
  var sum = 0
  for (var i = 0; i < digits.length; i++) {
    var d = Number(digits.charAt(digits.length - 1 - i))
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

function sbxExpiryValid(value) {
  var m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value)
  if (!m) return false
  var month = Number(m[1])
  var year = 2000 + Number(m[2])
  if (month < 1 || month > 12) return false
  var now = new Date()
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1)
}

function sbxFormatAmount(amount, currency, lang) {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: currency }).format(amount)
  } catch (e) {
    return amount + ' ' + currency
  }
}

function sbxEl(tag, className, attrs) {
  var el = document.createElement(tag)
  if (className) el.className = className
  if (attrs) for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) el.setAttribute(k, attrs[k])
  return el
}


function sbxOpenCardDialog(p) {
  var lang = SBX_TEXT[p.lang] ? p.lang : 'en'
  var tx = SBX_TEXT[lang]
  var id = 'sbx-pay'
  var amount = Number(p.amount)
  var currency = String(p.currency || '')
  var finished = false
  var busy = false
  /** The last decline, reported when the visitor closes the form instead of trying another card. */
  var declined = null
  document.documentElement.lang = lang
  document.title = tx.title

  var overlay = sbxEl('div', 'sbx-overlay')
  var dialog = sbxEl('div', 'sbx-dialog', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id + '-title', 'aria-describedby': id + '-desc' })
  var title = sbxEl('h1', 'sbx-title', { id: id + '-title' })
  title.textContent = tx.title
  var desc = sbxEl('p', 'sbx-desc', { id: id + '-desc' })
  desc.textContent = (p.description ? p.description + ' — ' : '') + sbxFormatAmount(amount, currency, lang)
  // A hold (CloudPayments' auth scheme, Payselection's Block) is not a payment: the form names it as
  // the site does (a card check, the trial), with the verb of what the bank is asked for.
  var hold = p.provider === 'payselection' ? p.paymentType === 'Block' : p.scheme === 'auth'
  if (hold) desc.textContent += ' ' + tx.holdNote
  var note = sbxEl('p', 'sbx-note')
  note.textContent = tx.sandbox

  var closeBtn = sbxEl('button', 'sbx-close', { type: 'button', 'aria-label': tx.close })
  closeBtn.textContent = '×'

  var form = sbxEl('form', 'sbx-form', { novalidate: '' })

  function field(name, label, attrs) {
    var wrap = sbxEl('div', 'sbx-field')
    var lab = sbxEl('label', 'sbx-label', { for: id + '-' + name })
    lab.textContent = label
    var input = sbxEl('input', 'sbx-input', attrs)
    input.id = id + '-' + name
    input.name = name
    var err = sbxEl('p', 'sbx-error', { id: id + '-' + name + '-error' })
    input.setAttribute('aria-describedby', err.id)
    wrap.appendChild(lab)
    wrap.appendChild(input)
    wrap.appendChild(err)
    return { wrap: wrap, input: input, error: err }
  }

  var number = field('number', tx.number, { type: 'text', inputmode: 'numeric', autocomplete: 'cc-number', maxlength: '23', placeholder: '0000 0000 0000 0000', required: '' })
  var row = sbxEl('div', 'sbx-row')
  var expiry = field('expiry', tx.expiry, { type: 'text', inputmode: 'numeric', autocomplete: 'cc-exp', maxlength: '7', placeholder: tx.expiryHint, required: '' })
  var cvc = field('cvc', tx.cvc, { type: 'password', inputmode: 'numeric', autocomplete: 'cc-csc', maxlength: '4', required: '' })
  row.appendChild(expiry.wrap)
  row.appendChild(cvc.wrap)

  var status = sbxEl('p', 'sbx-status', { role: 'alert', id: id + '-status' })
  var payBtn = sbxEl('button', 'sbx-pay', { type: 'submit' })
  var payLabel = (hold ? tx.hold : tx.pay) + ' ' + sbxFormatAmount(amount, currency, lang)
  payBtn.textContent = payLabel

  form.appendChild(number.wrap)
  form.appendChild(row)
  form.appendChild(status)
  form.appendChild(payBtn)
  dialog.appendChild(closeBtn)
  dialog.appendChild(title)
  dialog.appendChild(desc)
  dialog.appendChild(note)
  dialog.appendChild(form)
  overlay.appendChild(dialog)

  number.input.addEventListener('input', function () {
    var digits = number.input.value.replace(/\D/g, '').slice(0, 19)
    number.input.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ')
  })
  expiry.input.addEventListener('input', function () {
    var digits = expiry.input.value.replace(/\D/g, '').slice(0, 4)
    expiry.input.value = digits.length > 2 ? digits.slice(0, 2) + '/' + digits.slice(2) : digits
  })

  function focusables() {
    return Array.prototype.filter.call(dialog.querySelectorAll('button, input, [tabindex]:not([tabindex="-1"])'), function (el) {
      return !el.disabled
    })
  }

  // Focus stays in the dialog: Tab from the last control goes back to the first one (and does not
  // leave the frame for the page behind it).
  function onKey(e) {
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      cancel()
      return
    }
    if (e.key !== 'Tab') return
    var list = focusables()
    if (list.length === 0) return
    var first = list[0]
    var last = list[list.length - 1]
    if (e.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
      e.preventDefault()
      first.focus()
    }
  }
  function onFocusIn(e) {
    if (!dialog.contains(e.target)) {
      var list = focusables()
      if (list[0]) list[0].focus()
    }
  }

  function finish(outcome) {
    if (finished) return
    finished = true
    document.removeEventListener('keydown', onKey, true)
    document.removeEventListener('focusin', onFocusIn, true)
    if (overlay.parentNode) overlay.parentNode.removeChild(overlay)
    sbxPost(p, outcome)
  }
  function cancel() {
    if (!busy) finish(declined || { type: 'cancel', message: 'User has cancelled' })
  }

  function setError(f, message) {
    f.error.textContent = message
    if (message) f.input.setAttribute('aria-invalid', 'true')
    else f.input.removeAttribute('aria-invalid')
    return !message
  }

  closeBtn.addEventListener('click', cancel)
  overlay.addEventListener('mousedown', function (e) {
    if (e.target === overlay) cancel()
  })
  form.addEventListener('submit', function (e) {
    e.preventDefault()
    if (busy) return
    var digits = number.input.value.replace(/\D/g, '')
    var ok = setError(number, digits.length >= 13 && digits.length <= 19 && sbxLuhn(digits) ? '' : tx.badNumber)
    ok = setError(expiry, sbxExpiryValid(expiry.input.value.trim()) ? '' : tx.badExpiry) && ok
    ok = setError(cvc, /^\d{3,4}$/.test(cvc.input.value) ? '' : tx.badCvc) && ok
    status.textContent = ''
    if (!ok) {
      var bad = [number, expiry, cvc].filter(function (f) {
        return f.input.getAttribute('aria-invalid') === 'true'
      })[0]
      if (bad) bad.input.focus()
      return
    }
    busy = true
    payBtn.disabled = true
    closeBtn.disabled = true
    payBtn.textContent = tx.processing
    dialog.setAttribute('aria-busy', 'true')
    var card = { number: digits, expiry: expiry.input.value.replace(/\s/g, ''), cvc: cvc.input.value }
    sbxCharge(sbxChargeBody(p, card), lang).then(function (result) {
      busy = false
      if (result.refused !== undefined) {
        // The provider would not take this request: say why in the form, which stays open.
        payBtn.disabled = false
        closeBtn.disabled = false
        payBtn.textContent = payLabel
        dialog.removeAttribute('aria-busy')
        status.textContent = result.refused
        closeBtn.focus()
        return
      }
      if (result.success) {
        finish({ type: 'success', code: 0, message: '', transactionId: result.transactionId })
        return
      }
      // Declined: the reason in the form, which stays open for another card, as the providers'
      // widgets do; closing it then reports the decline.
      declined = {
        type: 'fail',
        code: result.code !== undefined ? result.code : null,
        message: result.message || tx.failed,
        transactionId: result.transactionId || null,
      }
      payBtn.disabled = false
      closeBtn.disabled = false
      payBtn.textContent = payLabel
      dialog.removeAttribute('aria-busy')
      status.textContent = result.code === 5005 || result.code === 'PaymentDeclined' ? tx.declined : tx.failed
      number.input.focus()
      number.input.select()
    })
  })

  document.addEventListener('keydown', onKey, true)
  document.addEventListener('focusin', onFocusIn, true)
  document.body.appendChild(overlay)
  number.input.focus()
  // The frame may get focus after this script ran: then focus the card number again.
  window.addEventListener('focus', function () {
    if (!finished && !dialog.contains(document.activeElement)) number.input.focus()
  })
}

sbxOpenCardDialog(sbxReadPayment())
