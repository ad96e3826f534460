import { PASSWORD_MIN } from '@cuadre/contracts';

/**
 * A rough strength hint, 0 (too short) to 4: length counts most, variety of characters a little.
 * Only a hint; the server's rules (length, common passwords) are what decide.
 */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  if (password.length < PASSWORD_MIN) return 0;
  if (new Set(password.toLowerCase()).size < 4) return 1;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  let score = 1;
  if (password.length >= 12) score += 1;
  if (password.length >= 16) score += 1;
  if (kinds >= 3) score += 1;
  return Math.min(score, 4) as 1 | 2 | 3 | 4;
}
