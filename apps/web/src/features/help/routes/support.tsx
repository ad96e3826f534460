import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Chip, Link, Skeleton, Stack, Typography } from '@mui/material';
import { SUPPORT_SCREENSHOT_MAX_BYTES, ZSupportRequestBody } from '@cuadre/contracts';
import { FormFooter, FormTextField } from '@/components/form/fields';
import { useAppForm } from '@/components/form/use-app-form';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/page-states';
import { formatDateTime } from '@/lib/format';
import { SUPPORT_STATUS_COLOR } from '@/lib/support';
import { attachScreenshot, createSupportRequest, helpKeys, mySupportQuery } from '../api/help-api';

type Values = { subject: string; message: string };

/** user/help-center/support: write to the administrators (with a screenshot if useful), and read their answers. */
export default function Support() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const mine = useQuery(mySupportQuery);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const f = useAppForm<Values>(ZSupportRequestBody, {
    defaultValues: { subject: '', message: '' },
    submit: async (values) => {
      const made = await createSupportRequest(values);
      if (file) await attachScreenshot(made.id, file);
      return made;
    },
    successText: t('help.support.sent'),
    onSuccess: () => {
      f.form.reset({ subject: '', message: '' });
      setFile(null);
      void qc.invalidateQueries({ queryKey: helpKeys.support });
    },
  });
  const pick = (picked: File | undefined) => {
    setFileError(null);
    if (!picked) return setFile(null);
    if (!/^image\/(jpeg|png|webp)$/.test(picked.type)) return setFileError(t('help.support.fileType'));
    if (picked.size > SUPPORT_SCREENSHOT_MAX_BYTES) return setFileError(t('help.support.fileSize'));
    setFile(picked);
  };

  return (
    <Box>
      <Link component={RouterLink} to="/user/help-center" sx={{ display: 'flex', width: 'fit-content', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <Icon name="heroicons_outline:arrow-left" size={16} />
        {t('help.title')}
      </Link>
      <PageHeader title={t('help.support.title')} subtitle={t('help.support.subtitle')} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Card variant="outlined">
          <CardContent>
            <Box component="form" noValidate onSubmit={f.onSubmit}>
              <Stack spacing={2}>
                <FormTextField
                  control={f.form.control}
                  name="subject"
                  label={t('help.support.subject')}
                  required
                  slotProps={{ htmlInput: { maxLength: 150 } }}
                />
                <FormTextField
                  control={f.form.control}
                  name="message"
                  label={t('help.support.message')}
                  required
                  multiline
                  minRows={5}
                  slotProps={{ htmlInput: { maxLength: 5000 } }}
                />
                <Box>
                  <Button component="label" variant="outlined" startIcon={<Icon name="heroicons_outline:photo" size={20} />}>
                    {t('help.support.screenshot')}
                    <input
                      hidden
                      type="file"
                      accept="image/jpeg,image/png,image/webp"
                      aria-label={t('help.support.screenshot')}
                      onChange={(e) => pick(e.target.files?.[0])}
                    />
                  </Button>
                  <Typography variant="body2" sx={{ mt: 0.5 }} color={fileError ? 'error' : 'text.secondary'}>
                    {fileError ?? file?.name ?? t('help.support.screenshotHint')}
                  </Typography>
                </Box>
                <FormFooter formError={f.formError} success={f.success} pending={f.pending} submitLabel={t('help.support.send')} />
              </Stack>
            </Box>
            {f.leaveDialog}
          </CardContent>
        </Card>
        <Box component="section" aria-labelledby="my-requests">
          <Typography id="my-requests" component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('help.support.mine')}
          </Typography>
          <QueryView
            query={mine}
            loading={<Skeleton variant="rounded" height={120} />}
            isEmpty={(data) => data.items.length === 0}
            empty={
              <Typography
                sx={{
                  color: 'text.secondary',
                }}
              >
                {t('help.support.none')}
              </Typography>
            }
          >
            {(data) => (
              <Stack spacing={1.5}>
                {data.items.map((r) => (
                  <Card key={r.id} variant="outlined">
                    <CardContent>
                      <Stack
                        direction="row"
                        spacing={1}
                        sx={{
                          alignItems: 'center',
                          justifyContent: 'space-between',
                        }}
                      >
                        <Typography sx={{ fontWeight: 600 }}>{r.subject}</Typography>
                        <Chip size="small" color={SUPPORT_STATUS_COLOR[r.status]} label={t(`help.support.status.${r.status}`)} />
                      </Stack>
                      <Typography
                        variant="caption"
                        sx={{
                          color: 'text.secondary',
                        }}
                      >
                        {formatDateTime(r.createdAt, i18n.language)}
                      </Typography>
                      <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {r.message}
                      </Typography>
                      {r.answer && (
                        <Alert
                          severity="info"
                          icon={<Icon name="heroicons_outline:chat-bubble-left-right" size={20} />}
                          sx={{ mt: 1.5, whiteSpace: 'pre-wrap' }}
                        >
                          {r.answer}
                        </Alert>
                      )}
                    </CardContent>
                  </Card>
                ))}
              </Stack>
            )}
          </QueryView>
        </Box>
      </Box>
    </Box>
  );
}
