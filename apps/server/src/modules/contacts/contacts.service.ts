import {
  CONTACT_AVATAR_MAX_BYTES,
  ErrorCode,
  NEW_CONTACT_NAME,
  type Contact,
  type ContactPurchases,
  type ContactTag,
  type Country,
  type ErrorDetail,
  type Language,
  type SearchResult,
} from '@cuadre/contracts';
import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import sanitizeHtml from 'sanitize-html';
import { withTransaction, type Db } from '../../db/client.js';
import { AppError, notFound, validation } from '../../lib/errors.js';
import { sniffReceipt, type FileStore } from '../../lib/file-store.js';
import { readerLanguage } from '../../lib/language.js';
import type { Authenticated } from '../auth/index.js';
import type { StorageQuota } from '../files/index.js';
import { ContactsRepository, type ContactRow, type ContactSet } from './contacts.repository.js';
import { COUNTRY_CODES, countryList } from './countries.js';

/** Where a contact's avatar is served: to its owner only, by an address signed for them on the way out (plugins/pictures.ts). */
export const avatarUrl = (key: string | null) => (key ? `/api/apps/contacts/avatars/${key}` : null);

/** The HTML a contact's notes may keep: text formatting and links, nothing that runs or loads. */
const NOTES_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre', 'h1', 'h2', 'h3', 'span'],
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};
export const sanitizeNotes = (html: string) => sanitizeHtml(html, NOTES_HTML).trim();

const PURCHASES_SHOWN = 100;

/**
 * `title` and `job.title` (and the two companies) are one value in two forms (docs/product.md
 * "Contacts"). A client that sends the whole card back changed one of them: of the values sent,
 * the one that differs from the card wins; undefined when neither was sent.
 */
function oneOf(stored: string, ...sent: (string | undefined)[]): string | undefined {
  const given = sent.filter((v): v is string => v !== undefined);
  return given.find((v) => v !== stored) ?? given[0];
}

export function toContact(r: ContactRow): Contact {
  return {
    id: r.id,
    avatar: avatarUrl(r.avatarKey),
    background: r.background,
    name: r.name,
    emails: r.emails,
    phoneNumbers: r.phoneNumbers,
    title: r.title,
    company: r.company,
    job: { title: r.title, company: r.company },
    birthday: r.birthday ? `${r.birthday}T12:00:00.000Z` : null,
    address: r.address,
    notes: r.notes,
    tags: r.tags,
  };
}

type Changes = {
  name?: string;
  background?: string | null;
  emails?: { email: string; label: string }[];
  phoneNumbers?: { country: string; phoneNumber: string; label: string }[];
  title?: string;
  company?: string;
  job?: { title?: string; company?: string };
  birthday?: string | null;
  address?: string;
  notes?: string;
  tags?: string[];
};

