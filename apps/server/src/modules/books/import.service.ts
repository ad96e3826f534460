import type { ImportCommit, ImportMapping, ImportPreview, ImportPreviewBody, ImportRow, ImportRule, ImportRuleBody } from '@cuadre/contracts';
import { ZImportMapping } from '@cuadre/contracts';
import { withTransaction, type Db } from '../../db/client.js';
import { notFound, validation } from '../../lib/errors.js';
import type { Authenticated } from '../auth/index.js';
import type { EntriesService } from './entries.service.js';
import { csvRows, guessMapping, ofxRows, parseCsv, type StatementRow } from './import-parse.js';
import { fingerprint, ImportRepository } from './import.repository.js';
import { PeriodsRepository } from './periods.repository.js';
import { loadReferences } from './references.js';

const MAX_AMOUNT = 100_000_000_000;

/**
 * A bank statement into the books: a preview that writes nothing (each row's type, category, errors,
 * whether it is already in the books or in a closed month), then a commit of the rows the owner
 * chose, all in one transaction through the ledger's own rules.
 */
export class ImportService {
  constructor(
    private readonly db: Db,
    private readonly entries: EntriesService,
  ) {}

  async preview(auth: Authenticated, body: ImportPreviewBody, progress: Progress = noProgress): Promise<ImportPreview> {
    const repo = new ImportRepository(this.db, auth.user.id);
    let columns: string[] = [];
    let mapping: ImportMapping | null = null;
    let rows: StatementRow[];
    if (body.format === 'ofx') {
      try {
        rows = ofxRows(body.content);
      } catch (err) {
        throw validation((err as Error).message, [{ path: 'content', message: (err as Error).message }]);
      }
    } else {
      const [header = [], ...data] = parseCsv(body.content);
      columns = header.map((h) => h.trim());
      const saved = body.bank ? await repo.profile(body.bank) : undefined;
      const savedMapping = saved ? ZImportMapping.safeParse(saved.mapping) : undefined;
      mapping = body.mapping ?? (savedMapping?.success ? savedMapping.data : null) ?? guessMapping(columns, data.slice(0, 20));
      if (!mapping) {
        // Nothing to read yet: the columns, for the owner to map.
        return { columns, mapping: null, rows: [], counts: { rows: data.length, ready: 0, errors: 0, duplicates: 0 } };
      }
      const missing = [mapping.date, mapping.description, mapping.amount, mapping.debit, mapping.credit, mapping.reference].filter(
        (c) => c && !columns.includes(c),
      );
      if (missing.length)
        throw validation(`The file has no column ${missing.map((c) => `"${c}"`).join(', ')}`, [
          { path: 'mapping', message: `No column ${missing.join(', ')}` },
        ]);
      if (!mapping.amount && !mapping.debit && !mapping.credit)
        throw validation('Choose the amount column, or the debit and credit columns', [{ path: 'mapping.amount', message: 'Choose the amount column' }]);
      rows = csvRows(columns, data, mapping);
    }
    if (rows.length > 10_000) throw validation('At most 10,000 rows at once: split the statement', [{ path: 'content', message: 'More than 10,000 rows' }]);
    await progress(0, rows.length, 'checking');
    const classified = await this.classify(auth, repo, rows);
    await progress(rows.length, rows.length, 'checked');
    return { columns, mapping, ...classified };
  }

  private async classify(auth: Authenticated, repo: ImportRepository, rows: StatementRow[]) {
    const dates = rows.map((r) => r.date).filter((d): d is string => !!d);
    const from = dates.reduce((a, b) => (b < a ? b : a), '9999-12-31');
    const to = dates.reduce((a, b) => (b > a ? b : a), '0001-01-01');
    const [rules, knownRefs, prints, closed, refs] = await Promise.all([
      repo.rules(),
      repo.knownBankRefs(rows.map((r) => r.bankRef).filter((r): r is string => !!r)),
      dates.length ? repo.fingerprints(from, to) : Promise.resolve(new Set<string>()),
      new PeriodsRepository(this.db, auth.user.id).closedMonths(dates),
      loadReferences(this.db, auth.user.id, {}),
    ]);
    const firstOfKind = (kind: string) => [...refs.categories.values()].filter((c) => c.kind === kind && c.active).sort((a, b) => a.sortOrder - b.sortOrder)[0];
    const defaultIncome = firstOfKind('income');
    const out: ImportRow[] = rows.map((r) => {
      const errors = [...r.errors];
      const direction = r.cents === null ? null : r.cents > 0 ? 'in' : r.cents < 0 ? 'out' : null;
      const amount = r.cents === null ? null : Math.abs(r.cents);
      if (amount === 0) errors.push({ field: 'amount', message: 'The amount is zero' });
      if (amount !== null && amount > MAX_AMOUNT) errors.push({ field: 'amount', message: 'The amount is too large' });
      const type = direction === 'in' ? 'income' : direction === 'out' ? 'expense' : null;
      const text = r.description.toLowerCase();
      // The first rule whose text the description contains, among those that fit the row's type.
      const rule = rules.find((x) => text.includes(x.contains.toLowerCase()) && fits(refs.categories.get(x.categoryId)?.kind, type));
      const categoryId = rule?.categoryId ?? (type === 'income' ? (defaultIncome?.id ?? null) : null);
      if (type === 'expense' && !categoryId) errors.push({ field: 'categoryId', message: 'Choose a category (or add a rule)' });
      const isClosed = !!r.date && closed.has(r.date.slice(0, 7));
      if (isClosed) errors.push({ field: 'date', message: 'This month is closed: reopen it to import into it' });
      const duplicate = r.bankRef ? knownRefs.has(r.bankRef) : !!r.date && amount !== null && prints.has(fingerprint(r.date, amount, r.description));
      return {
        line: r.line,
        date: r.date,
        description: r.description,
        reference: r.reference,
        bankRef: r.bankRef,
        amount,
        direction,
        type,
        categoryId,
        subcategoryId: rule?.subcategoryId ?? null,
        rule: rule?.contains ?? null,
        duplicate,
        closed: isClosed,
        errors,
      };
    });
    const errors = out.filter((r) => r.errors.length).length;
    const duplicates = out.filter((r) => r.duplicate).length;
    return { rows: out, counts: { rows: out.length, ready: out.filter((r) => !r.errors.length && !r.duplicate).length, errors, duplicates } };
  }

