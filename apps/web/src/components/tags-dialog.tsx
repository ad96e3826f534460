import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient, type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { useErrorText } from '@/lib/error-text';

export interface NamedTag {
  id: string;
  title: string;
}

/** An area's tags (contacts' tags, notes' labels, tasks' tags): its calls and its words. */
export interface TagArea<K extends QueryKey = QueryKey> {
  query: UseQueryOptions<NamedTag[], Error, NamedTag[], K>;
  create: (title: string) => Promise<unknown>;
  rename: (id: string, title: string) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  /** What to read again after a change (the area's lists show the tags too). */
  refresh: (qc: QueryClient) => Promise<unknown>;
  /** The area's key prefix ('contacts.tags'): title, empty, name, rename, delete, new, add, done, deleteTitle, deleteText. */
  texts: string;
  /** The key of the question's button ('contacts.delete'). */
  confirmLabel: string;
  /** The dialog title's element id. */
  titleId: string;
}

/** The owner's tags of one area: add, rename, delete (a deleted tag leaves every item, after a question). */
export function TagsDialog<K extends QueryKey>({ open, onClose, area }: { open: boolean; onClose: () => void; area: TagArea<K> }) {
  const { texts, confirmLabel, titleId } = area;
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tags = useQuery({ ...area.query, enabled: open });
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [added, setAdded] = useState('');
  const [removing, setRemoving] = useState<NamedTag | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const errorText = useErrorText(failure);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await work();
      await area.refresh(qc);
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t(`${texts}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          {(tags.data ?? []).length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t(`${texts}.empty`)}</Typography>}
          {(tags.data ?? []).map((tag) => {
            const draft = drafts[tag.id] ?? tag.title;
            const changed = draft.trim() !== tag.title && draft.trim() !== '';
            return (
              <Stack key={tag.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  fullWidth
                  label={t(`${texts}.name`)}
                  value={draft}
                  onChange={(e) => setDrafts({ ...drafts, [tag.id]: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && changed) void run(() => area.rename(tag.id, draft.trim()));
                  }}
                  slotProps={{ htmlInput: { maxLength: 60 } }}
                />
                <Tooltip title={t(`${texts}.rename`, { name: tag.title })}>
                  <span>
                    <IconButton
                      aria-label={t(`${texts}.rename`, { name: tag.title })}
                      disabled={!changed || busy}
                      onClick={() => void run(() => area.rename(tag.id, draft.trim()))}
                    >
                      <Icon name="heroicons_outline:check" size={20} />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t(`${texts}.delete`, { name: tag.title })}>
                  <IconButton aria-label={t(`${texts}.delete`, { name: tag.title })} disabled={busy} onClick={() => setRemoving(tag)}>
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
              if (added.trim()) void run(() => area.create(added.trim()).then(() => setAdded('')));
            }}
          >
            <TextField
              size="small"
              fullWidth
              label={t(`${texts}.new`)}
              value={added}
              onChange={(e) => setAdded(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            <Button type="submit" variant="outlined" disabled={!added.trim() || busy}>
              {t(`${texts}.add`)}
            </Button>
          </Stack>
          {failure !== undefined && <Alert severity="error">{errorText}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t(`${texts}.done`)}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={removing !== null}
        title={t(`${texts}.deleteTitle`)}
        text={t(`${texts}.deleteText`, { name: removing?.title ?? '' })}
        confirmLabel={t(confirmLabel)}
        destructive
        pending={busy}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const tag = removing!;
          void run(() => area.remove(tag.id)).then(() => setRemoving(null));
        }}
      />
    </Dialog>
  );
}