/** The business's customers (spec 001 §7 "Contacts"): one owner's cards, tags and avatars. */
export class ContactsService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly storage: StorageQuota,
  ) {}

  private sortByName(rows: ContactRow[], language: Language): Contact[] {
    const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
    return rows.sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id)).map(toContact);
  }

  async all(auth: Authenticated): Promise<Contact[]> {
    return this.sortByName(await new ContactsRepository(this.db, auth.user.id).all(), readerLanguage(auth));
  }

  async search(auth: Authenticated, query: string): Promise<Contact[]> {
    const repo = new ContactsRepository(this.db, auth.user.id);
    const q = query.trim();
    return this.sortByName(await (q ? repo.search(q) : repo.all()), readerLanguage(auth));
  }

  async get(auth: Authenticated, id: string): Promise<Contact> {
    const row = await new ContactsRepository(this.db, auth.user.id).get(id);
    if (!row) throw notFound('Contact');
    return toContact(row);
  }

  async create(auth: Authenticated): Promise<Contact> {
    return toContact(await new ContactsRepository(this.db, auth.user.id).insert({ name: NEW_CONTACT_NAME }));
  }

  /** Merges the changes into the card: fields left out stay as they are. */
  async update(auth: Authenticated, id: string, changes: Changes): Promise<Contact> {
    return withTransaction(this.db, async (tx) => {
      const repo = new ContactsRepository(tx, auth.user.id);
      const before = await repo.lock(id);
      if (!before) throw notFound('Contact');
      const details: ErrorDetail[] = [];
      const set: ContactSet = {};
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.background !== undefined) set.background = changes.background || null;
      if (changes.emails !== undefined) set.emails = changes.emails;
      if (changes.phoneNumbers !== undefined) {
        changes.phoneNumbers.forEach((p, i) => {
          if (!COUNTRY_CODES.has(p.country)) details.push({ path: `contact.phoneNumbers.${i}.country`, message: 'No such country' });
          else if (!isValidPhoneNumber(p.phoneNumber, p.country as CountryCode))
            details.push({ path: `contact.phoneNumbers.${i}.phoneNumber`, message: 'Not a valid phone number for this country' });
        });
        set.phoneNumbers = changes.phoneNumbers;
      }
      const title = oneOf(before.title, changes.title, changes.job?.title);
      if (title !== undefined) set.title = title;
      const company = oneOf(before.company, changes.company, changes.job?.company);
      if (company !== undefined) set.company = company;
      if (changes.birthday !== undefined) set.birthday = changes.birthday ? changes.birthday.slice(0, 10) : null;
      if (changes.address !== undefined) set.address = changes.address;
      if (changes.notes !== undefined) set.notes = sanitizeNotes(changes.notes);
      if (changes.tags !== undefined) {
        const tags = [...new Set(changes.tags)];
        const known = await repo.tagIds(tags);
        tags.forEach((t, i) => {
          if (!known.has(t)) details.push({ path: `contact.tags.${i}`, message: 'No such tag' });
        });
        set.tags = tags;
      }
      if (details.length) throw validation(details[0]!.message, details);
      return toContact((await repo.update(id, set))!);
    });
  }

  /** Deletes the card and, together, every mention of it: tasks assigned to it are left unassigned (income entries by the foreign key). */
  async remove(auth: Authenticated, id: string): Promise<true> {
    const row = await withTransaction(this.db, async (tx) => {
      const repo = new ContactsRepository(tx, auth.user.id);
      const removed = await repo.remove(id);
      if (removed) await repo.unassignTasks(id);
      return removed;
    });
    if (!row) throw notFound('Contact');
    if (row.avatarKey) await this.files.remove(row.avatarKey).catch(() => undefined);
    return true;
  }

  // Avatar

  async setAvatar(auth: Authenticated, id: string, data: Buffer): Promise<Contact> {
    if (data.length > CONTACT_AVATAR_MAX_BYTES) throw new AppError(413, ErrorCode.TOO_LARGE, 'The image is larger than 2 MB');
    const mime = sniffReceipt(data);
    if (!mime || mime === 'application/pdf') throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Use a JPEG, PNG or WebP image');
    const ownerId = auth.user.id;
    // The avatar counts in the owner's storage quota (a first look before writing; the old one's bytes make room).
    const current = await new ContactsRepository(this.db, ownerId).get(id);
    if (!current) throw notFound('Contact');
    await this.storage.assertRoom(this.db, ownerId, data.length - current.avatarSize);
    const key = await this.files.put(ownerId, data);
    let old: string | null = null;
    try {
      const contact = await withTransaction(this.db, async (tx) => {
        const repo = new ContactsRepository(tx, ownerId);
        await this.storage.lock(tx, ownerId);
        const before = await repo.lock(id);
        if (!before) throw notFound('Contact');
        await this.storage.assertRoom(tx, ownerId, data.length - before.avatarSize);
        old = before.avatarKey;
        return toContact((await repo.update(id, { avatarKey: key, avatarSize: data.length }))!);
      });
      if (old) await this.files.remove(old).catch(() => undefined);
      return contact;
    } catch (err) {
      await this.files.remove(key);
      throw err;
    }
  }

  /** An avatar's bytes and type, by its key (the type read again from the bytes); its owner's only, 404 to anyone else. */
  async avatar(viewerId: string, ownerId: string, file: string): Promise<{ mime: string; data: Buffer }> {
    const data = viewerId === ownerId ? await this.files.bytes(`${ownerId}/${file}`).catch(() => undefined) : undefined;
    const mime = data ? sniffReceipt(data) : undefined;
    if (!data || !mime || mime === 'application/pdf') throw notFound('Avatar');
    return { mime, data };
  }

  // Countries and tags

  countries(auth: Authenticated): Country[] {
    return countryList(readerLanguage(auth));
  }

  async tags(auth: Authenticated): Promise<ContactTag[]> {
    return (await new ContactsRepository(this.db, auth.user.id).tags()).map((t) => ({ id: t.id, title: t.title }));
  }

  async createTag(auth: Authenticated, title: string): Promise<ContactTag> {
    const t = await new ContactsRepository(this.db, auth.user.id).insertTag(title);
    return { id: t.id, title: t.title };
  }

  async updateTag(auth: Authenticated, id: string, title: string): Promise<ContactTag> {
    const t = await new ContactsRepository(this.db, auth.user.id).updateTag(id, title);
    if (!t) throw notFound('Tag');
    return { id: t.id, title: t.title };
  }

  /** Deletes the tag and takes it out of every card that had it, together. */
  async removeTag(auth: Authenticated, id: string): Promise<true> {
    return withTransaction(this.db, async (tx) => {
      const repo = new ContactsRepository(tx, auth.user.id);
      if (!(await repo.removeTag(id))) throw notFound('Tag');
      await repo.untagAll(id);
      return true as const;
    });
  }

  // What a contact bought

  async purchases(auth: Authenticated, id: string, now = new Date()): Promise<ContactPurchases> {
    const repo = new ContactsRepository(this.db, auth.user.id);
    if (!(await repo.get(id))) throw notFound('Contact');
    const year = now.getUTCFullYear();
    const [rows, totals] = await Promise.all([repo.purchases(id, readerLanguage(auth), PURCHASES_SHOWN), repo.purchaseTotals(id, year)]);
    return {
      items: rows.map((r) => ({ id: r.id, date: r.date, amount: Number(r.amount), description: r.description, categoryName: r.category })),
      count: totals.count,
      yearTotal: totals.yearTotal,
      year,
      lastDate: totals.lastDate,
    };
  }
}

/** The search box's contacts group: the owner's contacts whose name contains the text. */
export async function searchContacts(db: Db, ownerId: string, pattern: string, cap: number): Promise<SearchResult[]> {
  const rows = await new ContactsRepository(db, ownerId).find(pattern, cap);
  return rows.map((r) => ({
    link: `/apps/contacts/${r.id}`,
    title: r.name,
    ...(r.company || r.emails[0] ? { subtitle: r.company || r.emails[0]!.email } : {}),
    value: r.name,
    name: r.name,
    avatar: avatarUrl(r.avatarKey),
  }));
}
