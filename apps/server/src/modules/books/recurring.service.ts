import {
  ErrorCode,
  localDay,
  occurrenceDate,
  withinEnd,
  type ErrorDetail,
  type Language,
  type Preferences,
  type Recurring,
  type RecurringInput,
  type RecurringList,
  type RecurringPatchInput,
  type RecurringQuery,
} from '@cuadre/contracts';
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { afterCommit, withTransaction, type Db, type Tx } from '../../db/client.js';
import { unscoped } from '../../db/owned.js';
import { recurringTemplates, users } from '../../db/schema/index.js';
import { AppError, conflict, notFound, validation } from '../../lib/errors.js';
import type { EventBus } from '../../lib/events.js';
import { accountLanguage, readerLanguage } from '../../lib/language.js';
import type { Authenticated } from '../auth/index.js';
import type { BudgetOwner } from '../finance/index.js';
import { PanelItemsRepository } from '../panels/index.js';
import type { Line } from './entries.mapper.js';
import type { EntriesService } from './entries.service.js';
import { refsWanted, resolveLine } from './entry-rules.js';
import { RECURRING_TEXTS } from './recurring-texts.js';
import { RecurringRepository, type ListedRecurring, type NewRecurring, type RecurringRow } from './recurring.repository.js';
import { PeriodsRepository } from './periods.repository.js';
import { loadReferences } from './references.js';

/** How often the scheduler looks for templates that fell due; an occurrence is made at most this late. */
export const RECURRING_POLL_MS = 60_000;
/** The most templates one round takes (the next round takes the rest). */
const ROUND = 200;
/** The most past dates one template catches up on in one round (after a long stop, or a start date in the past). */
const CATCH_UP = 60;

type Template = Omit<Line, 'date'>;
type Owner = { id: string; preferences: Partial<Preferences> | null };
/** What a round of one template did: how many occurrences, and the dates of the entries it wrote (their budgets checked once committed). */
type Round = { made: number; written: string[]; owner?: BudgetOwner };

const toIso = (d: Date) => d.toISOString();
const zoneOf = (user: Owner) => user.preferences?.timeZone ?? 'UTC';

