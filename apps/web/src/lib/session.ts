/**
 * The access token, kept in localStorage so a session survives a reload (docs/product.md, "Routes and guards").
 * A token counts as present only while it is well formed and unexpired; the server decides the rest.
 */
const KEY = 'accessToken';

function expiryOf(token: string): number | undefined {
  try {
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json.exp === 'number' ? json.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** The user a sign-in answered with, until the shell takes it (app/guards.ts): read once, not asked for again. */
let handed: unknown;

export const session = {
  get(): string | undefined {
    const token = localStorage.getItem(KEY) ?? undefined;
    if (!token) return undefined;
    const exp = expiryOf(token);
    if (!exp || exp <= Date.now()) {
      localStorage.removeItem(KEY);
      return undefined;
    }
    return token;
  },
  set(token: string) {
    localStorage.setItem(KEY, token);
  },
  clear() {
    localStorage.removeItem(KEY);
    handed = undefined;
  },
  /** Keeps the signed-in user a sign-in answered with for the shell, which puts it in the query cache. */
  handOver(user: unknown) {
    handed = user;
  },
  /** The user handed over by a sign-in, once. */
  takeUser<T>(): T | undefined {
    const user = handed as T | undefined;
    handed = undefined;
    return user;
  },
  isSignedIn(): boolean {
    return session.get() !== undefined;
  },
};
