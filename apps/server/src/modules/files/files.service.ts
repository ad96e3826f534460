import {
  ErrorCode,
  MAX_STORED_FILE_BYTES,
  RECEIPTS_FOLDER_ID,
  type FileItem,
  type FileItemPatch,
  type FileManagerListing,
  type FileQuota,
  type FolderCreateBody,
  type Language,
} from '@cuadre/contracts';
import { afterCommit, withTransaction, type Db } from '../../db/client.js';
import { AppError, conflict, notFound, validation } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import { readerLanguage } from '../../lib/language.js';
import type { Authenticated } from '../auth/index.js';
import { entryLink } from '../panels/index.js';
import { cleanName, sniffFile } from './file-types.js';
import { FilesRepository, type FileRow, type ReceiptRow } from './files.repository.js';
import type { StorageQuota } from './storage.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Folders and files by name in the reader's language (Spanish puts ñ after n, Turkish ç after c), ties by id. */
function byNameIn(language: Language) {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  return (a: FileItem, b: FileItem) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
/** Two names are the same in one folder whatever their case ("Invoices" and "INVOICES"); accents still count. */
const sameName = (a: string, b: string) => a.localeCompare(b, 'und', { sensitivity: 'accent' }) === 0;
const iso = (d: Date | string) => new Date(d).toISOString();
const readOnly = () => new AppError(409, ErrorCode.CONFLICT, 'The Receipts folder is read-only: its files come from the books');
const isReceiptsRef = (id: string) => id === RECEIPTS_FOLDER_ID || id.startsWith(`${RECEIPTS_FOLDER_ID}:`) || id.startsWith('receipt:');
const RECEIPTS_LABEL = 'Receipts';

/** The folders and files of the root, or of a folder, and the ancestors between. */
interface Tree {
  rows: FileRow[];
  byId: Map<string, FileRow>;
  children: Map<string | null, FileRow[]>;
}

function treeOf(rows: FileRow[]): Tree {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const children = new Map<string | null, FileRow[]>();
  for (const r of rows) {
    const list = children.get(r.parentId) ?? [];
    list.push(r);
    children.set(r.parentId, list);
  }
  return { rows, byId, children };
}

/** Every item inside `id`, at any depth (not `id` itself). */
function descendants(tree: Tree, id: string): FileRow[] {
  const out: FileRow[] = [];
  const stack = [...(tree.children.get(id) ?? [])];
  while (stack.length) {
    const r = stack.pop()!;
    out.push(r);
    stack.push(...(tree.children.get(r.id) ?? []));
  }
  return out;
}

function toItem(tree: Tree, r: FileRow): FileItem {
  const folder = r.type === 'folder';
  return {
    id: r.id,
    folderId: r.parentId,
    name: r.name,
    createdBy: r.createdBy,
    createdAt: iso(r.createdAt),
    modifiedAt: iso(r.modifiedAt),
    size: folder ? descendants(tree, r.id).reduce((sum, d) => sum + d.size, 0) : r.size,
    type: r.type,
    contents: folder ? (tree.children.get(r.id)?.length ?? 0) : null,
    description: r.description,
    readOnly: false,
    link: null,
  };
}

/**
 * The file manager's rules: folders nest, files are checked by their bytes and kept in the receipts'
 * file store, a per-account quota, a move never into the item itself or what is inside it, a delete
 * takes a folder's contents with it; the virtual "Receipts" folder shows the books' receipts by year
 * and month and cannot be changed.
 */
export class FilesService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly storage: StorageQuota,
  ) {}

  async list(auth: Authenticated, folderId: string): Promise<FileManagerListing> {
    const repo = new FilesRepository(this.db, auth.user.id);
    const byName = byNameIn(readerLanguage(auth));
    if (isReceiptsRef(folderId)) return this.listReceipts(repo, auth, folderId, byName);
    const tree = treeOf(await repo.all());
    const parent = folderId === 'null' ? null : folderId;
    if (parent !== null && tree.byId.get(parent)?.type !== 'folder') throw notFound('Folder');
    const inside = (tree.children.get(parent) ?? []).map((r) => toItem(tree, r));
    const folders = inside.filter((i) => i.type === 'folder');
    if (parent === null) folders.push(await this.receiptsFolder(repo, auth));
    const path: FileItem[] = [];
    for (let at = parent; at !== null;) {
      const row = tree.byId.get(at)!;
      path.unshift(toItem(tree, row));
      at = row.parentId;
    }
    return { folders: folders.sort(byName), files: inside.filter((i) => i.type !== 'folder').sort(byName), path };
  }

  async quota(auth: Authenticated): Promise<FileQuota> {
    const parts = await this.storage.parts(this.db, auth.user.id);
    const used = parts.files + parts.receipts + parts.avatars + parts.productImages;
    const limit = this.storage.limitBytes;
    return { used, limit, left: Math.max(0, limit - used), maxFileBytes: MAX_STORED_FILE_BYTES, parts };
  }

  async createFolder(auth: Authenticated, body: FolderCreateBody): Promise<FileItem> {
    const parentId = body.folderId ?? null;
    return withTransaction(this.db, async (tx) => {
      const repo = new FilesRepository(tx, auth.user.id);
      // The owner's lock: two at once cannot both find a name free in one folder.
      await this.storage.lock(tx, auth.user.id);
      await this.assertFolder(repo, parentId, 'folderId');
      await this.assertFreeName(repo, parentId, body.name, null, 'name');
      const row = await repo.insert({ parentId, name: body.name, type: 'folder', size: 0, description: body.description ?? null, createdBy: auth.user.name });
      return toItem(treeOf([row]), row);
    });
  }

  async upload(auth: Authenticated, folderId: string, upload: { data: Buffer; filename: string }): Promise<FileItem> {
    const ownerId = auth.user.id;
    const parentId = folderId === 'null' ? null : folderId;
    if (parentId !== null && isReceiptsRef(parentId)) throw readOnly();
    if (parentId !== null && !UUID.test(parentId)) throw notFound('Folder');
    if (upload.data.length > MAX_STORED_FILE_BYTES)
      throw new AppError(413, ErrorCode.TOO_LARGE, `The file is larger than ${MAX_STORED_FILE_BYTES / 1024 / 1024} MB`);
    const name = cleanName(upload.filename);
    const sniffed = sniffFile(upload.data, name);
    if (!sniffed)
      throw new AppError(
        415,
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        'This file is not one the file manager keeps, or its name says another type than its contents: upload a PDF, an image (JPG, PNG, WebP, GIF), a text or CSV file, or a Word or Excel document',
      );
    // A first look before anything is written; the transaction looks again under the owner's lock.
    await this.storage.assertRoom(this.db, ownerId, upload.data.length);
    const key = await this.files.put(ownerId, upload.data);
    try {
      return await withTransaction(this.db, async (tx) => {
        const repo = new FilesRepository(tx, ownerId);
        await this.storage.lock(tx, ownerId);
        await this.assertFolder(repo, parentId, 'folderId');
        await this.assertFreeName(repo, parentId, name, null, 'file');
        await this.storage.assertRoom(tx, ownerId, upload.data.length);
        const row = await repo.insert({
          parentId,
          name,
          type: sniffed.type,
          mime: sniffed.mime,
          size: upload.data.length,
          storageKey: key,
          createdBy: auth.user.name,
        });
        return toItem(treeOf([row]), row);
      });
    } catch (err) {
      await this.files.remove(key);
      throw err;
    }
  }

  async download(auth: Authenticated, id: string): Promise<{ name: string; mime: string; size: number; stream: NodeJS.ReadableStream }> {
    const repo = new FilesRepository(this.db, auth.user.id);
    if (id.startsWith('receipt:')) {
      const [row] = await repo.receipts({ id: id.slice('receipt:'.length) });
      if (!row || !(await this.files.exists(row.storageKey))) throw notFound('File');
      return { name: row.fileName, mime: row.mime, size: row.size, stream: this.files.read(row.storageKey) };
    }
    if (!UUID.test(id)) throw notFound('File');
    const row = await repo.one(id);
    if (!row || row.type === 'folder' || !row.storageKey || !row.mime || !(await this.files.exists(row.storageKey))) throw notFound('File');
    return { name: row.name, mime: row.mime, size: row.size, stream: this.files.read(row.storageKey) };
  }

  async update(auth: Authenticated, patch: FileItemPatch): Promise<FileItem> {
    if (isReceiptsRef(patch.id)) throw readOnly();
    return withTransaction(this.db, async (tx) => {
      const repo = new FilesRepository(tx, auth.user.id);
      // The owner's lock: two at once cannot both find a name free in one folder.
      await this.storage.lock(tx, auth.user.id);
      const tree = treeOf(await repo.all());
      const row = tree.byId.get(patch.id);
      if (!row) throw notFound('Item');
      const set: Partial<Pick<FileRow, 'name' | 'description' | 'parentId'>> = {};
      if (patch.name !== undefined) set.name = row.type === 'folder' ? patch.name : cleanName(patch.name);
      if (patch.description !== undefined) set.description = patch.description;
      if (patch.folderId !== undefined) {
        const target = patch.folderId;
        if (target !== null && isReceiptsRef(target)) throw readOnly();
        if (target !== null && tree.byId.get(target)?.type !== 'folder')
          throw validation('Choose a folder to move it into', [{ path: 'folderId', message: 'No such folder' }]);
        if (target === row.id || (target !== null && descendants(tree, row.id).some((d) => d.id === target)))
          throw conflict('A folder cannot be moved into itself or into a folder inside it', [{ path: 'folderId', message: 'A folder inside the one moved' }]);
        set.parentId = target;
      }
      if (set.name !== undefined || set.parentId !== undefined) {
        const parentId = set.parentId !== undefined ? set.parentId : row.parentId;
        this.assertFreeNameIn(tree, parentId, set.name ?? row.name, row.id, set.name !== undefined ? 'name' : 'folderId');
      }
      const updated = await repo.update(row.id, set);
      const after = treeOf(tree.rows.map((r) => (r.id === row.id ? updated! : r)));
      return toItem(after, updated!);
    });
  }

  async remove(auth: Authenticated, id: string): Promise<true> {
    if (isReceiptsRef(id)) throw readOnly();
    return withTransaction(this.db, async (tx) => {
      const repo = new FilesRepository(tx, auth.user.id);
      const tree = treeOf(await repo.all());
      const row = tree.byId.get(id);
      if (!row) throw notFound('Item');
      const gone = [row, ...descendants(tree, id)];
      await repo.remove([id]);
      const keys = gone.map((r) => r.storageKey).filter((k): k is string => !!k);
      afterCommit(tx, () => void Promise.all(keys.map((k) => this.files.remove(k))).catch(() => undefined));
      return true as const;
    });
  }

  private async assertFolder(repo: FilesRepository, id: string | null, field: string) {
    if (id === null) return;
    if (isReceiptsRef(id)) throw readOnly();
    const row = UUID.test(id) ? await repo.one(id) : undefined;
    if (!row || row.type !== 'folder') throw validation('No such folder', [{ path: field, message: 'No such folder' }]);
  }

  /** 409 when the folder already holds an item of that name, whatever its case (the item itself aside). */
  private async assertFreeName(repo: FilesRepository, parentId: string | null, name: string, self: string | null, field: string) {
    this.assertFreeNameIn(treeOf(await repo.all()), parentId, name, self, field);
  }

  private assertFreeNameIn(tree: Tree, parentId: string | null, name: string, self: string | null, field: string) {
    const taken = (tree.children.get(parentId) ?? []).find((r) => r.id !== self && sameName(r.name, name));
    // The root also shows the read-only Receipts folder: a second "Receipts" there would be two of one name.
    if (taken || (parentId === null && sameName(name, RECEIPTS_LABEL))) {
      const what = taken?.type === 'folder' || (!taken && parentId === null) ? 'A folder' : 'A file';
      throw conflict(`${what} named "${taken?.name ?? RECEIPTS_LABEL}" is already in this folder: choose another name`, [
        { path: field, message: 'This name is taken in this folder' },
      ]);
    }
  }

  // The Receipts folder

  private async receiptsFolder(repo: FilesRepository, auth: Authenticated): Promise<FileItem> {
    const months = await repo.receiptMonths();
    const years = new Set(months.map((m) => m.month.slice(0, 4)));
    return this.virtualFolder(RECEIPTS_FOLDER_ID, null, RECEIPTS_LABEL, months, years.size, auth);
  }

  private virtualFolder(
    id: string,
    folderId: string | null,
    name: string,
    months: { size: number; first: Date; last: Date }[],
    contents: number,
    auth: Authenticated,
  ): FileItem {
    const first = months.length ? Math.min(...months.map((m) => new Date(m.first).getTime())) : new Date(auth.user.createdAt).getTime();
    const last = months.length ? Math.max(...months.map((m) => new Date(m.last).getTime())) : first;
    return {
      id,
      folderId,
      name,
      createdBy: auth.user.name,
      createdAt: new Date(first).toISOString(),
      modifiedAt: new Date(last).toISOString(),
      size: months.reduce((s, m) => s + Number(m.size), 0),
      type: 'folder',
      contents,
      description: null,
      readOnly: true,
      link: null,
    };
  }

  private async listReceipts(
    repo: FilesRepository,
    auth: Authenticated,
    folderId: string,
    byName: (a: FileItem, b: FileItem) => number,
  ): Promise<FileManagerListing> {
    const m = /^receipts(?::(\d{4})(?:-(\d{2}))?)?$/.exec(folderId);
    if (!m) throw notFound('Folder');
    const months = await repo.receiptMonths();
    const years = [...new Set(months.map((x) => x.month.slice(0, 4)))];
    const root = this.virtualFolder(RECEIPTS_FOLDER_ID, null, RECEIPTS_LABEL, months, years.length, auth);
    const yearFolder = (y: string) => {
      const of = months.filter((x) => x.month.startsWith(`${y}-`));
      return this.virtualFolder(`${RECEIPTS_FOLDER_ID}:${y}`, RECEIPTS_FOLDER_ID, y, of, of.length, auth);
    };
    const monthFolder = (mm: (typeof months)[number]) =>
      this.virtualFolder(`${RECEIPTS_FOLDER_ID}:${mm.month}`, `${RECEIPTS_FOLDER_ID}:${mm.month.slice(0, 4)}`, mm.month, [mm], mm.count, auth);
    const [, year, month] = m;
    if (!year) return { folders: years.map(yearFolder).sort(byName), files: [], path: [root] };
    if (!years.includes(year)) throw notFound('Folder');
    if (!month)
      return {
        folders: months
          .filter((x) => x.month.startsWith(`${year}-`))
          .map(monthFolder)
          .sort(byName),
        files: [],
        path: [root, yearFolder(year)],
      };
    const mm = months.find((x) => x.month === `${year}-${month}`);
    if (!mm) throw notFound('Folder');
    const rows = await repo.receipts({ year: Number(year), month: Number(month) });
    const files = rows.map((r) => this.receiptItem(r, folderId, auth)).sort(byName);
    return { folders: [], files, path: [root, yearFolder(year), monthFolder(mm)] };
  }

  private receiptItem(r: ReceiptRow, folderId: string, auth: Authenticated): FileItem {
    const type = { 'image/jpeg': 'JPG', 'image/png': 'PNG', 'image/webp': 'WEBP', 'application/pdf': 'PDF' }[r.mime] ?? 'FILE';
    return {
      id: `receipt:${r.id}`,
      folderId,
      name: r.fileName,
      createdBy: auth.user.name,
      createdAt: iso(r.createdAt),
      modifiedAt: iso(r.createdAt),
      size: Number(r.size),
      type,
      contents: null,
      description: r.description ? `${r.date} · ${r.description}` : r.date,
      readOnly: true,
      link: entryLink(r.entryType, r.date, r.description ?? undefined),
    };
  }
}
