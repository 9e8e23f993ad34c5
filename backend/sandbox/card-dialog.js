// Shared part of the sandbox payment widgets: an accessible card dialog drawn over the page.
// Served inside a closure together with one provider file; defines no globals by itself.

var SBX_BACKEND = (function () {
  var script = document.currentScript
  try {
    return new URL(script && script.src ? script.src : '/', location.href).origin
  } catch (e) {
    return location.origin
  }
})()

var SBX_TEXT = {
  en: {
    title: 'Card payment',
    sandbox: 'Sandbox: no money is charged. 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined.',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'CVC',
    pay: 'Pay',
    close: 'Close',
    processing: 'Processing…',
    badNumber: 'Enter a valid card number.',
    badExpiry: 'Enter a valid expiry date, for example 12/30.',
    badCvc: 'Enter the 3 or 4 digit code from the back of the card.',
    failed: 'The payment could not be completed.',
  },
  ru: {
    title: 'Оплата картой',
    sandbox: 'Тестовый режим: деньги не списываются. Карта 4242 4242 4242 4242 проходит, 4000 0000 0000 0002 отклоняется.',
    number: 'Номер карты',
    expiry: 'Срок действия (ММ/ГГ)',
    cvc: 'CVC',
    pay: 'Оплатить',
    close: 'Закрыть',
    processing: 'Обработка…',
    badNumber: 'Введите правильный номер карты.',
    badExpiry: 'Введите правильный срок действия, например 12/30.',
    badCvc: 'Введите 3 или 4 цифры с обратной стороны карты.',
    failed: 'Не удалось провести платёж.',
  },
  de: {
    title: 'Kartenzahlung',
    sandbox: 'Testmodus: Es wird kein Geld abgebucht. 4242 4242 4242 4242 wird akzeptiert, 4000 0000 0000 0002 abgelehnt.',
    number: 'Kartennummer',
    expiry: 'Ablaufdatum (MM/JJ)',
    cvc: 'Prüfnummer (CVC)',
    pay: 'Bezahlen',
    close: 'Schließen',
    processing: 'Wird verarbeitet…',
    badNumber: 'Geben Sie eine gültige Kartennummer ein.',
    badExpiry: 'Geben Sie ein gültiges Ablaufdatum ein, zum Beispiel 12/30.',
    badCvc: 'Geben Sie die 3- oder 4-stellige Nummer von der Kartenrückseite ein.',
    failed: 'Die Zahlung konnte nicht abgeschlossen werden.',
  },
}

var sbxCounter = 0

function sbxLang(language) {
  var code = String(language || document.documentElement.lang || 'en').slice(0, 2).toLowerCase()
  return SBX_TEXT[code] ? code : 'en'
}

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

function sbxEl(tag, style, attrs) {
  var el = document.createElement(tag)
  if (style) el.setAttribute('style', style)
  if (attrs) for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) el.setAttribute(k, attrs[k])
  return el
}

/**
 * Sends the card and the payment to the sandbox provider, as the real widgets send them to their
 * provider. The provider answers at once whether the card was approved; it tells the merchant later,
 * server to server, with a signed notification. Resolves with the provider's answer:
 * { success: true, transactionId } or { success: false, code, message }.
 */
