// Runs before the first paint (a plain external script: the Content-Security-Policy allows no inline
// one), so the splash screen already wears the remembered scheme and theme. The app takes over from
// here with the same rules (src/app/theme): light unless told otherwise, auto follows the system.
(function () {
  var prefs;
  try {
    prefs = JSON.parse(localStorage.getItem('preferences') || '{}') || {};
  } catch {
    prefs = {};
  }
  var scheme = prefs.scheme === 'dark' || prefs.scheme === 'auto' ? prefs.scheme : 'light';
  if (scheme === 'auto') scheme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.classList.add(scheme);
  if (typeof prefs.theme === 'string' && /^theme-[a-z]+$/.test(prefs.theme)) document.body.classList.add(prefs.theme);

  // The reader's strings asked for now, beside the app's code rather than after it has run (issue 43):
  // the first screens' part, and for a signed-in reader the shell's (src/i18n: the same language rule,
  // the same requests, so the app's own reads are answered from these).
  try {
    var lang = localStorage.getItem('language');
    if (lang !== 'es' && lang !== 'tr') lang = 'en';
    var parts = localStorage.getItem('accessToken') ? ['start', 'rest'] : ['start'];
    for (var i = 0; i < parts.length; i++) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
      link.href = '/i18n/' + lang + '/' + parts[i] + '.json';
      document.head.appendChild(link);
    }
  } catch {
    // No storage: the app asks for its strings itself.
  }
})();
