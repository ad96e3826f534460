import { ACCOUNT_STATUSES, ADMIN_USER_SORTS, PAGE_SIZES, ROLES, type AccountStatus, type Role } from '@cuadre/contracts';

export type UserSort = (typeof ADMIN_USER_SORTS)[number];
export type SortOrder = 'asc' | 'desc';
export type PageSize = (typeof PAGE_SIZES)[number];

/** The users list as the URL holds it, so a reload or a shared link shows the same list. */
export interface UsersParams {
  search: string;
  role?: Role;
  plan?: string;
  status?: AccountStatus;
  sort: UserSort;
  order: SortOrder;
  page: number;
  size: PageSize;
}

/** Newest accounts first: what an administrator usually looks for. */
export const DEFAULT_USERS_PARAMS: UsersParams = { search: '', sort: 'createdAt', order: 'desc', page: 1, size: 10 };

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** Reads the list state from the query string; anything unknown or malformed falls back to the default. */
export function parseUsersParams(sp: URLSearchParams): UsersParams {
  const page = Number(sp.get('page'));
  const size = Number(sp.get('size'));
  const plan = sp.get('plan')?.trim();
  return {
    search: (sp.get('search') ?? '').slice(0, 120),
    role: oneOf(ROLES, sp.get('role')),
    plan: plan ? plan.slice(0, 40) : undefined,
    status: oneOf(ACCOUNT_STATUSES, sp.get('status')),
    sort: oneOf(ADMIN_USER_SORTS, sp.get('sort')) ?? DEFAULT_USERS_PARAMS.sort,
    order: oneOf(['asc', 'desc'] as const, sp.get('order')) ?? DEFAULT_USERS_PARAMS.order,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_USERS_PARAMS.size,
  };
}

/** Writes only what differs from the defaults, so the address stays short. */
export function toSearchParams(p: UsersParams): URLSearchParams {
  const sp = new URLSearchParams();
  if (p.search.trim()) sp.set('search', p.search);
  if (p.role) sp.set('role', p.role);
  if (p.plan) sp.set('plan', p.plan);
  if (p.status) sp.set('status', p.status);
  if (p.sort !== DEFAULT_USERS_PARAMS.sort || p.order !== DEFAULT_USERS_PARAMS.order) {
    sp.set('sort', p.sort);
    sp.set('order', p.order);
  }
  if (p.page !== 1) sp.set('page', String(p.page));
  if (p.size !== DEFAULT_USERS_PARAMS.size) sp.set('size', String(p.size));
  return sp;
}

/** What the server is asked: every field explicit, the search trimmed and left out when empty. */
export function toApiQuery(p: UsersParams) {
  return {
    search: p.search.trim() || undefined,
    role: p.role,
    plan: p.plan,
    status: p.status,
    sort: p.sort,
    order: p.order,
    page: p.page,
    size: p.size,
  };
}
