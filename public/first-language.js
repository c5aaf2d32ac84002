/* global window, navigator, document */
// The language of index.html's loading text, before the app's JavaScript runs (decision 046):
// the one chosen on this browser, else the first the browser asks for that the app has, else
// the club's default as last seen: src/i18n/language.ts chooseLanguage's order. It sets
// <html lang>, and index.html's CSS shows the text of that language. A file, not an inline
// script: the Content-Security-Policy keeps script-src 'self'.
;(function () {
  var languages = ['en', 'ja']
  var known = function (value) {
    return typeof value === 'string' && languages.indexOf(value) >= 0 ? value : null
  }
  var store = null
  try {
    store = window.localStorage
  } catch {
    // Storage refused (private mode, a sandbox): the browser's languages still count.
  }
  var chosen = store ? known(store.getItem('language')) : null
  var browser = null
  var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]
  for (var i = 0; i < tags.length && !browser; i++) browser = known(String(tags[i] || '').trim().toLowerCase().split(/[-_]/)[0])
  var club = store ? known(store.getItem('clubLanguage')) : null
  document.documentElement.lang = chosen || browser || club || 'en'
})()
