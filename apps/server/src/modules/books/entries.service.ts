import {
  ErrorCode,
  MAX_ATTACHMENT_BYTES,
  type Attachment,
  type Entry,
  type EntryBatchResult,
  type EntryInput,
  type EntryList,
  type EntryPatchInput,
  type EntryQuery,
  type ErrorDetail,
  type Language,
} from '@cuadre/contracts';
import { afterCommit, withTransaction, type Db, type Tx } from '../../db/client.js';
import { AppError, conflict, notFound, validation } from '../../lib/errors.js';
import { readerLanguage } from '../../lib/language.js';
import { sniffReceipt, type FileStore } from '../../lib/file-store.js';
import type { Authenticated } from '../auth/index.js';
import { StorageQuota } from '../files/index.js';
import type { BudgetOwner } from '../finance/index.js';
import { StockLedger, type StockLine } from '../inventory/index.js';
import { AuditRepository } from './audit.repository.js';
import { EntriesRepository, entryListJson, type NewEntry } from './entries.repository.js';
import { rowToLine, toAttachment, toEntry, type Line } from './entries.mapper.js';
import { refsWanted, resolveLine } from './entry-rules.js';
import { PeriodsRepository } from './periods.repository.js';
import { cleanFileName } from './receipt-names.js';
import { loadReferences } from './references.js';

