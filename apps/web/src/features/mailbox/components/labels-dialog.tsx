import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemText, MenuItem, Stack } from '@mui/material';
import { MAIL_LABEL_COLORS, ZMailLabelForm, type MailLabel, type MailLabelForm } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/fields';
import { Icon } from '@/components/icon';
import { QueryView, EmptyState } from '@/components/page-states';
import { createLabel, deleteLabel, labelsQuery, refreshMailbox, updateLabel } from '../api/mailbox-api';
import { LABEL_COLORS } from './label-colors';

/** The reader's labels: new, rename or recolour (the form pattern), delete after a question (the label leaves every mail). */
export function LabelsDialog({ open, onClose, onFailed }: { open: boolean; onClose: () => void; onFailed: (err: unknown) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const labels = useQuery({ ...labelsQuery, enabled: open });
  const [editing, setEditing] = useState<MailLabel | 'new' | null>(null);
  const [removing, setRemoving] = useState<MailLabel | null>(null);
  const [pending, setPending] = useState(false);
  const newButton = (
    <Button startIcon={<Icon name="heroicons_outline:plus" size={18} />} onClick={() => setEditing('new')}>
      {t('mailbox.labels.new')}
    </Button>
  );

  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="labels-title">
        <DialogTitle id="labels-title">{t('mailbox.labels.title')}</DialogTitle>
        <DialogContent>
          <QueryView
            query={labels}
            isEmpty={(d) => d.length === 0}
            empty={<EmptyState icon="heroicons_outline:tag" title={t('mailbox.labels.emptyTitle')} text={t('mailbox.labels.emptyText')} action={newButton} />}
          >
            {(data) => (
              <List dense>
                {data.map((l) => (
                  <ListItem
                    key={l.id}
                    secondaryAction={
                      <Stack direction="row">
                        <IconButton aria-label={t('mailbox.labels.edit', { title: l.title })} onClick={() => setEditing(l)}>
                          <Icon name="heroicons_outline:pencil" size={18} />
                        </IconButton>
                        <IconButton aria-label={t('mailbox.labels.delete', { title: l.title })} onClick={() => setRemoving(l)}>
                          <Icon name="heroicons_outline:trash" size={18} />
                        </IconButton>
                      </Stack>
                    }
                  >
                    <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: LABEL_COLORS[l.color], mr: 1.5, flex: 'none' }} />
                    <ListItemText primary={l.title} secondary={l.slug} />
                  </ListItem>
                ))}
              </List>
            )}
          </QueryView>
        </DialogContent>
        <DialogActions>
          {labels.data && labels.data.length > 0 && newButton}
          <Button onClick={onClose}>{t('mailbox.close')}</Button>
        </DialogActions>
      </Dialog>
      <FormDialog<MailLabelForm, unknown>
        open={editing !== null}
        title={editing === 'new' ? t('mailbox.labels.new') : t('mailbox.labels.editTitle')}
        onClose={() => setEditing(null)}
        schema={ZMailLabelForm}
        resetKey={editing === 'new' ? 'new' : editing?.id}
        defaultValues={() => (editing && editing !== 'new' ? { title: editing.title, color: editing.color } : { title: '', color: 'personal' })}
        fieldOf={(path) => path.replace(/^label\./, '')}
        submit={async (v) => (editing && editing !== 'new' ? updateLabel(editing.id, v) : createLabel(v.title, v.color))}
        onSuccess={() => {
          setEditing(null);
          void refreshMailbox(qc);
        }}
      >
        {({ form }) => (
          <>
            <FormTextField control={form.control} name="title" label={t('mailbox.labels.fieldTitle')} autoFocus fullWidth />
            <FormTextField control={form.control} name="color" label={t('mailbox.labels.fieldColor')} select fullWidth>
              {MAIL_LABEL_COLORS.map((c) => (
                <MenuItem key={c} value={c}>
                  <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: LABEL_COLORS[c], mr: 1.5, display: 'inline-block' }} />
                  {t(`mailbox.colors.${c}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('mailbox.labels.deleteTitle')}
        text={t('mailbox.labels.deleteText', { title: removing?.title ?? '' })}
        confirmLabel={t('mailbox.labels.deleteConfirm')}
        destructive
        pending={pending}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          setPending(true);
          try {
            await deleteLabel(removing.id);
            await refreshMailbox(qc);
            setRemoving(null);
          } catch (err) {
            onFailed(err);
          } finally {
            setPending(false);
          }
        }}
      />
    </>
  );
}
