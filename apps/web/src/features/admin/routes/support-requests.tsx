import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Chip, MenuItem, TextField, Typography } from '@mui/material';
import { SUPPORT_STATUSES, ZSupportAnswerBody, type SupportRequest } from '@cuadre/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/fields';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { toApiQuery, useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useNotices } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format';
import { SUPPORT_STATUS_COLOR } from '@/lib/support';
import { session } from '@/lib/session';
import { adminKeys, answerSupportRequest, supportRequestsQuery } from '../api/admin-api';

const LIST: ListConfig<'createdAt', 'status'> = { sorts: ['createdAt'], defaultSort: 'createdAt', defaultOrder: 'desc', filters: { status: SUPPORT_STATUSES } };
const column = listColumns<SupportRequest>();

/** /support-requests: every request from the help center (open, answered, closed), with the asker's plan; answer or close each. */
export default function SupportRequests() {
  const { t, i18n } = useTranslation();
  const list = useListParams(LIST);
  const requests = useQuery(supportRequestsQuery(toApiQuery(list.params)));
  const [address] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(address.get('id'));
  const current = requests.data?.items.find((r) => r.id === openId);

  const columns = useMemo(
    () => [
      column.accessor('subject', {
        meta: { label: t('admin.support.subject'), card: 'title' },
        cell: (c) => (
          <Button
            variant="text"
            onClick={() => setOpenId(c.row.original.id)}
            sx={{ p: 0, textAlign: 'left', justifyContent: 'flex-start', textTransform: 'none', fontWeight: 600 }}
          >
            {c.getValue()}
          </Button>
        ),
      }),
      column.display({
        id: 'user',
        meta: { label: t('admin.support.from') },
        cell: ({ row: { original: r } }) => (
          <Box>
            <Typography variant="body2">{r.user.name}</Typography>
            <Typography
              variant="caption"
              sx={{
                color: 'text.secondary',
              }}
            >
              {r.user.email}
            </Typography>
          </Box>
        ),
      }),
      column.display({
        id: 'plan',
        meta: { label: t('admin.support.plan') },
        cell: ({ row: { original: r } }) => <Chip size="small" variant="outlined" label={r.user.plan} />,
      }),
      column.accessor('status', {
        meta: { label: t('admin.support.status') },
        cell: (c) => <Chip size="small" color={SUPPORT_STATUS_COLOR[c.getValue()]} label={t(`help.support.status.${c.getValue()}`)} />,
      }),
      column.accessor('createdAt', {
        meta: { label: t('admin.support.received'), sortKey: 'createdAt' },
        cell: (c) => formatDateTime(c.getValue(), i18n.language),
      }),
    ],
    [t, i18n.language],
  );

  return (
    <Box>
      <PageHeader title={t('admin.support.title')} subtitle={t('admin.support.subtitle')} />
      <ListToolbar list={list} searchLabel={t('admin.support.search')} sortLabels={{ createdAt: t('admin.support.received') }}>
        <TextField
          select
          size="small"
          label={t('admin.support.status')}
          value={list.params.filters.status ?? ''}
          onChange={(e) => list.setParams({ filters: { status: e.target.value || undefined } })}
          sx={{ minWidth: { xs: 0, sm: 150 }, flex: { xs: '1 1 45%', sm: '0 0 auto' } }}
        >
          <MenuItem value="">{t('admin.users.all')}</MenuItem>
          {SUPPORT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`help.support.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </ListToolbar>
      <DataList
        label={t('admin.support.title')}
        list={list}
        query={requests}
        columns={columns}
        getRowId={(r) => r.id}
        rowActions={(r) => (
          <Button size="small" onClick={() => setOpenId(r.id)}>
            {r.status === 'open' ? t('admin.support.answer') : t('admin.support.view')}
          </Button>
        )}
        empty={{ icon: 'heroicons_outline:lifebuoy', title: t('admin.support.emptyTitle'), text: t('admin.support.emptyText') }}
        noMatch={{ title: t('admin.support.noMatchTitle'), text: t('admin.users.noMatchText') }}
      />
      {current && <AnswerDialog request={current} onClose={() => setOpenId(null)} />}
    </Box>
  );
}

/** One request: its message and screenshot, the answer (the form pattern), and close or reopen. */
function AnswerDialog({ request, onClose }: { request: SupportRequest; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const notices = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.all });
  const setStatus = useMutation({
    mutationFn: (status: SupportRequest['status']) => answerSupportRequest(request.id, { status }),
    onSuccess: () => {
      void refresh();
      onClose();
    },
    onError: notices.failed,
  });
  return (
    <FormDialog<{ answer: string }>
      open
      title={request.subject}
      onClose={onClose}
      schema={ZSupportAnswerBody}
      defaultValues={{ answer: request.answer ?? '' }}
      submit={(v) => answerSupportRequest(request.id, { answer: v.answer })}
      onSuccess={() => {
        void refresh();
        onClose();
      }}
      submitLabel={t('admin.support.send')}
      moreActions={() => (
        <Button onClick={() => setStatus.mutate(request.status === 'closed' ? 'open' : 'closed')} disabled={setStatus.isPending}>
          {request.status === 'closed' ? t('admin.support.reopen') : t('admin.support.close')}
        </Button>
      )}
    >
      {({ form }) => (
        <>
          <Box>
            <Typography
              variant="caption"
              sx={{
                color: 'text.secondary',
              }}
            >
              {request.user.name} · {request.user.email} · {request.user.plan} · {formatDateTime(request.createdAt, i18n.language)}
            </Typography>
            <Typography sx={{ mt: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{request.message}</Typography>
          </Box>
          {request.hasScreenshot && <Screenshot id={request.id} />}
          <FormTextField
            control={form.control}
            name="answer"
            label={t('admin.support.answerLabel')}
            required
            multiline
            minRows={4}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          {notices.view}
        </>
      )}
    </FormDialog>
  );
}

/** The screenshot, read with the session's token (an <img> cannot send it). */
function Screenshot({ id }: { id: string }) {
  const { t } = useTranslation();
  const img = useQuery({
    queryKey: ['admin', 'support', id, 'screenshot'],
    queryFn: async ({ signal }) => {
      const res = await fetch(`/api/admin/support-requests/${id}/screenshot`, { headers: { authorization: `Bearer ${session.get() ?? ''}` }, signal });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return URL.createObjectURL(await res.blob());
    },
    staleTime: Infinity,
  });
  return img.data ? (
    <Box component="img" src={img.data} alt={t('admin.support.screenshot')} sx={{ maxWidth: '100%', borderRadius: 1, border: 1, borderColor: 'divider' }} />
  ) : null;
}
