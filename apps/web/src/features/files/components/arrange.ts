import type { FileItem, FileManagerListing, Pagination } from '@cuadre/contracts';
import type { ListConfig, ListParams } from '@/components/list-kit/list-params';

export const FILE_SORTS = ['name', 'type', 'size', 'modifiedAt'] as const;
export type FileSort = (typeof FILE_SORTS)[number];
export const FILE_LIST: ListConfig<FileSort, never> = { sorts: FILE_SORTS, defaultSort: 'name', defaultOrder: 'asc' };

/**
 * One folder's rows as the list shows them: the search (a part of the name, any case), folders before
 * files, each in the chosen order (the API's name order by default), one page of them. The folder is
 * read whole (a folder holds tens of items, not thousands), so this is done here, not on the server.
 */
export function arrangeItems(listing: FileManagerListing, params: ListParams<FileSort, never>, locale: string): { items: FileItem[]; pagination: Pagination } {
  const needle = params.search.trim().toLocaleLowerCase(locale);
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const dir = params.order === 'desc' ? -1 : 1;
  const compare = (a: FileItem, b: FileItem) => {
    const byName = collator.compare(a.name, b.name);
    if (params.sort === 'name') return dir * byName;
    const key = params.sort;
    const diff = key === 'size' ? a.size - b.size : key === 'type' ? collator.compare(a.type, b.type) : a.modifiedAt.localeCompare(b.modifiedAt);
    return dir * diff || byName;
  };
  const match = (i: FileItem) => !needle || i.name.toLocaleLowerCase(locale).includes(needle);
  const all = [...listing.folders.filter(match).sort(compare), ...listing.files.filter(match).sort(compare)];
  const lastPage = Math.max(1, Math.ceil(all.length / params.size));
  const page = Math.min(params.page, lastPage);
  return { items: all.slice((page - 1) * params.size, page * params.size), pagination: { page, size: params.size, total: all.length, lastPage } };
}

/** A size in bytes in the reader's language: "622 bytes", "12.5 kB", "3.2 MB" (bytes in words: "622 byte" read wrong). */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let u = 0;
  while (value >= 1024 && u < units.length - 1) {
    value /= 1024;
    u += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[u],
    unitDisplay: u === 0 ? 'long' : 'short',
    maximumFractionDigits: u === 0 ? 0 : 1,
  }).format(value);
}
