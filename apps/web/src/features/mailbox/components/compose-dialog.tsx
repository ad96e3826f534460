import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { ZMailComposeForm, type Mail, type MailComposeForm } from '@cuadre/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/fields';
import { Icon } from '@/components/icon';
import { useErrorText } from '@/lib/error-text';
import { currentUserQuery } from '@/lib/queries';
import { attachFile, detachFile, refreshMailbox, saveDraft, sendMail } from '../api/mailbox-api';
import { fileSize, toDraft, type ComposeStart } from '../lib/compose';

const DRAFT_DELAY_MS = 1000;

/** The field a server's detail names: `mail.to.1` is the "To" field. */
const fieldOf = (path: string) => /^mail\.(to|cc|bcc|subject|content)/.exec(path)?.[1];

/**
 * Compose as a dialog (the form pattern): to, cc, bcc, subject and text; saved as a draft as it is
 * typed (a second after the last key), files attached to that draft, sent with the send button.
 */
export function ComposeDialog({ start, onClose, onSent }: { start: ComposeStart | null; onClose: () => void; onSent: (mail: Mail) => void }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  // An owner writes to the administrators and to the people who wrote to them; an administrator to anyone (docs/product.md "Mailbox").
  const admin = useQuery(currentUserQuery).data?.role === 'admin';
  const open = start !== null;
  const [draftId, setDraftId] = useState<string | undefined>();
  const [attachments, setAttachments] = useState<Mail['attachments']>([]);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [showCopies, setShowCopies] = useState(false);
  const [uploadFailure, setUploadFailure] = useState<unknown>(null);
  const uploadError = useErrorText(uploadFailure);
  const fileInput = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // One save at a time: a save that starts while another runs waits for it, so the draft is made once.
  const saving = useRef<Promise<string | undefined>>(Promise.resolve(undefined));
  const idRef = useRef<string | undefined>(undefined);

  // A new opening starts from what it was given ("adjusting state when a prop changes").
  const [shownFor, setShownFor] = useState<ComposeStart | null>(null);
  if (start !== shownFor) {
    setShownFor(start);
    if (start) {
      setDraftId(start.id);
      idRef.current = start.id;
      setAttachments(start.attachments);
      setStatus('idle');
      setUploadFailure(null);
      setShowCopies(!!(start.form.cc || start.form.bcc));
    }
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const save = (values: MailComposeForm): Promise<string | undefined> => {
    saving.current = saving.current.then(async () => {
      setStatus('saving');
      try {
        const carried = idRef.current ? undefined : start?.attachmentsFrom;
        const draft = await saveDraft(idRef.current, toDraft(values), carried);
        idRef.current = draft.id;
        setDraftId(draft.id);
        setAttachments(draft.attachments);
        setStatus('saved');
        void refreshMailbox(qc);
        return draft.id;
      } catch {
        setStatus('failed');
        return idRef.current;
      }
    });
    return saving.current;
  };

  const upload = async (files: File[], values: MailComposeForm) => {
    if (!files.length) return;
    setUploadFailure(null);
    clearTimeout(timer.current);
    const id = idRef.current ?? (await save(values));
    if (!id) return;
    for (const file of files) {
      try {
        setAttachments((await attachFile(id, file)).attachments);
      } catch (err) {
        setUploadFailure(err);
      }
    }
    void refreshMailbox(qc);
  };

  const remove = async (id: string) => {
    try {
      setAttachments((await detachFile(id)).attachments);
    } catch (err) {
      setUploadFailure(err);
    }
  };

  return (
    <FormDialog<MailComposeForm, Mail>
      open={open}
      title={t('mailbox.compose.title')}
      onClose={() => {
        clearTimeout(timer.current);
        onClose();
      }}
      schema={ZMailComposeForm}
      defaultValues={() => start?.form ?? { to: '', cc: '', bcc: '', subject: '', content: '' }}
      resetKey={start?.id ?? start?.form.subject}
      submitLabel={t('mailbox.compose.send')}
      fieldOf={fieldOf}
      maxWidth="md"
      submit={async (values) => {
        clearTimeout(timer.current);
        await saving.current;
        const carried = idRef.current ? undefined : start?.attachmentsFrom;
        const mail = await sendMail(idRef.current, toDraft(values), carried);
        await refreshMailbox(qc);
        return mail;
      }}
      onSuccess={(mail) => onSent(mail)}
    >
      {({ form }) => {
        const onType = () => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => void save(form.getValues()), DRAFT_DELAY_MS);
        };
        const field = (name: keyof MailComposeForm, label: string, extra: object = {}) => (
          <FormTextField control={form.control} name={name} label={label} onValueChange={onType} fullWidth {...extra} />
        );
        return (
          <>
            {field('to', t('mailbox.compose.to'), {
              autoFocus: !start?.form.to,
              helperText: t(admin ? 'mailbox.compose.addressHelp' : 'mailbox.compose.addressHelpOwner'),
            })}
            {showCopies ? (
              <>
                {field('cc', t('mailbox.compose.cc'))}
                {field('bcc', t('mailbox.compose.bcc'))}
              </>
            ) : (
              <Box>
                <Button size="small" onClick={() => setShowCopies(true)}>
                  {t('mailbox.compose.addCopies')}
                </Button>
              </Box>
            )}
            {field('subject', t('mailbox.compose.subject'))}
            {field('content', t('mailbox.compose.content'), { multiline: true, minRows: 8, autoFocus: !!start?.form.to })}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Button
                variant="outlined"
                size="small"
                startIcon={<Icon name="heroicons_outline:paper-clip" size={18} />}
                onClick={() => fileInput.current?.click()}
              >
                {t('mailbox.compose.attach')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                multiple
                hidden
                aria-label={t('mailbox.compose.attach')}
                onChange={(e) => {
                  // Copied before the input is cleared: its FileList empties with it.
                  void upload(Array.from(e.target.files ?? []), form.getValues());
                  e.target.value = '';
                }}
              />
              {attachments.map((a) => (
                <Chip
                  key={a.id}
                  label={`${a.name} · ${fileSize(a.size, i18n.language)}`}
                  onDelete={draftId ? () => void remove(a.id) : undefined}
                  deleteIcon={<Icon name="heroicons_outline:x-mark" size={16} aria-label={t('mailbox.compose.removeFile', { name: a.name })} />}
                />
              ))}
              <Typography variant="caption" color="text.secondary" role="status" sx={{ ml: 'auto' }}>
                {status === 'saving'
                  ? t('mailbox.compose.saving')
                  : status === 'saved'
                    ? t('mailbox.compose.saved')
                    : status === 'failed'
                      ? t('mailbox.compose.saveFailed')
                      : ''}
              </Typography>
            </Stack>
            {uploadFailure !== null && (
              <Typography color="error" role="alert" variant="body2">
                {uploadError}
              </Typography>
            )}
          </>
        );
      }}
    </FormDialog>
  );
}
