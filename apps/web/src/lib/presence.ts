import type { Presence } from '@cuadre/contracts';

/** Presence colours (docs/product.md, "Top bar, user menu and panels"): green, amber, red, grey. */
export const PRESENCE_COLORS: Record<Presence, string> = {
  online: '#22c55e',
  away: '#f59e0b',
  busy: '#ef4444',
  'not-visible': '#94a3b8',
};

/** Initials for an avatar without a picture: the first letters of the first two words of the name. */
export function initialsOf(name: string, email: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length ? words.slice(0, 2).map((w) => w[0]) : [email[0] ?? '?'];
  return letters.join('').toUpperCase();
}
