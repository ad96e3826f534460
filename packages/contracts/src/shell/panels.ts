import { z } from 'zod/mini';
import { optionalText, requiredText } from '../books/numbers.js';
import { readOnly, text, ZUuid } from '../common/text.js';

/**
 * A link a panel item or a shortcut opens: an in-app path (`/user/...`) or a web address. Anything
 * else (a `javascript:` address above all) is refused, because the shell puts it in an href.
 */
export const ZPanelLink = text(
  500,
  z.trim(),
  z.refine((v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), 'Use an in-app path (/user/… or /apps/…) or an http(s) address'),
);

/** A message or a notification (docs/product.md, "Top bar, user menu and panels"): the two panels share the shape and the calls. */
export const ZPanelItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.nullable(z.string()),
  icon: z.nullable(z.string()),
  image: z.nullable(z.string()),
  /** ISO 8601; the panel shows it as month day, hour:minute am/pm. */
  time: z.string(),
  link: z.nullable(z.string()),
  useRouter: z.boolean(),
  read: z.boolean(),
  /** Shown to the user: true once read, and set with `read` by mark-all-as-read (a client may also set it alone). */
  seen: z.boolean(),
});
export type PanelItem = z.infer<typeof ZPanelItem>;
export const ZPanelItemList = z.array(ZPanelItem);

const itemFields = {
  title: requiredText(200, 'The title'),
  description: optionalText(2000),
  icon: optionalText(100),
  image: z.optional(z.nullable(ZPanelLink)),
  link: z.optional(z.nullable(ZPanelLink)),
  useRouter: z.optional(z.boolean()),
  read: z.optional(z.boolean()),
  seen: z.optional(z.boolean()),
};
export const ZPanelItemInput = z.strictObject(itemFields);
/** A PATCH's item: the fields that change; the item as GET answered it may be sent back whole (its id and time are ignored). */
export const ZPanelItemPatch = z.strictObject({ ...itemFields, title: z.optional(requiredText(200, 'The title')), id: readOnly(), time: readOnly() });
export type PanelItemPatch = z.infer<typeof ZPanelItemPatch>;
export type PanelItemInput = z.infer<typeof ZPanelItemInput>;

// The panels' payloads, word for word (docs/product.md, "The shell's calls"): `{ message }`, `{ id, message }`, and the same with `notification`.
export const ZMessageCreateBody = z.strictObject({ message: ZPanelItemInput });
export const ZMessageUpdateBody = z.strictObject({ id: ZUuid, message: ZPanelItemPatch });
export const ZMessageToggleBody = z.strictObject({ message: z.object({ id: ZUuid, read: z.optional(z.boolean()) }) });
export const ZNotificationCreateBody = z.strictObject({ notification: ZPanelItemInput });
export const ZNotificationUpdateBody = z.strictObject({ id: ZUuid, notification: ZPanelItemPatch });
export const ZNotificationToggleBody = z.strictObject({ notification: z.object({ id: ZUuid, read: z.optional(z.boolean()) }) });
export const ZIdQuery = z.object({ id: ZUuid });

/** A shortcut (docs/product.md, "Top bar, user menu and panels"): label, icon and link required; useRouter says in-app or not. */
export const ZShortcut = z.object({
  id: z.string(),
  label: z.string(),
  description: z.nullable(z.string()),
  icon: z.string(),
  link: z.string(),
  useRouter: z.boolean(),
});
export type Shortcut = z.infer<typeof ZShortcut>;
export const ZShortcutList = z.array(ZShortcut);
export const ZShortcutInput = z.strictObject({
  label: requiredText(60, 'The label'),
  description: optionalText(200),
  icon: requiredText(100, 'The icon'),
  link: ZPanelLink.check(z.minLength(1, 'The link is required')),
  useRouter: z.boolean('Say whether the link opens in the app'),
});
export type ShortcutInput = z.infer<typeof ZShortcutInput>;
export const ZShortcutCreateBody = z.strictObject({ shortcut: ZShortcutInput });
export const ZShortcutUpdateBody = z.strictObject({ id: ZUuid, shortcut: z.partial(ZShortcutInput) });

/** The icons a shortcut may take (the shell draws these). */
export const SHORTCUT_ICONS = [
  'heroicons_outline:banknotes',
  'heroicons_outline:receipt-percent',
  'heroicons_outline:map',
  'heroicons_outline:calendar-days',
  'heroicons_outline:chart-bar',
  'heroicons_outline:users',
  'heroicons_outline:rectangle-stack',
  'heroicons_outline:home',
  'heroicons_outline:shopping-cart',
  'heroicons_outline:truck',
  'heroicons_outline:lifebuoy',
  'heroicons_outline:document-text',
  'heroicons_outline:star',
  'heroicons_outline:link',
] as const;

/** What the live channel (`GET /api/common/events`) tells a tab: something in its panels changed. */
export const ZShellEvent = z.object({ type: z.enum(['panels', 'hello']) });
export type ShellEvent = z.infer<typeof ZShellEvent>;
