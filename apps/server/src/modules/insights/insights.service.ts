import {
  ANALYTICS_DAYS,
  type ActivitiesQuery,
  type ActivityItem,
  type ActivityList,
  type Analytics,
  type Crypto,
  type DailySeries,
  type EntryType,
  type Language,
} from '@cuadre/contracts';
import type { Db } from '../../db/client.js';
import { accountLanguage, readerLanguage } from '../../lib/language.js';
import type { Authenticated } from '../auth/index.js';
import { entryLink, monthLink } from '../panels/index.js';
import { AccountInsightsRepository, ServiceInsightsRepository, type ActivityRow } from './insights.repository.js';
import { ACTIVITY_TEXTS } from './texts.js';
import { sampleCrypto } from './crypto-sample.js';

const DAY_MS = 86_400_000;

/** The range's days (UTC), oldest first, and its first instant. */
function range(now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (ANALYTICS_DAYS - 1) * DAY_MS);
  const labels = Array.from({ length: ANALYTICS_DAYS }, (_, i) => new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10));
  return { from, labels };
}

/** Counts per day laid on the range's days: a day without a row had none. */
function daily(labels: string[], rows: { d: string }[], pick: (r: never) => number, name: string): DailySeries {
  const byDay = new Map(rows.map((r) => [r.d, pick(r as never)]));
  const data = labels.map((d) => byDay.get(d) ?? 0);
  return { amount: data.reduce((a, b) => a + b, 0), labels, series: [{ name, data }] };
}

