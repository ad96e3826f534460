/**
 * The `redirectURL` of sign-in and unlock-session comes from the address bar, so anyone can craft
 * it. Only a path of this site is followed; an absolute URL, a protocol-relative `//host`, a
 * backslash form that browsers read as `//host`, or a path hiding tabs and newlines (which the URL
 * parser drops) could send a freshly signed-in person to another site.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || value[0] !== '/' || value[1] === '/' || value[1] === '\\') return fallback;
  // Control characters and whitespace are never part of a path the app produces.
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern looks for
  if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return fallback;
  }
  if (url.origin !== window.location.origin) return fallback;
  // The path as the router will read it, dot segments resolved: `/..//evil.example` and
  // `/.//evil.example` become `//evil.example`, which a browser reads as another host.
  if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return fallback;
  return url.pathname + url.search + url.hash;
}
