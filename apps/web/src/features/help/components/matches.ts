/** Whether every word of the query is in one of the texts, ignoring case and accents (the help center's own search). */
export function matches(query: string, ...texts: string[]) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const hay = fold(texts.join(' '));
  return words.every((w) => hay.includes(w));
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
