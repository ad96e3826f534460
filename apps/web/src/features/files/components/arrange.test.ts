import { describe, expect, it } from 'vitest';
import type { FileItem } from '@cuadre/contracts';
import { arrangeItems, formatBytes } from './arrange';

const item = (name: string, type: string, size = 0, modifiedAt = '2026-01-01T00:00:00.000Z'): FileItem => ({
  id: name,
  folderId: null,
  name,
  createdBy: 'Ana',
  createdAt: modifiedAt,
  modifiedAt,
  size,
  type,
  contents: type === 'folder' ? 0 : null,
  description: null,
  readOnly: false,
  link: null,
});
const listing = {
  folders: [item('Beta', 'folder', 30), item('alpha', 'folder', 10)],
  files: [item('z.pdf', 'PDF', 5, '2026-03-01T00:00:00.000Z'), item('a.csv', 'CSV', 50, '2026-02-01T00:00:00.000Z'), item('b.txt', 'TXT', 1)],
  path: [],
};
const params = { search: '', sort: 'name' as const, order: 'asc' as const, page: 1, size: 10 as const, filters: {} };

describe('arrangeItems', () => {
  it('puts folders before files, each by name without regard to case', () => {
    expect(arrangeItems(listing, params, 'en').items.map((i) => i.name)).toEqual(['alpha', 'Beta', 'a.csv', 'b.txt', 'z.pdf']);
  });
  it('sorts by size or date in either order, folders still first', () => {
    expect(arrangeItems(listing, { ...params, sort: 'size', order: 'desc' }, 'en').items.map((i) => i.name)).toEqual([
      'Beta',
      'alpha',
      'a.csv',
      'z.pdf',
      'b.txt',
    ]);
    expect(arrangeItems(listing, { ...params, sort: 'modifiedAt' }, 'en').items.map((i) => i.name)).toEqual(['alpha', 'Beta', 'b.txt', 'a.csv', 'z.pdf']);
  });
  it('searches a part of the name and pages the result', () => {
    expect(arrangeItems(listing, { ...params, search: 'A' }, 'en').items.map((i) => i.name)).toEqual(['alpha', 'Beta', 'a.csv']);
    const many = { folders: [], files: Array.from({ length: 23 }, (_, i) => item(`f${i}.txt`, 'TXT')), path: [] };
    const third = arrangeItems(many, { ...params, page: 3 }, 'en');
    expect(third.pagination).toEqual({ page: 3, size: 10, total: 23, lastPage: 3 });
    expect(third.items).toHaveLength(3);
    // A page past the end shows the last one.
    expect(arrangeItems(many, { ...params, page: 9 }, 'en').pagination.page).toBe(3);
  });
});

describe('formatBytes', () => {
  it('writes sizes in the reader’s language', () => {
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(622, 'tr')).toBe('622 bayt');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(10 * 1024 * 1024, 'es')).toBe('10 MB');
  });
});
