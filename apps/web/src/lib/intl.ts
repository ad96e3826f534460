/**
 * The browser's Intl formatters, made once per language and options. Building one costs far more
 * than using it (a list of 50 amounts built 50 NumberFormats, a tenth of the hub's first render on
 * a phone), so every screen formats through these.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<F>(kind: string, lang: string | undefined, opts: object, make: () => F): F {
  const key = `${kind}|${lang ?? ''}|${JSON.stringify(opts)}`;
  let f = cache.get(key) as F | undefined;
  if (!f) cache.set(key, (f = make()) as never);
  return f;
}

/**
 * Money and numbers. Spanish as US Spanish writes them ("$605.50", not Spain's "605,50 US$"), the
 * books being US books; the server's files do the same (`numberLocale` in the contracts).
 */
export const numberFormat = (lang: string | undefined, opts: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  cached('n', lang, opts, () => new Intl.NumberFormat(lang === 'es' ? 'es-US' : lang, opts));
export const dateFormat = (lang: string | undefined, opts: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  cached('d', lang, opts, () => new Intl.DateTimeFormat(lang, opts));
export const relativeFormat = (lang: string | undefined, opts: Intl.RelativeTimeFormatOptions = {}): Intl.RelativeTimeFormat =>
  cached('r', lang, opts, () => new Intl.RelativeTimeFormat(lang, opts));
