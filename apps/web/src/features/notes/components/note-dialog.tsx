import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { z } from 'zod/mini';
import { Alert, Autocomplete, Box, Button, Chip, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { NOTE_CONTENT_MAX, NOTE_IMAGE_MAX_BYTES, text, type Note, type NoteInput } from '@cuadre/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { ChecklistField, type ChecklistTexts } from '@/components/form/checklist-field';
import { FormTextField } from '@/components/form/fields';
import { Icon } from '@/components/icon';
import { useErrorText } from '@/lib/error-text';
import { createNote, fromLocalInput, labelsQuery, refreshNotes, toLocalInput, updateNote, uploadNoteImage } from '../api/notes-api';

/** The checklist's words (the checklist field's). */
const CHECKLIST_TEXTS: ChecklistTexts = {
  legend: 'notes.fields.checklist',
  item: 'notes.fields.item',
  done: 'notes.fields.itemDone',
  remove: 'notes.fields.removeItem',
  add: 'notes.fields.addItem',
};

export interface NoteFormValues {
  title: string;
  content: string;
  tasks: { id?: string; content: string; completed: boolean }[];
  labels: string[];
  reminder: string;
  archived: boolean;
}

/** The form's values, checked with the contract's own pieces. */
export const ZNoteForm = z.object({
  title: text(200),
  content: text(NOTE_CONTENT_MAX),
  tasks: z.array(z.object({ id: z.optional(z.string()), content: text(500, z.trim(), z.minLength(1)), completed: z.boolean() })),
  labels: z.array(z.string()),
  reminder: z.union([z.literal(''), z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/))]),
  archived: z.boolean(),
});

/**
 * A new note says something: a title, some text or a checklist item. Saving an empty one is refused on
 * the title, so a click on "New note" then Save leaves no "Untitled note" behind.
 */
export const ZNewNoteForm = ZNoteForm.check(
  z.refine((v) => v.title.trim() !== '' || v.content.trim() !== '' || v.tasks.length > 0, { path: ['title'], params: { i18n: 'notes.form.empty' } }),
);

export const toFormValues = (note: Note | undefined, label?: string): NoteFormValues => ({
  title: note?.title ?? '',
  content: note?.content ?? '',
  tasks: (note?.tasks ?? []).map((x) => ({ ...x })),
  labels: note ? note.labels.map((l) => l.id) : label ? [label] : [],
  reminder: toLocalInput(note?.reminder ?? null),
  archived: note?.archived ?? false,
});

export const toInput = (v: NoteFormValues): NoteInput => ({
  title: v.title.trim(),
  content: v.content,
  tasks: v.tasks.length ? v.tasks.map((x) => ({ ...(x.id ? { id: x.id } : {}), content: x.content.trim(), completed: x.completed })) : null,
  labels: v.labels,
  reminder: fromLocalInput(v.reminder),
  archived: v.archived,
});

/** A note as a form: title, text, a checklist, labels, a reminder, archived; its image beside, for a note that exists. */
export function NoteDialog({
  open,
  note,
  label,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The note to change, or none for a new one. */
  note?: Note;
  /** The label a new note starts with (the one in view). */
  label?: string;
  onClose: () => void;
  onSaved: (note: Note) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const labels = useQuery({ ...labelsQuery, enabled: open });
  const titleOf = (id: string) => labels.data?.find((l) => l.id === id)?.title ?? '…';
  return (
    <FormDialog<NoteFormValues, Note>
      open={open}
      title={note ? t('notes.form.editTitle') : t('notes.form.newTitle')}
      onClose={onClose}
      schema={note ? ZNoteForm : ZNewNoteForm}
      resetKey={note?.id ?? 'new'}
      defaultValues={() => toFormValues(note, label)}
      fieldOf={(p) => p.replace(/^(note|updatedNote)\./, '')}
      submit={(v) => (note ? updateNote(note.id, toInput(v)) : createNote(toInput(v)))}
      onSuccess={async (saved) => {
        await refreshNotes(qc);
        onSaved(saved);
        onClose();
      }}
    >
      {({ form }) => (
        <Stack spacing={2.5}>
          {note && <NoteImage note={note} />}
          <FormTextField control={form.control} name="title" label={t('notes.fields.title')} fullWidth autoFocus />
          <FormTextField control={form.control} name="content" label={t('notes.fields.content')} fullWidth multiline minRows={3} />
          <ChecklistField control={form.control} name="tasks" textKey="content" texts={CHECKLIST_TEXTS} />
          <Controller
            control={form.control}
            name="labels"
            render={({ field }) => (
              <Autocomplete<string, true>
                multiple
                options={(labels.data ?? []).map((l) => l.id)}
                value={field.value}
                getOptionLabel={titleOf}
                onChange={(_e, value) => field.onChange(value)}
                renderValue={(value, getItemProps) =>
                  value.map((id, index) => {
                    const { key, ...rest } = getItemProps({ index });
                    return <Chip key={key} size="small" label={titleOf(id)} {...rest} />;
                  })
                }
                renderInput={(params) => <TextField {...params} label={t('notes.fields.labels')} helperText={t('notes.fields.labelsHelp')} />}
              />
            )}
          />
          <FormTextField
            control={form.control}
            name="reminder"
            type="datetime-local"
            label={t('notes.fields.reminder')}
            helperText={t('notes.fields.reminderHelp')}
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Controller
            control={form.control}
            name="archived"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label={t('notes.fields.archived')}
              />
            )}
          />
        </Stack>
      )}
    </FormDialog>
  );
}

/** The note's image, and buttons to change or take it away (JPEG, PNG or WebP; the server checks the bytes). */
function NoteImage({ note }: { note: Note }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState(note.image);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const errorText = useErrorText(failure);
  const run = async (work: () => Promise<Note>) => {
    setFailure(undefined);
    setBusy(true);
    try {
      setImage((await work()).image);
      await refreshNotes(qc);
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > NOTE_IMAGE_MAX_BYTES) return setFailure(new Error(t('notes.form.imageTooLarge')));
    void run(() => uploadNoteImage(note.id, file));
  };
  return (
    <Stack spacing={1}>
      {image && <Box component="img" src={image} alt={t('notes.form.imageAlt')} sx={{ width: '100%', maxHeight: 240, objectFit: 'cover', borderRadius: 1 }} />}
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" component="label" disabled={busy} startIcon={<Icon name="heroicons_outline:photo" size={18} />}>
          {busy ? t('notes.form.imageUploading') : image ? t('notes.form.imageChange') : t('notes.form.imageAdd')}
          <input ref={input} hidden type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => pick(e.target.files?.[0])} />
        </Button>
        {image && (
          <Button color="error" disabled={busy} onClick={() => void run(() => updateNote(note.id, { image: null }))}>
            {t('notes.form.imageRemove')}
          </Button>
        )}
      </Stack>
      {failure !== undefined && <Alert severity="error">{failure instanceof Error && !('code' in failure) ? failure.message : errorText}</Alert>}
    </Stack>
  );
}