function sbxCharge(body) {
  return fetch(SBX_BACKEND + '/sandbox/provider/charge', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then(
    function (res) {
      return res
        .json()
        .catch(function () {
          return {}
        })
        .then(function (data) {
          if (res.ok && data && typeof data.success === 'boolean') return data
          return { success: false, code: null, message: (data && data.message) || 'HTTP ' + res.status }
        })
    },
    function (err) {
      return { success: false, code: null, message: String((err && err.message) || err) }
    },
  )
}

/**
 * Opens the card dialog.
 * o: { language, amount, currency, description, email, submit(card) -> Promise<{ success, code, message }>, done(outcome) }
 * submit gets { number, expiry, cvc }; done gets { type: 'success' | 'fail' | 'cancel', code, message, transactionId }.
 */
function sbxOpenCardDialog(o) {
  var lang = sbxLang(o.language)
  var tx = SBX_TEXT[lang]
  var id = 'sbx-pay-' + ++sbxCounter
  var previousFocus = document.activeElement
  var finished = false
  var busy = false

  var overlay = sbxEl(
    'div',
    'position:fixed;inset:0;z-index:2147483000;background:rgba(10,12,16,.62);display:flex;align-items:center;justify-content:center;padding:16px;font:15px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;',
    { 'data-sandbox-widget': '' },
  )
  var dialog = sbxEl(
    'div',
    'position:relative;box-sizing:border-box;width:100%;max-width:400px;background:#fff;color:#15171c;border-radius:12px;padding:24px;box-shadow:0 18px 48px rgba(0,0,0,.35);',
    { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id + '-title', 'aria-describedby': id + '-desc', lang: lang },
  )
  var title = sbxEl('h2', 'margin:0 40px 4px 0;font-size:20px;line-height:1.3;', { id: id + '-title' })
  title.textContent = tx.title
  var desc = sbxEl('p', 'margin:0 0 4px;color:#3a3f4a;', { id: id + '-desc' })
  desc.textContent = (o.description ? o.description + ' — ' : '') + sbxFormatAmount(o.amount, o.currency, lang)
  var note = sbxEl('p', 'margin:0 0 16px;font-size:13px;color:#5b6170;background:#f3f5f8;border-radius:6px;padding:8px 10px;')
  note.textContent = tx.sandbox

  var closeBtn = sbxEl(
    'button',
    'position:absolute;top:14px;right:14px;width:36px;height:36px;border:0;border-radius:8px;background:#eef0f4;color:#15171c;font-size:20px;line-height:1;cursor:pointer;',
    { type: 'button', 'aria-label': tx.close },
  )
  closeBtn.textContent = '×'

  var form = sbxEl('form', 'margin:0;', { novalidate: '' })
  var inputStyle =
    'display:block;box-sizing:border-box;width:100%;margin:4px 0 0;padding:10px 12px;border:1px solid #b9bfca;border-radius:8px;font:16px/1.3 ui-monospace,SFMono-Regular,Menlo,monospace;color:#15171c;background:#fff;'

  function field(name, label, attrs, wrapStyle) {
    var wrap = sbxEl('div', wrapStyle || 'margin:0 0 12px;')
    var lab = sbxEl('label', 'display:block;font-size:14px;font-weight:600;', { for: id + '-' + name })
    lab.textContent = label
    var input = sbxEl('input', inputStyle, attrs)
    input.id = id + '-' + name
    input.name = name
    var err = sbxEl('p', 'margin:4px 0 0;color:#b3261e;font-size:13px;min-height:0;', { id: id + '-' + name + '-error' })
    input.setAttribute('aria-describedby', err.id)
    wrap.appendChild(lab)
    wrap.appendChild(input)
    wrap.appendChild(err)
    return { wrap: wrap, input: input, error: err }
  }

  var number = field('number', tx.number, { type: 'text', inputmode: 'numeric', autocomplete: 'cc-number', maxlength: '23', placeholder: '0000 0000 0000 0000', required: '' })
  var row = sbxEl('div', 'display:flex;gap:12px;')
  var expiry = field('expiry', tx.expiry, { type: 'text', inputmode: 'numeric', autocomplete: 'cc-exp', maxlength: '7', placeholder: 'MM/YY', required: '' }, 'flex:1;margin:0 0 12px;')
  var cvc = field('cvc', tx.cvc, { type: 'password', inputmode: 'numeric', autocomplete: 'cc-csc', maxlength: '4', required: '' }, 'flex:1;margin:0 0 12px;')
  row.appendChild(expiry.wrap)
  row.appendChild(cvc.wrap)

  var status = sbxEl('p', 'margin:0 0 12px;color:#b3261e;font-size:14px;', { role: 'alert', id: id + '-status' })
  var payBtn = sbxEl(
    'button',
    'display:block;width:100%;padding:12px 16px;border:0;border-radius:8px;background:#1f6feb;color:#fff;font-size:16px;font-weight:600;cursor:pointer;',
    { type: 'submit' },
  )
  payBtn.textContent = tx.pay + ' ' + sbxFormatAmount(o.amount, o.currency, lang)

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
    if (previousFocus && typeof previousFocus.focus === 'function') previousFocus.focus()
    o.done(outcome)
  }
  function cancel() {
    if (!busy) finish({ type: 'cancel', message: 'User has cancelled' })
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
    Promise.resolve(o.submit(card)).then(function (result) {
      busy = false
      if (result && result.success) finish({ type: 'success', code: 0, message: '', transactionId: result.transactionId })
      else
        finish({
          type: 'fail',
          code: result && result.code !== undefined ? result.code : null,
          message: (result && result.message) || tx.failed,
          transactionId: (result && result.transactionId) || null,
        })
    })
  })

  document.addEventListener('keydown', onKey, true)
  document.addEventListener('focusin', onFocusIn, true)
  document.body.appendChild(overlay)
  number.input.focus()
}
