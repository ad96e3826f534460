import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, IconButton, List, ListItem, ListItemText, Stack, Tooltip, Typography } from '@mui/material';
import { ATTACHMENT_TYPES, type Attachment, type Entry } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { session } from '@/lib/session';
import { downloadFile } from '@/lib/download';
import { useErrorText } from '@/lib/error-text';
import { attachReceipt, booksKeys, deleteAttachment, entryQuery } from '../api/books-api';
import { receiptProblem, sizeText } from './receipt-picker';

/** Opens a receipt: fetched with the session's token (the file is its owner's only), shown or saved by the browser. */
async function openReceipt(a: Attachment, download: boolean) {
  if (download) return downloadFile(`/api/attachments/${a.id}?download=1`, a.fileName);
  // The tab opens now, inside the click, so no pop-up blocker stops it; the file follows.
  const tab = window.open('', '_blank');
  const res = await fetch(`/api/attachments/${a.id}`, { headers: { authorization: `Bearer ${session.get() ?? ''}` } });
  if (!res.ok) {
    tab?.close();
    throw new Error(res.statusText || `HTTP ${res.status}`);
  }
  const url = URL.createObjectURL(await res.blob());
  if (tab) tab.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** An entry's receipts: view, download, attach (JPEG, PNG, WebP, PDF up to 10 MB) and remove. */
export function Receipts({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const fresh = useQuery({ ...entryQuery(entry.id), initialData: entry });
  const items = fresh.data.attachments;
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const [problem, setProblem] = useState<unknown>();
  const problemText = useErrorText(problem);
  const refresh = () => qc.invalidateQueries({ queryKey: booksKeys.all });

  const upload = useMutation({
    mutationFn: (file: File) => attachReceipt(entry.id, file),
    onMutate: () => setProblem(undefined),
    onSuccess: refresh,
    onError: setProblem,
  });
  const remove = useMutation({
    mutationFn: (a: Attachment) => deleteAttachment(a.id),
    onSuccess: async () => {
      setRemoving(null);
      await refresh();
    },
    onError: (err) => {
      setRemoving(null);
      setProblem(err);
    },
  });
  const pick = (file: File | undefined) => {
    if (!file) return;
    const why = receiptProblem(file);
    if (why) return setProblem(new Error(t(why)));
    upload.mutate(file);
  };

  return (
    <Stack spacing={1}>
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography variant="subtitle2">{t('books.receipts.title')}</Typography>
        <Button
          size="small"
          startIcon={<Icon name="heroicons_outline:paper-clip" size={18} />}
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
        >
          {upload.isPending ? t('books.receipts.uploading') : t('books.receipts.attach')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={ATTACHMENT_TYPES.join(',')}
          aria-label={t('books.receipts.attach')}
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Stack>
      {problem !== undefined && (
        <Alert severity="error" role="alert" onClose={() => setProblem(undefined)}>
          {problemText}
        </Alert>
      )}
      {items.length === 0 ? (
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
          }}
        >
          {t('books.receipts.none')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('books.receipts.title')}>
          {items.map((a) => (
            <ListItem
              key={a.id}
              disableGutters
              secondaryAction={
                <Stack direction="row">
                  <Tooltip title={t('books.receipts.view')}>
                    <IconButton aria-label={`${t('books.receipts.view')} ${a.fileName}`} onClick={() => void openReceipt(a, false).catch(setProblem)}>
                      <Icon name="heroicons_outline:eye" size={18} />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('books.receipts.download')}>
                    <IconButton aria-label={`${t('books.receipts.download')} ${a.fileName}`} onClick={() => void openReceipt(a, true).catch(setProblem)}>
                      <Icon name="heroicons_outline:arrow-down-tray" size={18} />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('books.receipts.remove')}>
                    <IconButton aria-label={`${t('books.receipts.remove')} ${a.fileName}`} onClick={() => setRemoving(a)}>
                      <Icon name="heroicons_outline:trash" size={18} />
                    </IconButton>
                  </Tooltip>
                </Stack>
              }
            >
              <ListItemText primary={a.fileName} secondary={sizeText(a.size)} slotProps={{ primary: { noWrap: true, sx: { pr: 14 } } }} />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('books.receipts.removeTitle')}
        text={t('books.receipts.removeText', { name: removing?.fileName ?? '' })}
        confirmLabel={t('books.receipts.remove')}
        destructive
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
