import path from 'node:path';
import {
  ErrorCode,
  KINDS_FOR_TYPE,
  MAX_ATTACHMENT_BYTES,
  fromScaled,
  purchaseAmount,
  toScaled,
  type Attachment,
  type Entry,
  type EntryBatchResult,
  type EntryInput,
  type EntryList,
  type EntryPatchInput,
  type EntryQuery,
  type EntryType,
  type ErrorDetail,
} from '@cuadre/contracts';
import { afterCommit, withTransaction, type Db, type Tx } from '../../db/client.js';
import { AppError, notFound, validation } from '../../lib/errors.js';
import { readerLanguage } from '../../lib/language.js';
import { sniffReceipt, type FileStore } from '../../lib/file-store.js';
import type { Authenticated } from '../auth/index.js';
import { AuditRepository } from './audit.repository.js';
import { EntriesRepository, type AttachmentJson, type AttachmentRow, type DetailedEntry, type EntryRow, type NewEntry } from './entries.repository.js';
import { PeriodsRepository } from './periods.repository.js';
import { loadReferences, type References } from './references.js';

const toIso = (v: string | Date) => new Date(v).toISOString();

export function toAttachment(a: AttachmentRow | AttachmentJson): Attachment {
  return { id: a.id, entryId: a.entryId, fileName: a.fileName, mime: a.mime, size: a.size, createdAt: toIso(a.createdAt) };
}

export function toEntry(d: DetailedEntry): Entry {
  const e = d.entry;
  return {
    id: e.id,
    type: e.type,
    date: e.date,
    amount: e.amount,
    categoryId: e.categoryId,
    categoryName: d.categoryName,
    subcategoryId: e.subcategoryId,
    subcategoryName: d.subcategoryName,
    paymentMethod: e.paymentMethod,
    reference: e.reference,
    description: e.description,
    workerId: e.workerId,
    workerName: d.workerName,
    providerId: e.providerId,
    providerName: d.providerName,
    productId: e.productId,
    productName: d.productName,
    quantity: e.quantity === null ? null : fromScaled(e.quantity, 3),
    unitCost: e.unitCost,
    hours: e.hours,
    attachments: d.attachments.map(toAttachment),
    createdAt: toIso(e.createdAt),
    updatedAt: toIso(e.updatedAt),
  };
}

/** A full set of an entry's fields, as written or as they stand after a change. */
type Line = Omit<EntryInput, 'paymentMethod'> & { paymentMethod: EntryInput['paymentMethod'] };

function rowToLine(e: EntryRow): Line {
  return {
    type: e.type,
    date: e.date,
    amount: e.amount as Line['amount'],
    categoryId: e.categoryId,
    subcategoryId: e.subcategoryId,
    paymentMethod: e.paymentMethod,
    reference: e.reference,
    description: e.description,
    workerId: e.workerId,
    providerId: e.providerId,
    productId: e.productId,
    quantity: e.quantity === null ? null : fromScaled(e.quantity, 3),
    unitCost: e.unitCost as Line['unitCost'],
    hours: e.hours,
  };
}

const NAMES: Record<EntryType, string> = {
  income: 'income',
  expense: 'an expense',
  purchase: 'a purchase',
  worker_payment: 'a worker payment',
  supplier_payment: 'a supplier payment',
};

/**
 * Checks one line against the rules of docs/product.md ("Entries") and turns it into the row to write, filling what a
 * product or a provider gives by default. Problems go into `details` under `prefix` (e.g.
 * "entries.3."); `before` is the entry being changed, whose references may stay as they are even
 * if deactivated since.
 */
