import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Avatar, Box, Button, Stack, Typography } from '@mui/material';
import { AVATAR_TYPES, type User } from '@cuadre/contracts';
import { currentUserQuery } from '@/lib/queries';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { ApiError } from '@/lib/api';
import { removeAvatar, uploadAvatar } from '../api/settings-api';
import { checkAvatar } from '../lib/avatar-check';

/** Choose an image, see it, then upload it; or remove the current one. */
export function AvatarField({ user, onSaved }: { user: User; onSaved: (text: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [error, setError] = useState<string>();
  const [confirmRemove, setConfirmRemove] = useState(false);

  // The object URL is released when the preview changes or the screen closes.
  useEffect(() => {
    if (!file) return setPreview(undefined);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const describe = (err: unknown) => {
    if (err instanceof ApiError && err.statusCode === 413) return t('settings.avatar.tooLarge');
    if (err instanceof ApiError && err.statusCode === 415) return t('settings.avatar.wrongType');
    return err instanceof Error ? err.message : String(err);
  };

  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (u) => {
      qc.setQueryData(currentUserQuery.queryKey, u);
      setFile(undefined);
      onSaved(t('settings.avatar.uploaded'));
    },
    onError: (err) => {
      // The server refused this file: drop it, so the next step is choosing another.
      setFile(undefined);
      setError(describe(err));
    },
  });
  const remove = useMutation({
    mutationFn: removeAvatar,
    onSuccess: (u) => {
      qc.setQueryData(currentUserQuery.queryKey, u);
      setConfirmRemove(false);
      onSaved(t('settings.avatar.removed'));
    },
    onError: (err) => {
      setConfirmRemove(false);
      setError(describe(err));
    },
  });

  const choose = (picked: File | undefined) => {
    setError(undefined);
    if (!picked) return;
    const problem = checkAvatar(picked);
    if (problem) {
      setFile(undefined);
      setError(problem === 'size' ? t('settings.avatar.tooLarge') : t('settings.avatar.wrongType'));
      return;
    }
    setFile(picked);
  };

  const pending = upload.isPending || remove.isPending;
  const shown = preview ?? user.avatar ?? undefined;

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={3}
      sx={{
        alignItems: { xs: 'flex-start', sm: 'center' },
      }}
    >
      <Avatar src={shown} alt={t('settings.avatar.alt', { name: user.name })} sx={{ width: 96, height: 96, fontSize: 36 }}>
        {user.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hidden
          data-testid="avatar-input"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            // The same file can be chosen again after a cancel.
            e.target.value = '';
          }}
        />
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{
            flexWrap: 'wrap',
          }}
        >
          {file ? (
            <>
              <Button
                variant="contained"
                onClick={() => upload.mutate(file)}
                disabled={pending}
                startIcon={<Icon name="heroicons_outline:arrow-up-tray" size={18} />}
              >
                {upload.isPending ? t('settings.avatar.uploading') : t('settings.avatar.upload')}
              </Button>
              <Button onClick={() => setFile(undefined)} disabled={pending}>
                {t('common.cancel')}
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="outlined"
                onClick={() => input.current?.click()}
                disabled={pending}
                startIcon={<Icon name="heroicons_outline:photo" size={18} />}
              >
                {t('settings.avatar.choose')}
              </Button>
              {user.avatar && (
                <Button color="error" onClick={() => setConfirmRemove(true)} disabled={pending} startIcon={<Icon name="heroicons_outline:trash" size={18} />}>
                  {t('settings.avatar.remove')}
                </Button>
              )}
            </>
          )}
        </Stack>
        <Typography
          variant="caption"
          sx={{
            color: 'text.secondary',
            display: 'block',
            mt: 1,
          }}
        >
          {file ? t('settings.avatar.previewHint', { name: file.name }) : t('settings.avatar.rules')}
        </Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }} onClose={() => setError(undefined)}>
            {error}
          </Alert>
        )}
      </Box>
      <ConfirmDialog
        open={confirmRemove}
        title={t('settings.avatar.removeTitle')}
        text={t('settings.avatar.removeText')}
        confirmLabel={t('settings.avatar.remove')}
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirmRemove(false)}
      />
    </Stack>
  );
}
