import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import type { NoteLabel } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { useErrorText } from '@/lib/error-text';
import { createLabel as createTag, deleteLabel as deleteTag, labelsQuery as tagsQuery, refreshNotes, renameLabel as renameTag } from '../api/notes-api';

/** The owner's note labels: add, rename, delete (a deleted label leaves every note, after a question). */
export function LabelsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tags = useQuery({ ...tagsQuery, enabled: open });
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [added, setAdded] = useState('');
  const [removing, setRemoving] = useState<NoteLabel | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const errorText = useErrorText(failure);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await work();
      await refreshNotes(qc);
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="note-labels-title" fullWidth maxWidth="xs">
      <DialogTitle id="note-labels-title">{t('notes.labels.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          {(tags.data ?? []).length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t('notes.labels.empty')}</Typography>}
          {(tags.data ?? []).map((tag) => {
            const draft = drafts[tag.id] ?? tag.title;
            const changed = draft.trim() !== tag.title && draft.trim() !== '';
            return (
              <Stack key={tag.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  fullWidth
                  label={t('notes.labels.name')}
                  value={draft}
                  onChange={(e) => setDrafts({ ...drafts, [tag.id]: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && changed) void run(() => renameTag(tag.id, draft.trim()));
                  }}
                  slotProps={{ htmlInput: { maxLength: 60 } }}
                />
                <Tooltip title={t('notes.labels.rename', { name: tag.title })}>
                  <span>
                    <IconButton
                      aria-label={t('notes.labels.rename', { name: tag.title })}
                      disabled={!changed || busy}
                      onClick={() => void run(() => renameTag(tag.id, draft.trim()))}
                    >
                      <Icon name="heroicons_outline:check" size={20} />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('notes.labels.delete', { name: tag.title })}>
                  <IconButton aria-label={t('notes.labels.delete', { name: tag.title })} disabled={busy} onClick={() => setRemoving(tag)}>
                    <Icon name="heroicons_outline:trash" size={20} />
                  </IconButton>
                </Tooltip>
              </Stack>
            );
          })}
          <Stack
            direction="row"
            spacing={1}
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              if (added.trim()) void run(() => createTag(added.trim()).then(() => setAdded('')));
            }}
          >
            <TextField
              size="small"
              fullWidth
              label={t('notes.labels.new')}
              value={added}
              onChange={(e) => setAdded(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            <Button type="submit" variant="outlined" disabled={!added.trim() || busy}>
              {t('notes.labels.add')}
            </Button>
          </Stack>
          {failure !== undefined && <Alert severity="error">{errorText}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('notes.labels.done')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={removing !== null}
        title={t('notes.labels.deleteTitle')}
        text={t('notes.labels.deleteText', { name: removing?.title ?? '' })}
        confirmLabel={t('notes.delete')}
        destructive
        pending={busy}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const tag = removing!;
          void run(() => deleteTag(tag.id)).then(() => setRemoving(null));
        }}
      />
    </Dialog>
  );
}
