import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import type { TaskTag } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { useErrorText } from '@/lib/error-text';
import { createTaskTag as createTag, deleteTaskTag as deleteTag, refreshTasks, renameTaskTag as renameTag, taskTagsQuery as tagsQuery } from '../api/tasks-api';

/** The owner's task tags: add, rename, delete (a deleted tag leaves every task, after a question). */
export function TaskTagsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tags = useQuery({ ...tagsQuery, enabled: open });
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [added, setAdded] = useState('');
  const [removing, setRemoving] = useState<TaskTag | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const errorText = useErrorText(failure);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await work();
      await refreshTasks(qc);
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="task-tags-title" fullWidth maxWidth="xs">
      <DialogTitle id="task-tags-title">{t('tasks.tags.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          {(tags.data ?? []).length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t('tasks.tags.empty')}</Typography>}
          {(tags.data ?? []).map((tag) => {
            const draft = drafts[tag.id] ?? tag.title;
            const changed = draft.trim() !== tag.title && draft.trim() !== '';
            return (
              <Stack key={tag.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  fullWidth
                  label={t('tasks.tags.name')}
                  value={draft}
                  onChange={(e) => setDrafts({ ...drafts, [tag.id]: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && changed) void run(() => renameTag(tag.id, draft.trim()));
                  }}
                  slotProps={{ htmlInput: { maxLength: 60 } }}
                />
                <Tooltip title={t('tasks.tags.rename', { name: tag.title })}>
                  <span>
                    <IconButton
                      aria-label={t('tasks.tags.rename', { name: tag.title })}
                      disabled={!changed || busy}
                      onClick={() => void run(() => renameTag(tag.id, draft.trim()))}
                    >
                      <Icon name="heroicons_outline:check" size={20} />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('tasks.tags.delete', { name: tag.title })}>
                  <IconButton aria-label={t('tasks.tags.delete', { name: tag.title })} disabled={busy} onClick={() => setRemoving(tag)}>
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
              label={t('tasks.tags.new')}
              value={added}
              onChange={(e) => setAdded(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            <Button type="submit" variant="outlined" disabled={!added.trim() || busy}>
              {t('tasks.tags.add')}
            </Button>
          </Stack>
          {failure !== undefined && <Alert severity="error">{errorText}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('tasks.tags.done')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={removing !== null}
        title={t('tasks.tags.deleteTitle')}
        text={t('tasks.tags.deleteText', { name: removing?.title ?? '' })}
        confirmLabel={t('tasks.delete')}
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