function toRecurring({ row, categoryName }: ListedRecurring, made: number): Recurring {
  const t = row.template as Template;
  return {
    id: row.id,
    template: row.template as Recurring['template'],
    type: t.type,
    amount: t.amount ?? null,
    categoryName,
    description: t.description ?? null,
    frequency: row.frequency,
    interval: row.interval,
    startDate: row.startDate,
    endDate: row.endDate,
    count: row.count,
    mode: row.mode,
    paused: row.paused,
    nextDate: row.nextDate,
    made,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/** The next date of a schedule at occurrence `index`, or null once it has ended. */
function nextOf(s: Pick<RecurringRow, 'startDate' | 'frequency' | 'interval' | 'endDate' | 'count'>, index: number): string | null {
  const date = occurrenceDate(s.startDate, s.frequency, s.interval, index);
  return withinEnd(s, index, date) ? date : null;
}

/**
 * Recurring entries (issue 32): templates with a schedule, made into entries (or reminders) on each
 * due date in the owner's time zone by `runDue`, once per (template, date) by the unique key of
 * `recurring_occurrences`, whatever restarts or however many processes run it.
 */
export class RecurringService {
  constructor(
    private readonly db: Db,
    private readonly entries: EntriesService,
    private readonly events: EventBus,
    /** Moves the owner's read cache on after a round wrote their books (the job runner's `ownerChanged`). */
    private readonly booksChanged: (ownerId: string) => Promise<void> = async () => undefined,
  ) {}

  async list(auth: Authenticated, q: RecurringQuery): Promise<RecurringList> {
    const repo = new RecurringRepository(this.db, auth.user.id, readerLanguage(auth));
    const { items, total } = await repo.list(q);
    const made = await repo.madeCounts(items.map((i) => i.row.id));
    return {
      items: items.map((i) => toRecurring(i, made.get(i.row.id) ?? 0)),
      pagination: { page: q.page, size: q.size, total, lastPage: Math.max(1, Math.ceil(total / q.size)) },
    };
  }

  async get(auth: Authenticated, id: string): Promise<Recurring> {
    return this.read(new RecurringRepository(this.db, auth.user.id, readerLanguage(auth)), id);
  }

  private async read(repo: RecurringRepository, id: string): Promise<Recurring> {
    const found = await repo.get(id);
    if (!found) throw notFound('Recurring entry');
    return toRecurring(found, (await repo.madeCounts([id])).get(id) ?? 0);
  }

  /** The template checked as an entry on `date` would be (its references the owner's, its fields by its type's rules); nothing written. */
  private async check(tx: Tx, ownerId: string, template: Template, date: string) {
    const line = { ...template, date } as Line;
    const refs = await loadReferences(tx, ownerId, refsWanted([line]));
    const details: ErrorDetail[] = [];
    resolveLine(line, refs, 'template.', details);
    if (details.length) throw validation('The template is not valid', details);
  }

  async create(auth: Authenticated, body: RecurringInput): Promise<Recurring> {
    const made = await this.createNow(auth, body);
    if (made.firstEntry) await this.entries.written(auth.user, [made.firstEntry.date]);
    return { ...(await this.caughtUp(auth, made.id)), ...(made.firstEntry ? { firstEntry: made.firstEntry } : {}) };
  }

  /**
   * A template whose date has already come (a start in the past, a rent first recorded last month) is
   * made at once rather than at the scheduler's next round; whatever goes wrong there is the round's to retry.
   */
  private async caughtUp(auth: Authenticated, id: string): Promise<Recurring> {
    await this.runOne(id, auth.user.id, new Date()).catch(() => 0);
    return this.get(auth, id);
  }

  private async createNow(auth: Authenticated, body: RecurringInput): Promise<Recurring> {
    const ownerId = auth.user.id;
    const language = readerLanguage(auth);
    if (body.endDate && body.endDate < body.startDate)
      throw validation('The end comes before the start', [{ path: 'endDate', message: 'Give a date on or after the start' }]);
    return withTransaction(this.db, async (tx) => {
      const repo = new RecurringRepository(tx, ownerId, language);
      await this.check(tx, ownerId, body.template, body.startDate);
      const schedule = {
        template: body.template as Record<string, unknown>,
        frequency: body.frequency,
        interval: body.interval,
        startDate: body.startDate,
        endDate: body.endDate ?? null,
        count: body.count ?? null,
        mode: body.mode,
      } satisfies NewRecurring;
      const row = await repo.insert({ ...schedule, nextIndex: 0, nextDate: nextOf(schedule, 0) });
      if (!body.recordFirst) return this.read(repo, row.id);
      // The entry dialog's "Repeat": the start date's entry now, counted as the first occurrence.
      const { items } = await this.entries.writeIn(tx, { ownerId, actorId: ownerId, language }, [{ ...body.template, date: body.startDate }], '', () => ({
        recurringId: row.id,
      }));
      await repo.claim(row.id, body.startDate, 'recorded', items[0]!.id);
      await repo.update(row.id, { nextIndex: 1, nextDate: nextOf(row, 1) });
      return { ...(await this.read(repo, row.id)), firstEntry: items[0]! };
    });
  }

  async update(auth: Authenticated, id: string, patch: RecurringPatchInput): Promise<Recurring> {
    await this.updateNow(auth, id, patch);
    return this.caughtUp(auth, id);
  }

  private async updateNow(auth: Authenticated, id: string, patch: RecurringPatchInput): Promise<Recurring> {
    const ownerId = auth.user.id;
    return withTransaction(this.db, async (tx) => {
      const repo = new RecurringRepository(tx, ownerId, readerLanguage(auth));
      const before = await repo.lock(id);
      if (!before) throw notFound('Recurring entry');
      const today = localDay(new Date(), zoneOf(auth.user));
      const set: Partial<NewRecurring> = {};
      if (patch.template) {
        await this.check(tx, ownerId, patch.template, before.nextDate ?? before.startDate);
        set.template = patch.template;
      }
      if (patch.mode) set.mode = patch.mode;
      if (patch.paused !== undefined) set.paused = patch.paused;
      let s = { ...before, ...set };
      const rescheduled = (patch.frequency && patch.frequency !== before.frequency) || (patch.interval && patch.interval !== before.interval);
      if (rescheduled) {
        // A new rhythm starts from the next date as it stood (or the start, if none came yet); a count keeps what remains of it.
        const from = before.nextDate ?? today;
        s = {
          ...s,
          frequency: patch.frequency ?? before.frequency,
          interval: patch.interval ?? before.interval,
          startDate: from,
          count: before.count === null ? null : Math.max(1, before.count - before.nextIndex),
          nextIndex: 0,
        };
      }
      if (patch.endDate !== undefined) s.endDate = patch.endDate;
      if (patch.count !== undefined) s.count = patch.count;
      if (s.endDate && s.endDate < s.startDate)
        throw validation('The end comes before the start', [{ path: 'endDate', message: 'Give a date on or after the start' }]);
      let index = s.nextIndex;
      // Resuming skips the dates that passed while paused: they are not made late.
      if (before.paused && patch.paused === false) while (nextOf(s, index) !== null && nextOf(s, index)! < today) index += 1;
      await repo.update(id, {
        ...set,
        frequency: s.frequency,
        interval: s.interval,
        startDate: s.startDate,
        endDate: s.endDate,
        count: s.count,
        nextIndex: index,
        nextDate: nextOf(s, index),
      });
      return this.read(repo, id);
    });
  }

  /** Stops what is to come; the entries it made stay, still linked to it. */
  async remove(auth: Authenticated, id: string): Promise<true> {
    return withTransaction(this.db, async (tx) => {
      const repo = new RecurringRepository(tx, auth.user.id);
      if (!(await repo.lock(id))) throw notFound('Recurring entry');
      await repo.update(id, { deletedAt: new Date(), nextDate: null });
      return true as const;
    });
  }

  /** Records a reminded occurrence (the notification's one click), with the amount as the owner gives it. */
  async record(auth: Authenticated, id: string, body: { date: string; amount?: number }) {
    const ownerId = auth.user.id;
    const language = readerLanguage(auth);
    const entry = await withTransaction(this.db, async (tx) => {
      const repo = new RecurringRepository(tx, ownerId, language);
      const row = await repo.lock(id);
      if (!row) throw notFound('Recurring entry');
      const occurrence = await repo.occurrence(id, body.date);
      if (!occurrence) throw notFound('Occurrence');
      if (occurrence.entryId || occurrence.status === 'recorded') throw conflict('This occurrence is recorded already');
      const template = row.template as Template;
      const line = { ...template, date: body.date, ...(body.amount !== undefined ? { amount: body.amount } : {}) } as Line;
      const { items } = await this.entries.writeIn(tx, { ownerId, actorId: ownerId, language }, [line], '', () => ({ recurringId: id }));
      await repo.setOccurrence(occurrence.id, { status: 'recorded', entryId: items[0]!.id });
      const panel = new PanelItemsRepository(tx, ownerId, 'notification');
      await panel.clearKeys([noticeKey(id, body.date, 'due'), noticeKey(id, body.date, 'failed')]);
      afterCommit(tx, () => this.events.publish([ownerId]));
      return items[0]!;
    });
    await this.entries.written(auth.user, [entry.date]);
    return entry;
  }

  /**
   * One round of the scheduler: every template whose next date has come in its owner's time zone
   * makes its occurrences, each template in its own transaction. Answers how many occurrences it made.
   */
  async runDue(now = new Date()): Promise<number> {
    // No time zone is more than 14 hours ahead of UTC: a date after tomorrow's in UTC has come nowhere yet.
    const latest = localDay(new Date(now.getTime() + 86_400_000), 'UTC');
    const due = await unscoped('the recurring templates of every owner fall due by the server clock', () =>
      this.db
        .select({ id: recurringTemplates.id, ownerId: recurringTemplates.ownerId })
        .from(recurringTemplates)
        .where(
          and(
            isNull(recurringTemplates.deletedAt),
            eq(recurringTemplates.paused, false),
            isNotNull(recurringTemplates.nextDate),
            lte(recurringTemplates.nextDate, latest),
          ),
        )
        .orderBy(asc(recurringTemplates.nextDate))
        .limit(ROUND),
    );
    let made = 0;
    for (const { id, ownerId } of due) made += await this.runOne(id, ownerId, now);
    return made;
  }

  private async runOne(id: string, ownerId: string, now: Date): Promise<number> {
    const { made, written, owner } = await this.runOneIn(id, ownerId, now);
    // Once committed: the owner's next read answers what the round wrote, and its budgets are checked as after any entry.
    if (made) await this.booksChanged(ownerId).catch(() => undefined);
    if (owner && written.length) await this.entries.written(owner, written);
    return made;
  }

  private async runOneIn(id: string, ownerId: string, now: Date): Promise<Round> {
    const none: Round = { made: 0, written: [] };
    return withTransaction(this.db, async (tx) => {
      // The owner's time zone and language, and the currency of a budget warning (users is no owned table).
      const [owner] = await tx.select({ id: users.id, preferences: users.preferences, business: users.business }).from(users).where(eq(users.id, ownerId));
      if (!owner) return none;
      const language = accountLanguage(owner);
      const repo = new RecurringRepository(tx, ownerId, language);
      // Another process on it now: it is theirs this round.
      const row = await repo.lockIfFree(id);
      if (!row || row.paused || row.nextDate === null) return none;
      const today = localDay(now, zoneOf(owner));
      const listed = await repo.get(id);
      const what = (row.template as Template).description || listed?.categoryName || RECURRING_TEXTS[language].untitled;
      let index = row.nextIndex;
      let date: string | null = row.nextDate;
      let made = 0;
      const written: string[] = [];
      while (date !== null && date <= today && made < CATCH_UP) {
        const done = await this.occur(tx, row, date, { ownerId, language, what });
        if (done) made += 1;
        if (done === 'entry') written.push(date);
        index += 1;
        date = nextOf(row, index);
      }
      await repo.update(id, { nextIndex: index, nextDate: date });
      if (made) afterCommit(tx, () => this.events.publish([ownerId]));
      return { made, written, owner };
    });
  }

  /**
   * One due date: claimed once by its unique key, then written, reminded, or (its month closed) told.
   * Answers 'entry' when it wrote the entry, 'notice' when it told the owner instead, false when another round had it.
   */
  private async occur(
    tx: Tx,
    row: RecurringRow,
    date: string,
    who: { ownerId: string; language: Language; what: string },
  ): Promise<'entry' | 'notice' | false> {
    const repo = new RecurringRepository(tx, who.ownerId);
    const claimed = await repo.claim(row.id, date, row.mode === 'record' ? 'recorded' : 'reminded');
    if (!claimed) return false;
    const t = RECURRING_TEXTS[who.language];
    const panel = new PanelItemsRepository(tx, who.ownerId, 'notification');
    const notify = (kind: 'due' | 'closed' | 'failed', link: string) =>
      panel.addKeyed([{ ...t[kind](who.what, date), icon: 'heroicons_outline:arrow-path', link, useRouter: true, key: noticeKey(row.id, date, kind) }]);
    const recordLink = `/user/recurring?record=${row.id}&date=${date}`;
    if (row.mode === 'remind') {
      if (await this.isClosed(tx, who.ownerId, date)) {
        await repo.setOccurrence(claimed.id, { status: 'closed', entryId: null });
        await notify('closed', '/user/recurring');
      } else await notify('due', recordLink);
      return 'notice';
    }
    try {
      // In a savepoint, so an entry the rules refuse leaves the round's other work standing.
      const entry = await tx.transaction(async (sp) => {
        const { items } = await this.entries.writeIn(
          sp,
          { ownerId: who.ownerId, actorId: who.ownerId, language: who.language },
          [{ ...(row.template as Template), date }],
          '',
          () => ({
            recurringId: row.id,
          }),
        );
        return items[0]!;
      });
      await repo.setOccurrence(claimed.id, { status: 'recorded', entryId: entry.id });
      return 'entry';
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.PERIOD_CLOSED) {
        await repo.setOccurrence(claimed.id, { status: 'closed', entryId: null });
        await notify('closed', '/user/recurring');
      } else if (err instanceof AppError) {
        // The template no longer passes the rules (a worker deactivated, the stock short): the owner records it by hand.
        await repo.setOccurrence(claimed.id, { status: 'reminded', entryId: null });
        await notify('failed', recordLink);
      } else throw err;
    }
    return 'notice';
  }

  private async isClosed(tx: Tx, ownerId: string, date: string): Promise<boolean> {
    try {
      await tx.transaction(async (sp) => {
        await new PeriodsRepository(sp, ownerId).assertOpen([date]);
      });
      return false;
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.PERIOD_CLOSED) return true;
      throw err;
    }
  }
}

const noticeKey = (id: string, date: string, kind: 'due' | 'closed' | 'failed') => `recurring:${id}:${date}:${kind}`;
