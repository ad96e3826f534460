import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZES } from '@cuadre/contracts';
import { useDebounced } from '@/lib/use-debounced';

export type SortOrder = 'asc' | 'desc';
export type PageSize = (typeof PAGE_SIZES)[number];

/** What a list says about its address: the columns it sorts by, its default order, and its filters' allowed values. */
export interface ListConfig<S extends string, F extends string> {
  sorts: readonly S[];
  defaultSort: S;
  defaultOrder: SortOrder;
  /** Each filter's allowed values; `null` for free text (a plan id, a category...). */
  filters?: Record<F, readonly string[] | null>;
}

/** A list's state as the address holds it, so a reload or a shared link shows the same page. */
export interface ListParams<S extends string, F extends string> {
  search: string;
  sort: S;
  order: SortOrder;
  page: number;
  size: PageSize;
  filters: Partial<Record<F, string>>;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

export const defaultsOf = <S extends string, F extends string>(c: ListConfig<S, F>): ListParams<S, F> => ({
  search: '',
  sort: c.defaultSort,
  order: c.defaultOrder,
  page: 1,
  size: PAGE_SIZES[0],
  filters: {},
});

/** Reads the state from a query string; anything unknown or malformed falls back to the default. */
export function parseListParams<S extends string, F extends string>(c: ListConfig<S, F>, sp: URLSearchParams): ListParams<S, F> {
  const page = Number(sp.get('page'));
  const size = Number(sp.get('size'));
  const filters: Partial<Record<F, string>> = {};
  for (const [name, allowed] of Object.entries(c.filters ?? {}) as [F, readonly string[] | null][]) {
    const raw = sp.get(name)?.trim().slice(0, 80);
    const value = allowed ? oneOf(allowed, raw ?? null) : raw || undefined;
    if (value) filters[name] = value;
  }
  return {
    search: (sp.get('search') ?? '').slice(0, 120),
    sort: oneOf(c.sorts, sp.get('sort')) ?? c.defaultSort,
    order: oneOf(['asc', 'desc'] as const, sp.get('order')) ?? c.defaultOrder,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : PAGE_SIZES[0],
    filters,
  };
}

/** Writes only what differs from the defaults, so the address stays short. */
export function toSearchParams<S extends string, F extends string>(c: ListConfig<S, F>, p: ListParams<S, F>): URLSearchParams {
  const sp = new URLSearchParams();
  if (p.search.trim()) sp.set('search', p.search);
  for (const [name, value] of Object.entries(p.filters) as [F, string | undefined][]) if (value) sp.set(name, value);
  if (p.sort !== c.defaultSort || p.order !== c.defaultOrder) {
    sp.set('sort', p.sort);
    sp.set('order', p.order);
  }
  if (p.page !== 1) sp.set('page', String(p.page));
  if (p.size !== PAGE_SIZES[0]) sp.set('size', String(p.size));
  return sp;
}

/** What the server is asked (the list query of docs/product.md, "Lists"): every field explicit, no empty search. */
export const toApiQuery = <S extends string, F extends string>(p: ListParams<S, F>) => ({
  search: p.search.trim() || undefined,
  sort: p.sort,
  order: p.order,
  page: p.page,
  size: p.size,
  ...p.filters,
});

/**
 * The list's own keys from `next`, and every other key of the address as it was: the month in view
 * (`year`, `month`) and whatever else the page keeps there travel on untouched.
 */
export function keepOthers<S extends string, F extends string>(c: ListConfig<S, F>, current: URLSearchParams, next: URLSearchParams): URLSearchParams {
  const own = new Set(['search', 'sort', 'order', 'page', 'size', ...Object.keys(c.filters ?? {})]);
  const out = new URLSearchParams();
  for (const [k, v] of current) if (!own.has(k)) out.append(k, v);
  for (const [k, v] of next) out.append(k, v);
  return out;
}

export interface ListState<S extends string, F extends string> {
  config: ListConfig<S, F>;
  params: ListParams<S, F>;
  /** Any change but paging starts again at page 1, where the new results begin. */
  setParams: (patch: Partial<Omit<ListParams<S, F>, 'filters'>> & { filters?: Partial<Record<F, string | undefined>> }) => void;
  /** The search box's text now; it reaches `params.search` 300 ms after the typing stops. */
  searchText: string;
  setSearchText: (text: string) => void;
  hasFilters: boolean;
  clearFilters: () => void;
  toggleSort: (column: S) => void;
}

/** A list's state, kept in the address (see ListParams), with the search box debounced by 300 ms. */
export function useListParams<S extends string, F extends string = never>(config: ListConfig<S, F>): ListState<S, F> {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseListParams(config, searchParams), [config, searchParams]);
  const setParams = useCallback<ListState<S, F>['setParams']>(
    (patch) => {
      const filters = { ...params.filters, ...patch.filters };
      setSearchParams((current) => keepOthers(config, current, toSearchParams(config, { ...params, ...patch, filters, page: patch.page ?? 1 })), {
        replace: true,
      });
    },
    [config, params, setSearchParams],
  );

  const [searchText, setSearchText] = useState(params.search);
  const debounced = useDebounced(searchText, 300);
  // Only the typed text pushes a search into the address; only a changed address (the back button,
  // a link) puts its search in the box. Each effect reads the other side as it is now.
  const pushSearch = useEffectEvent((text: string) => {
    if (text !== params.search) setParams({ search: text });
  });
  useEffect(() => pushSearch(debounced), [debounced]);
  const showSearch = useEffectEvent((search: string) => {
    if (search !== debounced) setSearchText(search);
  });
  useEffect(() => showSearch(params.search), [params.search]);

  const hasFilters = !!params.search || Object.values(params.filters).some(Boolean);
  const clearFilters = useCallback(() => {
    setSearchText('');
    setSearchParams((current) => keepOthers(config, current, toSearchParams(config, { ...params, search: '', filters: {}, page: 1 })), { replace: true });
  }, [config, params, setSearchParams]);
  const toggleSort = useCallback(
    (column: S) => setParams({ sort: column, order: params.sort === column && params.order === 'asc' ? 'desc' : 'asc' }),
    [params, setParams],
  );

  return { config, params, setParams, searchText, setSearchText, hasFilters, clearFilters, toggleSort };
}
