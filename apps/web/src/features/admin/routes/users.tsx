import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { ACCOUNT_STATUSES, ADMIN_USER_SORTS, ROLES, type AdminUser } from '@cuadre/contracts';
import { currentUserQuery } from '@/lib/queries';
import { initialsOf } from '@/lib/presence';
import { formatShortDate } from '@/lib/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotices } from '@/components/notice';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/page-states';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { toApiQuery, useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { adminKeys, createUser, disableUser, resetUserMfa, sendResetMail, updateUser, usersQuery } from '../api/admin-api';
import { usePlans } from '@/lib/plans';
import { UserFormDialog, type UserFormValues } from '../components/user-form-dialog';
import { PlanChip, RoleChip, StatusChip } from '../components/user-chips';
import { UserRowActions } from '../components/user-row-actions';

type DialogState =
  | { kind: 'create' }
  | { kind: 'edit'; user: AdminUser }
  | { kind: 'disable'; user: AdminUser }
  | { kind: 'reset'; user: AdminUser }
  | { kind: 'mfa'; user: AdminUser };
type UserSort = (typeof ADMIN_USER_SORTS)[number];

/** Newest accounts first: what an administrator usually looks for. */
export const USERS_LIST: ListConfig<UserSort, 'role' | 'plan' | 'status'> = {
  sorts: ADMIN_USER_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { role: ROLES, plan: null, status: ACCOUNT_STATUSES },
};

const column = listColumns<AdminUser>();

/** Users administration: find, filter, sort and page through accounts; create, edit, disable, send a reset mail. */
export default function Users() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  // The list state lives in the address, so it survives a reload and can be shared.
  const list = useListParams(USERS_LIST);
  const { params, setParams } = list;

  const me = useQuery(currentUserQuery).data;
  const plans = usePlans();
  const users = useQuery(usersQuery(toApiQuery(params)));

  const planName = useCallback(
    (id: string) => {
      const p = plans.data?.items.find((x) => x.id === id);
      return { name: p?.name ?? id, isFree: p?.isFree ?? id === 'free' };
    },
    [plans.data],
  );

  const [dialog, setDialog] = useState<DialogState | null>(null);
  const notices = useNotices();
  const closeDialog = () => setDialog(null);

  const refresh = async (changedId?: string) => {
    await qc.invalidateQueries({ queryKey: adminKeys.all });
    if (changedId && changedId === me?.id) await qc.invalidateQueries({ queryKey: currentUserQuery.queryKey });
  };

  const save = async (values: UserFormValues) => {
    if (dialog?.kind === 'edit') {
      const u = dialog.user;
      const isSelf = u.id === me?.id;
      await updateUser(u.id, {
        name: values.name.trim(),
        plan: values.plan,
        ...(isSelf ? {} : { role: values.role, status: values.status }),
      });
      await refresh(u.id);
      notices.done(t('admin.notices.updated', { name: values.name.trim() }));
    } else {
      const created = await createUser({
        name: values.name.trim(),
        email: values.email.trim(),
        role: values.role,
        plan: values.plan,
        ...(values.password ? { password: values.password } : {}),
      });
      await refresh();
      notices.done(values.password ? t('admin.notices.created', { email: created.email }) : t('admin.notices.createdWithMail', { email: created.email }));
    }
    closeDialog();
  };

  const disable = useMutation({
    mutationFn: (u: AdminUser) => disableUser(u.id),
    onSuccess: async (u) => {
      await refresh(u.id);
      notices.done(t('admin.notices.disabled', { name: u.name }));
      closeDialog();
    },
    onError: (err) => {
      notices.failed(err);
      closeDialog();
    },
  });
  const enable = useMutation({
    mutationFn: (u: AdminUser) => updateUser(u.id, { status: 'active' }),
    onSuccess: async (u) => {
      await refresh(u.id);
      notices.done(t('admin.notices.enabled', { name: u.name }));
    },
    onError: (err) => notices.failed(err),
  });
  const resetMfa = useMutation({
    mutationFn: (u: AdminUser) => resetUserMfa(u.id),
    onSuccess: async (u) => {
      await refresh(u.id);
      notices.done(t('admin.notices.mfaReset', { name: u.name }));
      closeDialog();
    },
    onError: (err) => {
      notices.failed(err);
      closeDialog();
    },
  });
  const reset = useMutation({
    mutationFn: (u: AdminUser) => sendResetMail(u.id),
    onSuccess: (_ok, u) => {
      notices.done(t('admin.notices.resetSent', { email: u.email }));
      closeDialog();
    },
    onError: (err) => {
      notices.failed(err);
      closeDialog();
    },
  });

  const sortLabels = Object.fromEntries(ADMIN_USER_SORTS.map((c) => [c, t(`admin.fields.${c}`)])) as Record<UserSort, string>;
  const columns = useMemo(
    () => [
      column.display({
        id: 'name',
        meta: { label: t('admin.fields.name'), sortKey: 'name', card: 'title' },
        cell: ({ row: { original: u } }) => (
          <Stack
            direction="row"
            spacing={1.5}
            sx={{
              alignItems: 'center',
              minWidth: 0,
            }}
          >
            <Avatar src={u.avatar ?? undefined} alt="" sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
              {initialsOf(u.name, u.email)}
            </Avatar>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {u.name}
              {u.id === me?.id && (
                <Typography
                  component="span"
                  variant="caption"
                  sx={{
                    color: 'text.secondary',
                  }}
                >
                  {' '}
                  ({t('admin.users.you')})
                </Typography>
              )}
            </Typography>
          </Stack>
        ),
      }),
      column.accessor('email', {
        meta: { label: t('admin.fields.email'), sortKey: 'email' },
        cell: (c) => (
          <Box component="span" sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' }, overflowWrap: 'anywhere' }}>
            {c.getValue()}
          </Box>
        ),
      }),
      column.accessor('plan', {
        meta: { label: t('admin.fields.plan'), sortKey: 'plan' },
        cell: ({ row: { original: u } }) => {
          const plan = planName(u.plan);
          // A free-plan account's trial of the paid plan: running (until when) or over (since when).
          const trial =
            plan.isFree && u.trialEndsAt
              ? t(u.onTrial ? 'admin.users.trialUntil' : 'admin.users.trialEnded', { date: formatShortDate(u.trialEndsAt, i18n.language) })
              : null;
          return (
            <Stack
              spacing={0.25}
              sx={{
                alignItems: 'flex-start',
              }}
            >
              <PlanChip name={plan.name} isFree={plan.isFree} />
              {trial && (
                <Typography variant="caption" color={u.onTrial ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'nowrap' }}>
                  {trial}
                </Typography>
              )}
            </Stack>
          );
        },
      }),
      column.accessor('role', { meta: { label: t('admin.fields.role'), sortKey: 'role' }, cell: (c) => <RoleChip role={c.getValue()} /> }),
      column.accessor('accountStatus', { meta: { label: t('admin.fields.status'), sortKey: 'status' }, cell: (c) => <StatusChip status={c.getValue()} /> }),
      column.accessor('createdAt', {
        meta: { label: t('admin.fields.createdAt'), sortKey: 'createdAt' },
        cell: (c) => (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {formatShortDate(c.getValue(), i18n.language)}
          </Box>
        ),
      }),
    ],
    [t, i18n.language, me?.id, planName],
  );

  const selectSx = { minWidth: { xs: 0, sm: 150 }, flex: { xs: '1 1 45%', sm: '0 0 auto' } };

  return (
    <Box>
      <PageHeader
        title={t('admin.users.title')}
        subtitle={t('admin.users.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<Icon name="heroicons_outline:user-plus" size={20} />}
            onClick={() => setDialog({ kind: 'create' })}
            disabled={!plans.data}
          >
            {t('admin.users.create')}
          </Button>
        }
      />

      <ListToolbar list={list} searchLabel={t('admin.users.searchLabel')} searchPlaceholder={t('admin.users.searchPlaceholder')} sortLabels={sortLabels}>
        <TextField
          select
          size="small"
          label={t('admin.fields.role')}
          value={params.filters.role ?? ''}
          onChange={(e) => setParams({ filters: { role: e.target.value || undefined } })}
          sx={selectSx}
        >
          <MenuItem value="">{t('admin.users.all')}</MenuItem>
          {ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`admin.roles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('admin.fields.plan')}
          value={params.filters.plan ?? ''}
          onChange={(e) => setParams({ filters: { plan: e.target.value || undefined } })}
          sx={selectSx}
        >
          <MenuItem value="">{t('admin.users.all')}</MenuItem>
          {(plans.data?.items ?? []).map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
          {params.filters.plan && !plans.data?.items.some((p) => p.id === params.filters.plan) && (
            <MenuItem value={params.filters.plan}>{params.filters.plan}</MenuItem>
          )}
        </TextField>
        <TextField
          select
          size="small"
          label={t('admin.fields.status')}
          value={params.filters.status ?? ''}
          onChange={(e) => setParams({ filters: { status: e.target.value || undefined } })}
          sx={selectSx}
        >
          <MenuItem value="">{t('admin.users.all')}</MenuItem>
          {ACCOUNT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`admin.statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </ListToolbar>

      <DataList
        label={t('admin.users.title')}
        list={list}
        query={users}
        columns={columns}
        getRowId={(u) => u.id}
        rowActions={(u) => (
          <UserRowActions
            user={u}
            isSelf={u.id === me?.id}
            onEdit={(user) => setDialog({ kind: 'edit', user })}
            onSendReset={(user) => setDialog({ kind: 'reset', user })}
            onDisable={(user) => setDialog({ kind: 'disable', user })}
            onEnable={(user) => enable.mutate(user)}
            onResetMfa={(user) => setDialog({ kind: 'mfa', user })}
          />
        )}
        empty={{
          icon: 'heroicons_outline:users',
          title: t('admin.users.emptyTitle'),
          text: t('admin.users.emptyText'),
          action: (
            <Button variant="contained" onClick={() => setDialog({ kind: 'create' })} disabled={!plans.data}>
              {t('admin.users.create')}
            </Button>
          ),
        }}
        noMatch={{ title: t('admin.users.noMatchTitle'), text: t('admin.users.noMatchText') }}
      />

      {plans.isError && <ErrorState error={plans.error} onRetry={() => plans.refetch()} />}

      <UserFormDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        user={dialog?.kind === 'edit' ? dialog.user : undefined}
        isSelf={dialog?.kind === 'edit' && dialog.user.id === me?.id}
        plans={plans.data?.items ?? []}
        onClose={closeDialog}
        onSubmit={save}
      />
      <ConfirmDialog
        open={dialog?.kind === 'disable'}
        title={t('admin.confirm.disableTitle')}
        text={dialog?.kind === 'disable' ? t('admin.confirm.disableText', { name: dialog.user.name, email: dialog.user.email }) : ''}
        confirmLabel={t('admin.actions.disable')}
        destructive
        pending={disable.isPending}
        onConfirm={() => dialog?.kind === 'disable' && disable.mutate(dialog.user)}
        onClose={closeDialog}
      />
      <ConfirmDialog
        open={dialog?.kind === 'reset'}
        title={t('admin.confirm.resetTitle')}
        text={dialog?.kind === 'reset' ? t('admin.confirm.resetText', { email: dialog.user.email }) : ''}
        confirmLabel={t('admin.confirm.resetConfirm')}
        pending={reset.isPending}
        onConfirm={() => dialog?.kind === 'reset' && reset.mutate(dialog.user)}
        onClose={closeDialog}
      />
      <ConfirmDialog
        open={dialog?.kind === 'mfa'}
        title={t('admin.confirm.mfaTitle')}
        text={dialog?.kind === 'mfa' ? t('admin.confirm.mfaText', { name: dialog.user.name, email: dialog.user.email }) : ''}
        confirmLabel={t('admin.confirm.mfaConfirm')}
        destructive
        pending={resetMfa.isPending}
        onConfirm={() => dialog?.kind === 'mfa' && resetMfa.mutate(dialog.user)}
        onClose={closeDialog}
      />
      {notices.view}
    </Box>
  );
}
