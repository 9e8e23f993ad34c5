/* Sandbox chat widget: a launcher the visitor can see, and the provider's visitor cookie. It
   talks to no one. */
;(function () {
  'use strict'
  if (!/(?:^|;\s*)chat_visitor=/.test(document.cookie)) {
    document.cookie = 'chat_visitor=' + Math.floor(Math.random() * 1e9) + '; Max-Age=31536000; Path=/; SameSite=Lax'
  }
  if (document.getElementById('sandbox-chat')) return
  var box = document.createElement('aside')
  box.id = 'sandbox-chat'
  box.setAttribute('aria-label', 'Support chat (sandbox)')
  box.textContent = 'Chat'
  box.style.cssText = 'position:fixed;right:8px;bottom:8px;padding:4px 8px;font:12px sans-serif;background:#263041;color:#fff;border-radius:8px;z-index:5'
  document.body.appendChild(box)
})()
