import { z } from 'zod/mini';
import { optionalText, requiredText } from '../books/numbers.js';
import { text } from '../common/text.js';

/**
 * The file manager (spec 001 §3 "File manager", §7): folders and files of one owner, and the
 * read-only "Receipts" folder that shows the books' receipts by year and month.
 */

/** The read-only folder of the books' receipts; its years are `receipts:2026`, its months `receipts:2026-03`. */
export const RECEIPTS_FOLDER_ID = 'receipts';
/** A file kept in the file manager: at most this many bytes. */
export const MAX_STORED_FILE_BYTES = 25 * 1024 * 1024;
/** The file types an upload may have, each recognised by its bytes. */
export const FILE_TYPES = ['PDF', 'JPG', 'PNG', 'WEBP', 'GIF', 'TXT', 'CSV', 'DOC', 'XLS', 'DOCX', 'XLSX'] as const;

/**
 * A folder id: a folder's uuid, `receipts` and its years and months, or the text `null` (the root).
 * Checked by its pattern only: which folders exist is the service's question.
 */
export const ZFolderRef = text(
  60,
  z.trim(),
  z.refine(
    (v) => /^(null|receipts(:\d{4}(-\d{2})?)?|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/.test(v),
    'Not a valid folder id',
  ),
);
/** An item id: a folder's or a file's uuid, a receipts folder's id, or `receipt:<uuid>` for a receipt. */
export const ZItemRef = text(
  60,
  z.trim(),
  z.refine(
    (v) => /^(receipts(:\d{4}(-\d{2})?)?|(receipt:)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/.test(v),
    'Not a valid id',
  ),
);

export const ZFileItem = z.object({
  id: z.string(),
  /** The folder it is in; null at the root. */
  folderId: z.nullable(z.string()),
  name: z.string(),
  /** The name of the user who made it. */
  createdBy: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  modifiedAt: z.string(),
  /** Bytes: a file's size; a folder's is the total of every file inside it, at any depth. */
  size: z.int(),
  /** `folder`, or the file's type as its bytes say: PDF, JPG, PNG, WEBP, GIF, TXT, CSV, DOC, XLS, DOCX, XLSX. */
  type: z.string(),
  /** A folder: how many folders and files are directly inside it. A file: null. */
  contents: z.nullable(z.int()),
  description: z.nullable(z.string()),
  /** The receipts folder and what it holds: not renamed, moved, moved into or deleted. */
  readOnly: z.boolean(),
  /** A receipt: the in-app path of the list that shows its entry. Otherwise null. */
  link: z.nullable(z.string()),
});
export type FileItem = z.infer<typeof ZFileItem>;

export const ZFileManagerQuery = z.object({ folderId: z._default(ZFolderRef, 'null') });
export const ZFileManagerListing = z.object({
  folders: z.array(ZFileItem),
  files: z.array(ZFileItem),
  /** The breadcrumb: the folders from the root down to the one listed (empty at the root). */
  path: z.array(ZFileItem),
});
export type FileManagerListing = z.infer<typeof ZFileManagerListing>;

export const ZFolderCreateBody = z.strictObject({
  /** The parent folder's id; null or absent: the root. */
  folderId: z.optional(z.nullable(text(36, z.trim()))),
  name: requiredText(200, 'The name'),
  description: optionalText(1000),
});
export type FolderCreateBody = z.infer<typeof ZFolderCreateBody>;

/** Rename, describe or move one folder or file (absent fields stay as they are). `folderId: null` moves it to the root. */
export const ZFileItemPatch = z.strictObject({
  id: ZItemRef,
  name: z.optional(requiredText(200, 'The name')),
  description: optionalText(1000),
  folderId: z.optional(z.nullable(text(36, z.trim()))),
});
export type FileItemPatch = z.infer<typeof ZFileItemPatch>;

export const ZFileItemIdQuery = z.object({ id: ZItemRef });
export const ZUploadQuery = z.object({ folderId: z._default(ZFolderRef, 'null') });
export const ZDownloadQuery = z.object({ id: ZItemRef, download: z.optional(z.enum(['0', '1', 'true', 'false'])) });

/** What the account's stored bytes are, by kind: together they are `used`. */
export const ZStorageParts = z.object({
  /** The file manager's files. */
  files: z.int(),
  /** The books' receipts. */
  receipts: z.int(),
  /** The contacts' avatars. */
  avatars: z.int(),
  /** The inventory products' images. */
  productImages: z.int(),
});
export type StorageParts = z.infer<typeof ZStorageParts>;

/** The account's storage: every byte the owner stores (files, receipts, avatars, product images), the quota, what is left. */
export const ZFileQuota = z.object({ used: z.int(), limit: z.int(), left: z.int(), maxFileBytes: z.int(), parts: ZStorageParts });
export type FileQuota = z.infer<typeof ZFileQuota>;
