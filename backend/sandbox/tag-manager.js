/* Sandbox tag manager container: reads the data layer as the real one does, honours Consent Mode
   (its `consent` commands arrive as arguments objects) and keeps its conversion-linker cookie
   `_gcl_au` only while ad storage is granted. It sends nothing anywhere. */
;(function () {
  'use strict'
  var layer = (window.dataLayer = window.dataLayer || [])
  var state = { ad_storage: 'denied' }
  function read(entry) {
    if (entry && typeof entry === 'object' && typeof entry.length === 'number' && entry[0] === 'consent' && entry[2]) {
      for (var key in entry[2]) state[key] = entry[2][key]
      if (state.ad_storage === 'granted' && !/(?:^|;\s*)_gcl_au=/.test(document.cookie)) {
        document.cookie = '_gcl_au=1.1.' + Math.floor(Math.random() * 1e9) + '.' + Math.floor(Date.now() / 1000) + '; Max-Age=7776000; Path=/; SameSite=Lax'
      }
    }
  }
  for (var i = 0; i < layer.length; i++) read(layer[i])
  var push = layer.push
  layer.push = function () {
    for (var j = 0; j < arguments.length; j++) read(arguments[j])
    return push.apply(layer, arguments)
  }
  window.sandboxTagManager = { state: state }
  layer.push({ event: 'gtm.load' })
})()
