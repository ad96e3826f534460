import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Avatar, Button, Stack } from '@mui/material';
import { CONTACT_AVATAR_MAX_BYTES, type Contact } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { useErrorText } from '@/lib/error-text';
import { refreshContacts, uploadAvatar } from '../api/contacts-api';

/** The contact's picture and a button to change it (JPEG, PNG or WebP; the server checks the bytes). */
export function AvatarUpload({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [avatar, setAvatar] = useState(contact.avatar);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const errorText = useErrorText(failure);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFailure(undefined);
    if (file.size > CONTACT_AVATAR_MAX_BYTES) return setFailure(new Error(t('contacts.form.avatarTooLarge')));
    setBusy(true);
    try {
      const saved = await uploadAvatar(contact.id, file);
      setAvatar(saved.avatar);
      await refreshContacts(qc);
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={avatar ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
          {contact.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Button variant="outlined" component="label" disabled={busy} startIcon={<Icon name="heroicons_outline:photo" size={18} />}>
          {busy ? t('contacts.form.avatarUploading') : t('contacts.form.avatar')}
          <input ref={input} hidden type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => void pick(e.target.files?.[0])} />
        </Button>
      </Stack>
      {failure !== undefined && <Alert severity="error">{failure instanceof Error && !('code' in failure) ? failure.message : errorText}</Alert>}
    </Stack>
  );
}