function resolveLine(line: Line, refs: References, prefix: string, details: ErrorDetail[], before?: EntryRow): NewEntry | undefined {
  const start = details.length;
  const fail = (field: string, message: string) => details.push({ path: prefix + field, message });
  const changed = (field: keyof EntryRow, value: unknown) => !before || before[field] !== value;
  const t = line.type;

  if (t !== 'worker_payment') {
    if (line.workerId) fail('workerId', `Only a worker payment names a worker, not ${NAMES[t]}`);
    if (line.hours !== undefined && line.hours !== null) fail('hours', 'Only a worker payment records hours');
  }
  if (t !== 'purchase') {
    if (line.productId) fail('productId', 'Only a purchase names a product');
    if (line.quantity !== undefined && line.quantity !== null) fail('quantity', 'Only a purchase has a quantity');
    if (line.unitCost !== undefined && line.unitCost !== null) fail('unitCost', 'Only a purchase has a unit cost');
  }
  if ((t === 'income' || t === 'worker_payment') && line.providerId) fail('providerId', `A provider is not named on ${NAMES[t]}`);

  // The registries: the owner's own, active when newly named.
  const worker = line.workerId ? refs.workers.get(line.workerId) : undefined;
  if (t === 'worker_payment') {
    if (!line.workerId) fail('workerId', 'A worker payment names the worker paid');
    else if (!worker) fail('workerId', 'No such worker');
    else if (!worker.active && changed('workerId', line.workerId)) fail('workerId', 'This worker is inactive');
  }
  const provider = line.providerId ? refs.providers.get(line.providerId) : undefined;
  if (line.providerId && t !== 'income' && t !== 'worker_payment') {
    if (!provider) fail('providerId', 'No such provider');
    else if (!provider.active && changed('providerId', line.providerId)) fail('providerId', 'This provider is inactive');
  }
  if (t === 'supplier_payment' && !line.providerId) fail('providerId', 'A supplier payment names the provider paid');
  const product = line.productId ? refs.products.get(line.productId) : undefined;
  if (line.productId && t === 'purchase') {
    if (!product) fail('productId', 'No such product');
    else if (!product.active && changed('productId', line.productId)) fail('productId', 'This product is inactive');
  }

  // The amount: given, or for a purchase quantity × unit cost, rounded half up to the cent.
  let amount = line.amount as number | undefined;
  let quantity: number | null = null;
  let unitCost = (line.unitCost as number | null | undefined) ?? null;
  if (t === 'purchase') {
    if (unitCost === null && product?.defaultUnitCost) unitCost = product.defaultUnitCost;
    if (line.quantity !== undefined && line.quantity !== null) {
      quantity = toScaled(line.quantity, 3);
      if (unitCost === null) fail('unitCost', 'A purchase by quantity needs the unit cost');
      else {
        amount = purchaseAmount(quantity, unitCost);
        if (amount <= 0) fail('quantity', 'The quantity × unit cost comes to less than a cent');
        else if (amount > 100_000_000_000) fail('quantity', 'The quantity × unit cost is too large');
      }
    } else if (line.unitCost !== undefined && line.unitCost !== null) fail('quantity', 'Give the quantity with the unit cost');
  }
  if (amount === undefined) fail('amount', 'The amount is required');

  // The category: given, or the product's or the provider's default; of a kind that fits the type.
  const categoryId = line.categoryId ?? (t === 'purchase' ? product?.categoryId : undefined) ?? provider?.defaultCategoryId ?? undefined;
  const category = categoryId ? refs.categories.get(categoryId) : undefined;
  if (!categoryId) fail('categoryId', 'Choose a category');
  else if (!category) fail('categoryId', 'No such category');
  else if (!category.active && changed('categoryId', categoryId)) fail('categoryId', 'This category is inactive');
  else if (!KINDS_FOR_TYPE[t].includes(category.kind))
    fail('categoryId', `${category.name} is not a category for ${NAMES[t]} (use a category of kind ${KINDS_FOR_TYPE[t].join(' or ')})`);

  if (line.subcategoryId) {
    const sub = refs.subcategories.get(line.subcategoryId);
    if (!sub) fail('subcategoryId', 'No such subcategory');
    else if (sub.categoryId !== categoryId) fail('subcategoryId', 'The subcategory belongs to another category');
    else if (!sub.active && changed('subcategoryId', line.subcategoryId)) fail('subcategoryId', 'This subcategory is inactive');
  }
  if (details.length > start) return undefined;
  return {
    type: t,
    date: line.date,
    amount: amount!,
    categoryId: categoryId!,
    subcategoryId: line.subcategoryId ?? null,
    paymentMethod: line.paymentMethod,
    reference: line.reference || null,
    description: line.description || null,
    workerId: t === 'worker_payment' ? line.workerId! : null,
    providerId: line.providerId ?? (t === 'purchase' ? (product?.providerId ?? null) : null),
    productId: t === 'purchase' ? (line.productId ?? null) : null,
    quantity,
    unitCost: t === 'purchase' ? unitCost : null,
    hours: t === 'worker_payment' ? (line.hours ?? null) : null,
  };
}

