import { randomUUID } from 'node:crypto';
import { ErrorCode, NOTE_IMAGE_MAX_BYTES, noteLabelId, type Note, type NoteInput, type NoteLabel } from '@cuadre/contracts';
import { afterCommit, withTransaction, type Db } from '../../db/client.js';
import { noteLabels } from '../../db/schema/index.js';
import { AppError, badReference, notFound } from '../../lib/errors.js';
import { sniffReceipt, type FileStore } from '../../lib/file-store.js';
import type { Authenticated } from '../auth/index.js';
import { PlanningRepository, type NoteRow, type NoteSet } from './planning.repository.js';

/** Where a note's image is served: to its owner only, by an address signed for them on the way out (plugins/pictures.ts). */
export const noteImageUrl = (key: string | null) => (key ? `/api/apps/notes/images/${key}` : null);

type NoteChanges = Omit<NoteInput, 'tasks'> & { tasks?: { id?: string; content: string; completed?: boolean }[] | null; image?: string | null };

/** The note as answered: its label ids turned into the label objects (a label gone is simply left out). */
function toNote(r: NoteRow, labels: Map<string, NoteLabel>): Note {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    tasks: r.tasks,
    image: noteImageUrl(r.imageKey),
    reminder: r.reminder ? r.reminder.toISOString() : null,
    labels: r.labels.flatMap((id) => labels.get(id) ?? []),
    archived: r.archived,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Notes (spec 001 §7 "Notes"): one owner's notes and labels, checklists, images and reminders. */
export class NotesService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private async labelMap(repo: PlanningRepository) {
    return new Map((await repo.labels(noteLabels)).map((l) => [l.id, l]));
  }

  private async out(repo: PlanningRepository, row: NoteRow) {
    return toNote(row, await this.labelMap(repo));
  }

  // Labels

  async labels(auth: Authenticated): Promise<NoteLabel[]> {
    return new PlanningRepository(this.db, auth.user.id).labels(noteLabels);
  }

  /** Creates a label; answers every label (the list the screen shows). */
  async createLabel(auth: Authenticated, title: string): Promise<NoteLabel[]> {
    const repo = new PlanningRepository(this.db, auth.user.id);
    await repo.insertLabel(noteLabels, title);
    return repo.labels(noteLabels);
  }

  async updateLabel(auth: Authenticated, id: string, title: string): Promise<NoteLabel[]> {
    const repo = new PlanningRepository(this.db, auth.user.id);
    if (!(await repo.updateLabel(noteLabels, id, title))) throw notFound('Label');
    return repo.labels(noteLabels);
  }

  /** Deletes the label and takes it off every note, together. */
  async removeLabel(auth: Authenticated, id: string): Promise<NoteLabel[]> {
    return withTransaction(this.db, async (tx) => {
      const repo = new PlanningRepository(tx, auth.user.id);
      if (!(await repo.removeLabel(noteLabels, id))) throw notFound('Label');
      await repo.unlabelNotes(id);
      return repo.labels(noteLabels);
    });
  }

  // Notes

  async all(auth: Authenticated): Promise<Note[]> {
    const repo = new PlanningRepository(this.db, auth.user.id);
    const [rows, labels] = await Promise.all([repo.notes(), this.labelMap(repo)]);
    return rows.map((r) => toNote(r, labels));
  }

  /** The fields to write, checked: labels must be the owner's; a checklist item without an id gets one. */
  private async changes(repo: PlanningRepository, input: NoteChanges, path: string): Promise<NoteSet> {
    const set: NoteSet = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.content !== undefined) set.content = input.content;
    if (input.archived !== undefined) set.archived = input.archived;
    if (input.tasks !== undefined) {
      set.tasks = input.tasks === null ? null : input.tasks.map((t) => ({ id: t.id ?? randomUUID(), content: t.content, completed: t.completed ?? false }));
      const ids = (set.tasks ?? []).map((t) => t.id);
      if (new Set(ids).size !== ids.length) throw badReference(`${path}.tasks`, 'Two items have the same id');
    }
    if (input.reminder !== undefined) set.reminder = input.reminder === null ? null : new Date(input.reminder);
    if (input.labels !== undefined) {
      const ids = input.labels.map(noteLabelId);
      const wanted = [...new Set(ids)];
      const known = await repo.labelIds(noteLabels, wanted);
      const missing = wanted.findIndex((id) => !known.has(id));
      if (missing >= 0) throw badReference(`${path}.labels.${ids.indexOf(wanted[missing]!)}`, 'No such label');
      set.labels = wanted;
    }
    return set;
  }

  /** A reminder notifies when its time comes; one already past when set has nothing left to remind of. */
  private async schedule(repo: PlanningRepository, id: string, reminder: Date | null) {
    await repo.schedule('note', id, reminder && reminder.getTime() > this.clock().getTime() ? reminder : null);
  }

  async create(auth: Authenticated, input: NoteInput): Promise<Note> {
    return withTransaction(this.db, async (tx) => {
      const repo = new PlanningRepository(tx, auth.user.id);
      const set = await this.changes(repo, input, 'note');
      const row = await repo.insertNote({ ...set, tasks: set.tasks ?? null });
      await this.schedule(repo, row.id, row.reminder);
      return this.out(repo, row);
    });
  }

  /** Merges the changes into the note: fields left out stay as they are; `image: null` takes the image away. */
  async update(auth: Authenticated, id: string, input: NoteChanges): Promise<Note> {
    return withTransaction(this.db, async (tx) => {
      const repo = new PlanningRepository(tx, auth.user.id);
      const before = await repo.note(id, true);
      if (!before) throw notFound('Note');
      const set = await this.changes(repo, input, 'updatedNote');
      if (input.image === null && before.imageKey) {
        set.imageKey = null;
        const old = before.imageKey;
        afterCommit(tx, () => void this.files.remove(old).catch(() => undefined));
      }
      const row = (await repo.updateNote(id, set))!;
      if (input.reminder !== undefined) await this.schedule(repo, id, row.reminder);
      return this.out(repo, row);
    });
  }

  /** Adds one item to the note's checklist (spec: POST notes/tasks with note and task). */
  async addTask(auth: Authenticated, id: string, content: string): Promise<Note> {
    return withTransaction(this.db, async (tx) => {
      const repo = new PlanningRepository(tx, auth.user.id);
      const before = await repo.note(id, true);
      if (!before) throw notFound('Note');
      const row = (await repo.updateNote(id, { tasks: [...(before.tasks ?? []), { id: randomUUID(), content, completed: false }] }))!;
      return this.out(repo, row);
    });
  }

  async remove(auth: Authenticated, id: string): Promise<true> {
    return withTransaction(this.db, async (tx) => {
      const repo = new PlanningRepository(tx, auth.user.id);
      const row = await repo.removeNote(id);
      if (!row) throw notFound('Note');
      await repo.schedule('note', id, null);
      const key = row.imageKey;
      if (key) afterCommit(tx, () => void this.files.remove(key).catch(() => undefined));
      return true as const;
    });
  }

  // Image

  async setImage(auth: Authenticated, id: string, data: Buffer): Promise<Note> {
    if (data.length > NOTE_IMAGE_MAX_BYTES) throw new AppError(413, ErrorCode.TOO_LARGE, 'The image is larger than 5 MB');
    const mime = sniffReceipt(data);
    if (!mime || mime === 'application/pdf') throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Use a JPEG, PNG or WebP image');
    const ownerId = auth.user.id;
    const key = await this.files.put(ownerId, data);
    try {
      return await withTransaction(this.db, async (tx) => {
        const repo = new PlanningRepository(tx, ownerId);
        const before = await repo.note(id, true);
        if (!before) throw notFound('Note');
        const old = before.imageKey;
        if (old) afterCommit(tx, () => void this.files.remove(old).catch(() => undefined));
        return this.out(repo, (await repo.updateNote(id, { imageKey: key }))!);
      });
    } catch (err) {
      await this.files.remove(key);
      throw err;
    }
  }

  /** An image's bytes and type, by its key (the type read again from the bytes). */
  async image(viewerId: string, ownerId: string, file: string): Promise<{ mime: string; data: Buffer }> {
    // Its owner's only: anyone else is told there is none.
    const data = viewerId === ownerId ? await this.files.bytes(`${ownerId}/${file}`).catch(() => undefined) : undefined;
    const mime = data ? sniffReceipt(data) : undefined;
    if (!data || !mime || mime === 'application/pdf') throw notFound('Image');
    return { mime, data };
  }
}
