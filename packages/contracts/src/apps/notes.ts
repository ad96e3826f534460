import { z } from 'zod/mini';
import { readOnly, text, ZUuid } from '../common/text.js';

/**
 * Notes (spec 001 §3 "Notes", §7 "Notes"): the owner's notes with labels, checklists, an image and
 * a reminder that becomes a notification at its time.
 */

/** A note's image, as uploaded: recognised by its bytes (JPEG, PNG or WebP), at most this size. */
export const NOTE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const NOTE_CONTENT_MAX = 20_000;
/** The most checklist items and labels one note holds. */
export const NOTE_TASKS_MAX = 200;
export const NOTE_LABELS_MAX = 20;

export const ZNoteLabel = z.object({ id: z.string(), title: z.string() });
export type NoteLabel = z.infer<typeof ZNoteLabel>;
export const ZNoteLabelList = z.array(ZNoteLabel);

export const ZNoteTask = z.object({ id: z.string(), content: z.string(), completed: z.boolean() });
export type NoteTask = z.infer<typeof ZNoteTask>;

/**
 * A note. `labels` are the label objects (the spec stores ids and the all-notes answer expands them;
 * every answer here expands them, so a client reads one shape). `reminder`, `createdAt` and
 * `updatedAt` are ISO datetimes; `image` is where the image is served, or null.
 */
export const ZNote = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  tasks: z.nullable(z.array(ZNoteTask)),
  image: z.nullable(z.string()),
  reminder: z.nullable(z.string()),
  labels: z.array(ZNoteLabel),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof ZNote>;
export const ZNoteList = z.array(ZNote);

export const ZNoteIdQuery = z.strictObject({ id: ZUuid });

const labelTitle = text(60, z.trim(), z.minLength(1, 'The title is required'));
export const ZNoteLabelBody = z.strictObject({ title: labelTitle });
export type NoteLabelBody = z.input<typeof ZNoteLabelBody>;
export const ZNoteLabelPatchBody = z.strictObject({ label: z.strictObject({ id: ZUuid, title: labelTitle }) });
export type NoteLabelPatchBody = z.input<typeof ZNoteLabelPatchBody>;

/** A checklist item as written: a new one may come without an id (the server gives it one). */
export const ZNoteTaskInput = z.strictObject({
  id: z.optional(ZUuid),
  content: text(500, z.trim(), z.minLength(1, 'Write the item')),
  completed: z._default(z.boolean(), false),
});
/** A reminder: an ISO datetime with its offset (the moment it falls due), or null for none. */
export const ZReminder = z.nullable(
  text(
    40,
    z.trim(),
    z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/, 'Use a date and time'),
    z.refine((s) => !Number.isNaN(Date.parse(s)), 'Not a real date'),
  ),
);

/** A label of a note as written: its id, or the label object a GET answered (read back as its id). */
export const ZNoteLabelRef = z.union([ZUuid, z.object({ id: ZUuid, title: z.optional(z.string()) })]);
export const noteLabelId = (ref: z.output<typeof ZNoteLabelRef>): string => (typeof ref === 'string' ? ref : ref.id);

/** What a note may hold as written (POST's `note`, and PATCH's `updatedNote` besides its id). */
const noteFields = {
  title: z.optional(text(200, z.trim())),
  content: z.optional(text(NOTE_CONTENT_MAX)),
  tasks: z.optional(z.nullable(z.array(ZNoteTaskInput).check(z.maxLength(NOTE_TASKS_MAX, `At most ${NOTE_TASKS_MAX} items`)))),
  reminder: z.optional(ZReminder),
  labels: z.optional(z.array(ZNoteLabelRef).check(z.maxLength(NOTE_LABELS_MAX, `At most ${NOTE_LABELS_MAX} labels`))),
  archived: z.optional(z.boolean()),
};
export const ZNoteInput = z.strictObject(noteFields);
export type NoteInput = z.input<typeof ZNoteInput>;
export const ZNoteBody = z.strictObject({ note: ZNoteInput });
export type NoteBody = z.input<typeof ZNoteBody>;
/**
 * PATCH: the note's id and the fields that change. The image is set by its own call and taken away
 * with `image: null`; the note as GET answered it may be sent back whole: its image address,
 * `createdAt` and `updatedAt` are read-only and ignored, its label objects read as their ids.
 */
export const ZNotePatch = z.strictObject({
  id: ZUuid,
  ...noteFields,
  image: z.optional(z.nullable(z.string().register(z.globalRegistry, { description: 'Read-only but for null, which takes the image away' }))),
  createdAt: readOnly(),
  updatedAt: readOnly(),
});
export const ZNotePatchBody = z.strictObject({ updatedNote: ZNotePatch });
export type NotePatchBody = z.input<typeof ZNotePatchBody>;
/** Adds one checklist item to a note (spec: body note, task): `note` names the note by its id. */
export const ZNoteAddTaskBody = z.strictObject({ note: z.object({ id: ZUuid }), task: text(500, z.trim(), z.minLength(1, 'Write the item')) });
export type NoteAddTaskBody = z.input<typeof ZNoteAddTaskBody>;