function refsWanted(lines: Line[]) {
  return {
    subcategoryIds: lines.map((l) => l.subcategoryId),
    workerIds: lines.map((l) => l.workerId),
    providerIds: lines.map((l) => l.providerId),
    productIds: lines.map((l) => l.productId),
  };
}

/** The ledger's rules: every write checked, in one transaction with its period check and its audit. */
export class EntriesService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
  ) {}

  async list(auth: Authenticated, q: EntryQuery): Promise<EntryList> {
    const { items, total, amount } = await new EntriesRepository(this.db, auth.user.id, readerLanguage(auth)).list(q);
    return {
      items: items.map(toEntry),
      pagination: { page: q.page, size: q.size, total, lastPage: Math.max(1, Math.ceil(total / q.size)) },
      totals: { amount, count: total },
    };
  }

  async get(auth: Authenticated, id: string): Promise<Entry> {
    const row = await new EntriesRepository(this.db, auth.user.id, readerLanguage(auth)).get(id);
    if (!row) throw notFound('Entry');
    return toEntry(row);
  }

  async create(auth: Authenticated, body: EntryInput): Promise<Entry> {
    const [entry] = (await this.write(auth, [body], '')).items;
    return entry!;
  }

  /** Several lines, all or nothing: one bad line and nothing is written, its problems named by index. */
  async batch(auth: Authenticated, lines: EntryInput[]): Promise<EntryBatchResult> {
    return this.write(auth, lines, 'entries.');
  }

  /**
   * Lines from a bank statement: the same rules, all or nothing, each keeping the bank's id of its
   * transaction. `alongside` writes in the same transaction (the import's bank profile), so it lands
   * with the lines or not at all.
   */
  async importLines(auth: Authenticated, lines: EntryInput[], bankRefs: (string | null)[], alongside?: (tx: Tx) => Promise<void>): Promise<EntryBatchResult> {
    return this.write(auth, lines, 'rows.', bankRefs, alongside);
  }

  private async write(
    auth: Authenticated,
    lines: Line[],
    prefix: string,
    bankRefs?: (string | null)[],
    alongside?: (tx: Tx) => Promise<void>,
  ): Promise<EntryBatchResult> {
    const ownerId = auth.user.id;
    return withTransaction(this.db, async (tx) => {
      await alongside?.(tx);
      const refs = await loadReferences(tx, ownerId, refsWanted(lines));
      const details: ErrorDetail[] = [];
      const rows = lines.map((line, i) => resolveLine(line, refs, prefix ? `${prefix}${i}.` : '', details));
      if (details.length)
        throw validation(lines.length > 1 ? 'Some lines are not valid; nothing was written' : 'The entry is not valid', details.slice(0, 100));
      await new PeriodsRepository(tx, ownerId).assertOpen(lines.map((l) => l.date));
      const repo = new EntriesRepository(tx, ownerId, readerLanguage(auth));
      const inserted = await repo.insertMany((rows as NewEntry[]).map((r, i) => (bankRefs ? { ...r, bankRef: bankRefs[i] ?? null } : r)));
      await new AuditRepository(tx, ownerId, auth.user.id).recordMany(
        inserted.map((e) => ({ entity: 'entry', entityId: e.id, action: 'create', before: null, after: e })),
      );
      const items = (await repo.getMany(inserted.map((e) => e.id))).map(toEntry);
      return { items, count: items.length, amount: items.reduce((sum, e) => sum + e.amount, 0) };
    });
  }

  async update(auth: Authenticated, id: string, patch: EntryPatchInput): Promise<Entry> {
    const ownerId = auth.user.id;
    return withTransaction(this.db, async (tx) => {
      const repo = new EntriesRepository(tx, ownerId, readerLanguage(auth));
      const before = await repo.lock(id);
      if (!before) throw notFound('Entry');
      const current = rowToLine(before);
      const line: Line = { ...current };
      for (const [key, value] of Object.entries(patch)) if (value !== undefined) (line as Record<string, unknown>)[key] = value;
      // A purchase by quantity keeps its amount = quantity × unit cost; to set an amount alone, clear the quantity.
      const refs = await loadReferences(tx, ownerId, refsWanted([line]));
      const details: ErrorDetail[] = [];
      const values = resolveLine(line, refs, '', details, before);
      if (!values) throw validation('The entry is not valid', details);
      // Both months: the one it leaves and the one it moves into.
      await new PeriodsRepository(tx, ownerId).assertOpen([before.date, values.date]);
      const after = await repo.update(id, values);
      await new AuditRepository(tx, ownerId, auth.user.id).record('entry', id, 'update', before, after);
      return toEntry((await repo.get(id))!);
    });
  }

  async remove(auth: Authenticated, id: string): Promise<true> {
    const ownerId = auth.user.id;
    return withTransaction(this.db, async (tx) => {
      const repo = new EntriesRepository(tx, ownerId);
      const before = await repo.lock(id);
      if (!before) throw notFound('Entry');
      await new PeriodsRepository(tx, ownerId).assertOpen([before.date]);
      const files = await repo.attachmentsOf(id);
      await repo.remove(id);
      const audit = new AuditRepository(tx, ownerId, auth.user.id);
      await audit.recordMany([
        ...files.map((a) => ({ entity: 'attachment' as const, entityId: a.id, action: 'delete' as const, before: a, after: null })),
        { entity: 'entry', entityId: id, action: 'delete', before, after: null },
      ]);
      afterCommit(tx, () => void Promise.all(files.map((a) => this.files.remove(a.storageKey))).catch(() => undefined));
      return true as const;
    });
  }

  // Receipts

  async attach(auth: Authenticated, entryId: string, upload: { data: Buffer; filename: string }): Promise<Attachment> {
    const ownerId = auth.user.id;
    if (upload.data.length > MAX_ATTACHMENT_BYTES) throw new AppError(413, ErrorCode.TOO_LARGE, 'The file is larger than 10 MB');
    const mime = sniffReceipt(upload.data);
    if (!mime) throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Attach a JPEG, PNG, WebP image or a PDF');
    const fileName = cleanFileName(upload.filename, mime);
    const key = await this.files.put(ownerId, upload.data);
    try {
      return await withTransaction(this.db, async (tx) => {
        const repo = new EntriesRepository(tx, ownerId);
        const entry = await repo.lock(entryId);
        if (!entry) throw notFound('Entry');
        await new PeriodsRepository(tx, ownerId).assertOpen([entry.date]);
        const row = await repo.addAttachment({ entryId, fileName, mime, size: upload.data.length, storageKey: key });
        await new AuditRepository(tx, ownerId, auth.user.id).record('attachment', row.id, 'create', null, row);
        return toAttachment(row);
      });
    } catch (err) {
      await this.files.remove(key);
      throw err;
    }
  }

  async attachment(auth: Authenticated, id: string) {
    const row = await new EntriesRepository(this.db, auth.user.id).attachment(id);
    if (!row || !(await this.files.exists(row.storageKey))) throw notFound('Attachment');
    return { row, stream: this.files.read(row.storageKey) };
  }

  async detach(auth: Authenticated, id: string): Promise<true> {
    const ownerId = auth.user.id;
    return withTransaction(this.db, async (tx) => {
      const repo = new EntriesRepository(tx, ownerId);
      const row = await repo.attachment(id);
      if (!row) throw notFound('Attachment');
      const entry = await repo.lock(row.entryId);
      await new PeriodsRepository(tx, ownerId).assertOpen([entry!.date]);
      await repo.removeAttachment(id);
      await new AuditRepository(tx, ownerId, auth.user.id).record('attachment', id, 'delete', row, null);
      afterCommit(tx, () => void this.files.remove(row.storageKey).catch(() => undefined));
      return true as const;
    });
  }
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp', 'application/pdf': '.pdf' };

/** The name a receipt is shown and downloaded under: the client's base name, without control characters, ending as its type does. */
function cleanFileName(name: string, mime: string): string {
  let base = path
    .basename(name.replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 150);
  if (!base) base = 'receipt';
  const ext = EXTENSIONS[mime]!;
  if (!base.toLowerCase().endsWith(ext) && !(mime === 'image/jpeg' && base.toLowerCase().endsWith('.jpeg'))) base += ext;
  return base;
}