  /**
   * Writes the chosen rows and saves the bank's mapping in one transaction (the ledger's rules, closed
   * months, audit): a commit that fails leaves neither rows nor a mapping behind.
   */
  async commit(auth: Authenticated, body: ImportCommit, progress: Progress = noProgress): Promise<{ created: number }> {
    const lines = body.rows.map((r) => ({
      type: r.type,
      date: r.date,
      amount: r.amount,
      categoryId: r.categoryId,
      subcategoryId: r.subcategoryId ?? null,
      paymentMethod: body.paymentMethod ?? 'transfer',
      description: r.description ?? null,
      reference: r.reference ?? null,
    }));
    // One transaction: nothing is in the books until every row is, so progress is before and after.
    await progress(0, lines.length, 'writing');
    const { bank, mapping } = body;
    const result = await this.entries.importLines(
      auth,
      lines,
      body.rows.map((r) => r.bankRef ?? null),
      bank && mapping ? (tx) => new ImportRepository(tx, auth.user.id).saveProfile(bank, mapping) : undefined,
    );
    await progress(lines.length, lines.length, 'written');
    return { created: result.items.length };
  }

  async rules(auth: Authenticated): Promise<{ items: ImportRule[] }> {
    return { items: (await new ImportRepository(this.db, auth.user.id).rules()).map(ruleOut) };
  }

  async addRule(auth: Authenticated, body: ImportRuleBody): Promise<ImportRule> {
    return withTransaction(this.db, async (tx) => {
      const refs = await loadReferences(tx, auth.user.id, { subcategoryIds: [body.subcategoryId] });
      const category = refs.categories.get(body.categoryId);
      if (!category) throw validation('No such category', [{ path: 'categoryId', message: 'No such category' }]);
      if (body.subcategoryId && refs.subcategories.get(body.subcategoryId)?.categoryId !== body.categoryId) {
        throw validation('The subcategory belongs to another category', [{ path: 'subcategoryId', message: 'The subcategory belongs to another category' }]);
      }
      return ruleOut(await new ImportRepository(tx, auth.user.id).addRule(body.contains, body.categoryId, body.subcategoryId ?? null));
    });
  }

  async removeRule(auth: Authenticated, id: string): Promise<true> {
    if (!(await new ImportRepository(this.db, auth.user.id).removeRule(id))) throw notFound('Rule');
    return true;
  }

  async profiles(auth: Authenticated) {
    const rows = await new ImportRepository(this.db, auth.user.id).profiles();
    return { items: rows.flatMap((p) => (ZImportMapping.safeParse(p.mapping).success ? [{ bank: p.bank, mapping: ZImportMapping.parse(p.mapping) }] : [])) };
  }
}

/** Reports how far a preview or a commit has gone (a job keeps it; a plain call ignores it). */
export type Progress = (done: number, total: number, step: string) => Promise<void>;
const noProgress: Progress = async () => undefined;

/**
 * A rule fits a row when its category may take the row's type: an income category for money in, an
 * expense category for money out (an imported outflow is an operational expense, and the ledger's rule
 * gives an expense an expense category only; cost of goods and payroll are purchases and payments,
 * which name a product, a worker or a provider that a bank line does not).
 */
function fits(kind: string | undefined, type: 'income' | 'expense' | null) {
  if (!kind || !type) return false;
  return kind === type;
}

const ruleOut = (r: { id: string; contains: string; categoryId: string; subcategoryId: string | null }): ImportRule => ({
  id: r.id,
  contains: r.contains,
  categoryId: r.categoryId,
  subcategoryId: r.subcategoryId,
});
