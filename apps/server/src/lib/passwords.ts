import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords.js';

/** OWASP Password Storage Cheat Sheet: Argon2id, m=19 MiB, t=2, p=1. */
const OWASP = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum that isolated modules cannot read */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
/** Under NODE_ENV=test only: the same algorithm at its cheapest, so a suite that signs up hundreds of owners stays fast. */
const TEST = { ...OWASP, memoryCost: 1024, timeCost: 1 } as const;

let options: typeof OWASP | typeof TEST = OWASP;
/** Chosen once at start from the environment; a hash records its own parameters, so verification never depends on it. */
export function usePasswordProfile(profile: 'owasp' | 'test') {
  options = profile === 'test' ? TEST : OWASP;
  dummyHash = undefined;
}

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both paths cost the same time. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password-' + Math.random()));

/** True for passwords found in breach top lists, or trivially derived from the account's email. */
export function isCommonPassword(password: string, email?: string): boolean {
  const p = password.toLowerCase();
  if (COMMON_PASSWORDS.has(p)) return true;
  if (/^(.)\1+$/.test(p)) return true;
  if (email) {
    const local = email.toLowerCase().split('@')[0] ?? '';
    if (local.length >= 4 && (p === local || (p.startsWith(local) && /^\d*$/.test(p.slice(local.length))))) return true;
  }
  if (/^(cuadre)\d*$/.test(p)) return true;
  return false;
}
