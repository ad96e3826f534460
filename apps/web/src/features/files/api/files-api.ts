import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZFileItem, ZFileManagerListing, ZFileQuota, type FileItemPatch } from '@cuadre/contracts';
import { api } from '@/lib/api';
import { downloadFile } from '@/lib/download';

/** The file manager's calls (spec 001 §7 "File manager", and the calls that change folders and files). */
export const filesKeys = { all: ['files'] as const, quota: ['files', 'quota'] as const };

/** A folder's listing; `null` (the text) is the root. */
export const folderQuery = (folderId: string) =>
  queryOptions({
    queryKey: ['files', 'folder', folderId],
    queryFn: ({ signal }) => api('apps/file-manager', { query: { folderId }, schema: ZFileManagerListing, signal }),
  });

export const quotaQuery = queryOptions({
  queryKey: filesKeys.quota,
  queryFn: ({ signal }) => api('apps/file-manager/quota', { schema: ZFileQuota, signal }),
});

export const createFolder = (body: { folderId: string | null; name: string }) => api('apps/file-manager/folder', { method: 'POST', body, schema: ZFileItem });

export const uploadFile = (folderId: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api('apps/file-manager/upload', { method: 'POST', query: { folderId }, body: form, schema: ZFileItem });
};

export const updateItem = (patch: FileItemPatch) => api('apps/file-manager', { method: 'PATCH', body: patch, schema: ZFileItem });

export const deleteItem = (id: string) => api('apps/file-manager', { method: 'DELETE', query: { id }, schema: z.literal(true) });

export const downloadItem = (id: string, name: string) => downloadFile(`/api/apps/file-manager/download?${new URLSearchParams({ id, download: '1' })}`, name);
