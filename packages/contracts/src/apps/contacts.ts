import { z } from 'zod/mini';
import { EMAIL_PATTERN, readOnly, text, ZUuid } from '../common/text.js';

/**
 * Contacts (spec 001 §3 "Contacts", §7 "Contacts"): the business's customers. Every call answers
 * the card as below; an income entry may name one (`contactId`), and the contact's page shows
 * what they bought.
 */

/** A contact's avatar, as uploaded: an image recognised by its bytes, at most this size. */
export const CONTACT_AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** What a new contact is called (spec: "creates an empty contact named New Contact"). */
export const NEW_CONTACT_NAME = 'New Contact';
/** The most emails, phone numbers and tags one card holds. */
export const CONTACT_LIST_MAX = 20;
export const CONTACT_NOTES_MAX = 20_000;

export const ZContactEmail = z.object({ email: z.string(), label: z.string() });
export const ZContactPhone = z.object({ country: z.string(), phoneNumber: z.string(), label: z.string() });
export type ContactEmail = z.infer<typeof ZContactEmail>;
export type ContactPhone = z.infer<typeof ZContactPhone>;

/**
 * The contact card. `birthday` is an ISO datetime at 12:00 UTC or null; `notes` is sanitised HTML.
 * `job` is the spec's second form of the card's `title` and `company`: the same two values.
 */
export const ZContact = z.object({
  id: z.string(),
  avatar: z.nullable(z.string()),
  background: z.nullable(z.string()),
  name: z.string(),
  emails: z.array(ZContactEmail),
  phoneNumbers: z.array(ZContactPhone),
  title: z.string(),
  company: z.string(),
  job: z.object({ title: z.string(), company: z.string() }),
  birthday: z.nullable(z.string()),
  address: z.string(),
  notes: z.string(),
  tags: z.array(z.string()),
});
export type Contact = z.infer<typeof ZContact>;
export const ZContactList = z.array(ZContact);

export const ZContactIdQuery = z.strictObject({ id: ZUuid });
export const ZContactSearchQuery = z.object({ query: z._default(text(120, z.trim()), '') });

const label = text(40, z.trim());
export const ZContactEmailInput = z.strictObject({
  email: text(254, z.trim(), z.toLowerCase(), z.regex(EMAIL_PATTERN, 'Not a valid email address')),
  label: z._default(label, ''),
});
/** A phone number: the country's two-letter code and the number as written; the server checks it for that country. */
export const ZContactPhoneInput = z.strictObject({
  country: text(2, z.toUpperCase(), z.regex(/^[A-Z]{2}$/, 'Choose a country')),
  phoneNumber: text(40, z.trim(), z.regex(/^[0-9+()\-. ]+$/, 'Use digits, spaces and + ( ) - . only')),
  label: z._default(label, ''),
});
/** A birthday as a date (YYYY-MM-DD) or an ISO datetime; stored as the day, answered at 12:00 UTC. */
export const ZBirthday = z.nullable(
  text(
    40,
    z.trim(),
    z.regex(/^\d{4}-\d{2}-\d{2}(?:T[0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/, 'Use a date (YYYY-MM-DD)'),
    z.refine((s) => !Number.isNaN(Date.parse(s.length === 10 ? `${s}T12:00:00Z` : s)), 'Not a real date'),
  ),
);

/**
 * What a PATCH may change: any of the card's fields. The card as GET answered it may be sent back
 * whole: its id and avatar (which has its own call) are read-only and ignored.
 */
export const ZContactChanges = z.strictObject({
  id: readOnly(),
  avatar: readOnly(),
  name: z.optional(text(120, z.trim(), z.minLength(1, 'The name is required'))),
  background: z.optional(z.nullable(text(500, z.trim()))),
  emails: z.optional(z.array(ZContactEmailInput).check(z.maxLength(CONTACT_LIST_MAX, `At most ${CONTACT_LIST_MAX} emails`))),
  phoneNumbers: z.optional(z.array(ZContactPhoneInput).check(z.maxLength(CONTACT_LIST_MAX, `At most ${CONTACT_LIST_MAX} phone numbers`))),
  title: z.optional(text(120, z.trim())),
  company: z.optional(text(120, z.trim())),
  /** The same as `title` and `company`; when both forms are sent, the one that differs from the card wins. */
  job: z.optional(z.strictObject({ title: z.optional(text(120, z.trim())), company: z.optional(text(120, z.trim())) })),
  birthday: z.optional(ZBirthday),
  address: z.optional(text(300, z.trim())),
  notes: z.optional(text(CONTACT_NOTES_MAX)),
  tags: z.optional(z.array(ZUuid).check(z.maxLength(CONTACT_LIST_MAX, `At most ${CONTACT_LIST_MAX} tags`))),
});
export type ContactChanges = z.input<typeof ZContactChanges>;
export const ZContactPatchBody = z.strictObject({ id: ZUuid, contact: ZContactChanges });
export type ContactPatchBody = z.input<typeof ZContactPatchBody>;

/** A country (spec: id uuid, iso, name in the reader's language, code the dial prefix, flagImagePos). */
export const ZCountry = z.object({ id: z.string(), iso: z.string(), name: z.string(), code: z.string(), flagImagePos: z.string() });
export type Country = z.infer<typeof ZCountry>;
export const ZCountryList = z.array(ZCountry);

export const ZContactTag = z.object({ id: z.string(), title: z.string() });
export type ContactTag = z.infer<typeof ZContactTag>;
export const ZContactTagList = z.array(ZContactTag);
const ZTagFields = z.strictObject({ title: text(60, z.trim(), z.minLength(1, 'The title is required')) });
export const ZContactTagBody = z.strictObject({ tag: ZTagFields });
export type ContactTagBody = z.input<typeof ZContactTagBody>;
export const ZContactTagPatchBody = z.strictObject({ id: ZUuid, tag: ZTagFields });
export type ContactTagPatchBody = z.input<typeof ZContactTagPatchBody>;

/** What a contact bought: their income entries (newest first), this year's total and the last date. Cents. */
export const ZContactPurchase = z.object({ id: z.string(), date: z.string(), amount: z.int(), description: z.nullable(z.string()), categoryName: z.string() });
export type ContactPurchase = z.infer<typeof ZContactPurchase>;
export const ZContactPurchases = z.object({
  items: z.array(ZContactPurchase),
  count: z.int(),
  yearTotal: z.int(),
  year: z.int(),
  lastDate: z.nullable(z.string()),
});
export type ContactPurchases = z.infer<typeof ZContactPurchases>;