/** The ledger's rules: every write checked, in one transaction with its period check and its audit. */
export class EntriesService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly storage: StorageQuota,
    /** Runs after a write of entries has committed, with the dates written (the budget warnings). */
    private readonly afterWrite?: (owner: BudgetOwner, dates: string[]) => Promise<unknown>,
  ) {}

  /** A page of the ledger as the wire shows it, JSON made by the database (one prepared statement; issue 31). */
  listJson(auth: Authenticated, q: EntryQuery): Promise<string> {
    return entryListJson(this.db, auth.user.id, readerLanguage(auth), q);
  }

  async list(auth: Authenticated, q: EntryQuery): Promise<EntryList> {
    return JSON.parse(await this.listJson(auth, q)) as EntryList; // the statement's JSON is an EntryList (test/entries-list.test.ts)
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
    const result = await withTransaction(this.db, async (tx) => {
      await alongside?.(tx);
      return this.writeIn(tx, { ownerId: auth.user.id, actorId: auth.user.id, language: readerLanguage(auth) }, lines, prefix, (i) =>
        bankRefs ? { bankRef: bankRefs[i] ?? null } : {},
      );
    });
    await this.written(
      auth.user,
      result.items.map((e) => e.date),
    );
    return result;
  }

  /**
   * Writes lines inside the caller's transaction, with every check, the closed-month lock, the stock
   * and the audit of any write; `extra` adds columns to each row (an import's bank reference, the
   * recurring template that made it). The recurring entries' scheduler and record call use it, and call
   * `written` once their transaction has committed.
   */
  async writeIn(
    tx: Tx,
    who: { ownerId: string; actorId: string; language: Language },
    lines: Line[],
    prefix: string,
    extra: (i: number) => Partial<NewEntry> = () => ({}),
  ): Promise<EntryBatchResult> {
    const { ownerId } = who;
    const refs = await loadReferences(tx, ownerId, refsWanted(lines));
    const details: ErrorDetail[] = [];
    const rows = lines.map((line, i) => resolveLine(line, refs, prefix ? `${prefix}${i}.` : '', details));
    await unknownStock(tx, ownerId, lines, (i) => (prefix ? `${prefix}${i}.` : ''), details);
    if (details.length) throw validation(lines.length > 1 ? 'Some lines are not valid; nothing was written' : 'The entry is not valid', details.slice(0, 100));
    await new PeriodsRepository(tx, ownerId).assertOpen(lines.map((l) => l.date));
    const repo = new EntriesRepository(tx, ownerId, who.language);
    const inserted = await repo.insertMany((rows as NewEntry[]).map((r, i) => ({ ...r, ...extra(i) })));
    await moveStock(tx, ownerId, inserted.map(stockLine), (i) => (prefix ? `${prefix}${i}.` : ''), lines.length);
    await new AuditRepository(tx, ownerId, who.actorId).recordMany(
      inserted.map((e) => ({ entity: 'entry', entityId: e.id, action: 'create', before: null, after: e })),
    );
    const items = (await repo.getMany(inserted.map((e) => e.id))).map(toEntry);
    return { items, count: items.length, amount: items.reduce((sum, e) => sum + e.amount, 0) };
  }

  /**
   * After the commit, so the check reads every write that committed before it (docs: budgets' warnings).
   * Whoever commits lines of `writeIn` calls it too (the recurring entries), with the owner's row.
   */
  async written(owner: BudgetOwner, dates: string[]) {
    // The entry is written whatever happens here; a warning that fails now is made by the month's next write.
    await this.afterWrite?.(owner, dates).catch(() => undefined);
  }

  async update(auth: Authenticated, id: string, patch: EntryPatchInput): Promise<Entry> {
    const ownerId = auth.user.id;
    const entry = await withTransaction(this.db, async (tx) => {
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
      await unknownStock(tx, ownerId, [line], () => '', details);
      if (!values || details.length) throw validation('The entry is not valid', details);
      // Both months: the one it leaves and the one it moves into.
      await new PeriodsRepository(tx, ownerId).assertOpen([before.date, values.date]);
      const after = await repo.update(id, values);
      await moveStock(tx, ownerId, [stockLine(after)], () => '', 1);
      await new AuditRepository(tx, ownerId, auth.user.id).record('entry', id, 'update', before, after);
      return toEntry((await repo.get(id))!);
    });
    await this.written(auth.user, [entry.date]);
    return entry;
  }

  async remove(auth: Authenticated, id: string): Promise<true> {
    const ownerId = auth.user.id;
    return withTransaction(this.db, async (tx) => {
      const repo = new EntriesRepository(tx, ownerId);
      const before = await repo.lock(id);
      if (!before) throw notFound('Entry');
      await new PeriodsRepository(tx, ownerId).assertOpen([before.date]);
      const files = await repo.attachmentsOf(id);
      // The stock it moved moves back first (refused if that would leave less than is reserved).
      const problems = await new StockLedger(tx, ownerId).sync([{ ...stockLine(before), productId: null }]);
      if (problems.length) throw conflict(`The stock cannot move back: ${problems[0]!.message}`);
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
    // Receipts count in the owner's storage quota with their other files (a first look before writing).
    await this.storage.assertRoom(this.db, ownerId, upload.data.length);
    const key = await this.files.put(ownerId, upload.data);
    try {
      return await withTransaction(this.db, async (tx) => {
        const repo = new EntriesRepository(tx, ownerId);
        const entry = await repo.lock(entryId);
        if (!entry) throw notFound('Entry');
        await new PeriodsRepository(tx, ownerId).assertOpen([entry.date]);
        await this.storage.reserve(tx, ownerId, upload.data.length);
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

/** What an entry row says about stock. */
const stockLine = (e: { id: string; type: StockLine['type']; date: string; inventoryProductId: string | null; quantity: number | null }): StockLine => ({
  entryId: e.id,
  type: e.type,
  date: e.date,
  productId: e.inventoryProductId,
  units: e.quantity === null ? null : e.quantity / 1000,
});

/** Moves the stock the entries now name; a line the stock cannot follow refuses the whole write (nothing stays). */
async function moveStock(tx: Tx, ownerId: string, lines: StockLine[], prefixOf: (i: number) => string, count: number) {
  const problems = await new StockLedger(tx, ownerId).sync(lines);
  if (problems.length)
    throw validation(
      count > 1 ? 'Some lines are not valid; nothing was written' : 'The entry is not valid',
      problems.map((p) => ({ path: `${prefixOf(p.index)}${p.field}`, message: p.message })),
    );
}

/** An inventory product that is not the owner's reads as "no such" (before any write). */
async function unknownStock(tx: Tx, ownerId: string, lines: Line[], prefixOf: (i: number) => string, details: ErrorDetail[]) {
  const known = await new StockLedger(tx, ownerId).known(lines.map((l) => l.inventoryProductId));
  lines.forEach((l, i) => {
    if (l.inventoryProductId && !known.has(l.inventoryProductId))
      details.push({ path: `${prefixOf(i)}inventoryProductId`, message: 'No such inventory product' });
  });
}