/** Gender and age: the service never asks for them, so it says it does not know. */
const unknown = () => ({ known: false as const, uniqueVisitors: 0, labels: [], series: [] });

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe to stand inside HTML: what a user wrote can never become markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export class InsightsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** An administrator sees the service; anyone else their own use, in the same shape. */
  async analytics(auth: Authenticated): Promise<Analytics> {
    const { from, labels } = range(this.now());
    const to = labels[labels.length - 1]!;
    const languageOf = (rows: { language: string; n: number }[]) => ({
      uniqueVisitors: rows.reduce((a, r) => a + r.n, 0),
      labels: rows.map((r) => r.language),
      series: rows.map((r) => r.n),
    });
    if (auth.user.role === 'admin') {
      const repo = new ServiceInsightsRepository(this.db);
      const [sessions, signUps, changes, split, languages] = await Promise.all([
        repo.sessionsByDay(from),
        repo.signUpsByDay(from),
        repo.changesByDay(from),
        repo.visitorsNewVsReturning(from),
        repo.languages(),
      ]);
      const visitors = daily(labels, sessions, (r: { owners: number }) => r.owners, 'visitors');
      const visits = daily(labels, sessions, (r: { n: number }) => r.n, 'visits');
      return {
        scope: 'service',
        from: labels[0]!,
        to,
        visitors,
        conversions: daily(labels, signUps, (r: { n: number }) => r.n, 'signUps'),
        impressions: daily(labels, changes, (r: { n: number }) => r.n, 'changes'),
        visits,
        visitorsVsPageViews: this.versus(labels, visitors, visits),
        newVsReturning: { uniqueVisitors: split.fresh + split.returning, labels: ['new', 'returning'], series: [split.fresh, split.returning] },
        gender: unknown(),
        age: unknown(),
        language: languageOf(languages),
      };
    }
    const repo = new AccountInsightsRepository(this.db, auth.user.id);
    const [sessions, changes, split] = await Promise.all([repo.sessionsByDay(from), repo.changesByDay(from), repo.sessionsNewVsKnown(from)]);
    const visitors = daily(labels, sessions, (r: { devices: number }) => r.devices, 'devices');
    const visits = daily(labels, sessions, (r: { n: number }) => r.n, 'visits');
    return {
      scope: 'account',
      from: labels[0]!,
      to,
      visitors,
      conversions: daily(labels, changes, (r: { made: number }) => r.made, 'entriesMade'),
      impressions: daily(labels, changes, (r: { n: number }) => r.n, 'changes'),
      visits,
      visitorsVsPageViews: this.versus(labels, visitors, visits),
      newVsReturning: { uniqueVisitors: split.fresh + split.known, labels: ['new', 'returning'], series: [split.fresh, split.known] },
      gender: unknown(),
      age: unknown(),
      // The language the account's screens and mails use: the one chosen, else the one it falls back to.
      language: languageOf([{ language: accountLanguage(auth.user), n: 1 }]),
    };
  }

  private versus(labels: string[], visitors: DailySeries, visits: DailySeries): Analytics['visitorsVsPageViews'] {
    return {
      ratio: visitors.amount ? Math.round((visits.amount / visitors.amount) * 100) / 100 : 0,
      labels,
      series: [
        { name: visitors.series[0]!.name, data: visitors.series[0]!.data },
        { name: visits.series[0]!.name, data: visits.series[0]!.data },
      ],
    };
  }

  crypto(): Crypto {
    return sampleCrypto(this.now());
  }

  /** The account's own history, newest first, a page at a time; never another account's. */
  async activities(auth: Authenticated, q: ActivitiesQuery): Promise<ActivityList> {
    const language = readerLanguage(auth);
    const { rows, total } = await new AccountInsightsRepository(this.db, auth.user.id).activities(q.size, (q.page - 1) * q.size);
    return {
      items: rows.map((r) => this.item(r, language)),
      pagination: { page: q.page, size: q.size, total, lastPage: Math.max(1, Math.ceil(total / q.size)) },
    };
  }

  private item(r: ActivityRow, language: Language): ActivityItem {
    const texts = ACTIVITY_TEXTS[language];
    const data = r.data ?? {};
    /** The sentence with its one user-facing name escaped and in bold: the only markup it holds. */
    const say = (key: string, name?: string) => escapeHtml(texts[key]!).replace('{name}', name === undefined ? '' : `<strong>${escapeHtml(name)}</strong>`);
    const base = { id: r.id, kind: r.kind, date: new Date(r.date).toISOString(), linkedContent: texts.open!, useRouter: true };
    switch (r.kind) {
      case 'entry': {
        const type = data.type as EntryType;
        const date = str(data.date) ?? '';
        const name = `${str(data.description) ?? str(data.reference) ?? texts[type] ?? type} (${date})`;
        // A deleted entry is gone: its month's list is where it was.
        const link = r.action === 'delete' ? entryLink(type, date) : entryLink(type, date, str(data.description) ?? str(data.reference) ?? undefined);
        return {
          ...base,
          icon: r.action === 'delete' ? 'heroicons_outline:trash' : 'heroicons_outline:pencil-square',
          description: say(`entry.${r.action}`, name),
          link,
        };
      }
      case 'month': {
        const year = Number(data.year);
        const month = Number(data.month);
        const name = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
        return {
          ...base,
          icon: r.action === 'closed' ? 'heroicons_outline:lock-closed' : 'heroicons_outline:lock-open',
          description: say(`month.${r.action === 'closed' ? 'closed' : 'open'}`, name),
          link: monthLink(year, month),
        };
      }
      case 'import': {
        const rowsText = texts.rows!.replace('{n}', String(Number(data.rows) || 0));
        const bank = str(data.bank);
        return {
          ...base,
          icon: 'heroicons_outline:arrow-down-tray',
          description: say('import', bank ? `${bank}, ${rowsText}` : rowsText),
          link: '/user/import',
        };
      }
      case 'export':
        return r.action === 'year_end'
          ? { ...base, icon: 'heroicons_outline:archive-box', description: say('export.year_end', String(Number(data.year) || '')), link: '/user/taxyears' }
          : { ...base, icon: 'heroicons_outline:arrow-up-tray', description: say('export.account_export'), link: '/usersettings' };
      case 'device':
        return {
          ...base,
          icon: 'heroicons_outline:computer-desktop',
          description: say('device', deviceName(str(data.userAgent)) ?? texts.unknownDevice!),
          link: '/usersettings',
        };
      case 'support':
        return { ...base, icon: 'heroicons_outline:lifebuoy', description: say('support', str(data.subject) ?? ''), link: '/user/help-center/support' };
    }
  }
}

/** "Firefox on Linux" from a user agent, or null when it names neither. */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? userAgent.slice(0, 60);
}
