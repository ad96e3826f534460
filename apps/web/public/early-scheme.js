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
})();
