import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  IconButton,
  InputAdornment,
  MenuItem,
  Paper,
  Snackbar,
  Stack,
  TablePagination,
  TextField,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { ACCOUNT_STATUSES, ADMIN_USER_SORTS, PAGE_SIZES, ROLES, type AdminUser } from '@cuadre/contracts';
import { currentUserQuery } from '@/lib/queries';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { adminKeys, createUser, disableUser, sendResetMail, updateUser, usersQuery } from '../api/admin-api';
import { usePlans } from '@/lib/plans';
import { UserFormDialog, type UserFormValues } from '../components/user-form-dialog';
import { UsersCards, UsersTable } from '../components/users-table';
import { useDebounced } from '../lib/use-debounced';
import { parseUsersParams, toSearchParams, type PageSize, type UserSort, type UsersParams } from '../lib/users-params';

type DialogState = { kind: 'create' } | { kind: 'edit'; user: AdminUser } | { kind: 'disable'; user: AdminUser } | { kind: 'reset'; user: AdminUser };

interface Notice {
  severity: 'success' | 'error';
  text: string;
}

/** Users administration: find, filter, sort and page through accounts; create, edit, disable, send a reset mail. */
export default function Users() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const qc = useQueryClient();

  // The list state lives in the address, so it survives a reload and can be shared.
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseUsersParams(searchParams), [searchParams]);
  const setParams = useCallback(
    (patch: Partial<UsersParams>) => {
      // Any change other than paging starts again at page 1, where the new results begin.
      const page = patch.page ?? 1;
      setSearchParams(toSearchParams({ ...params, ...patch, page }), { replace: true });
    },
    [params, setSearchParams],
  );

  const [searchText, setSearchText] = useState(params.search);
  const debouncedSearch = useDebounced(searchText, 300);
  useEffect(() => {
    // Only the typed text drives this effect; a changed address is handled by the next one.
    if (debouncedSearch !== params.search) setParams({ search: debouncedSearch });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: the typed text only
  }, [debouncedSearch]);
  useEffect(() => {
    // The address changed from outside (back button, a link): the box shows what is searched.
    if (params.search !== debouncedSearch) setSearchText(params.search);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: the address only
  }, [params.search]);

  const me = useQuery(currentUserQuery).data;
  const plans = usePlans();
  const users = useQuery(usersQuery(params));

  const planName = useCallback(
    (id: string) => {
      const p = plans.data?.items.find((x) => x.id === id);
      return { name: p?.name ?? id, isFree: p?.isFree ?? id === 'free' };
    },
    [plans.data],
  );

  // A page past the end (after filtering or disabling) moves back to the last page that exists.
  const lastPage = users.data?.pagination.lastPage;
  useEffect(() => {
    if (lastPage && params.page > lastPage) setParams({ page: lastPage });
  }, [lastPage, params.page, setParams]);

  const [dialog, setDialog] = useState<DialogState | null>(null);
  // The last notice stays set while the snackbar slides away, so its text does not vanish mid-animation.
  const [notice, setNoticeState] = useState<Notice | null>(null);
  const [noticeOpen, setNoticeOpen] = useState(false);
  const setNotice = (n: Notice) => {
    setNoticeState(n);
    setNoticeOpen(true);
  };
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
      setNotice({ severity: 'success', text: t('admin.notices.updated', { name: values.name.trim() }) });
    } else {
      const created = await createUser({
        name: values.name.trim(),
        email: values.email.trim(),
        role: values.role,
        plan: values.plan,
        ...(values.password ? { password: values.password } : {}),
      });
      await refresh();
      setNotice({
        severity: 'success',
        text: values.password ? t('admin.notices.created', { email: created.email }) : t('admin.notices.createdWithMail', { email: created.email }),
      });
    }
    closeDialog();
  };

  const disable = useMutation({
    mutationFn: (u: AdminUser) => disableUser(u.id),
    onSuccess: async (u) => {
      await refresh(u.id);
      setNotice({ severity: 'success', text: t('admin.notices.disabled', { name: u.name }) });
      closeDialog();
    },
    onError: (err) => {
      setNotice({ severity: 'error', text: err.message });
      closeDialog();
    },
  });
  const enable = useMutation({
    mutationFn: (u: AdminUser) => updateUser(u.id, { status: 'active' }),
    onSuccess: async (u) => {
      await refresh(u.id);
      setNotice({ severity: 'success', text: t('admin.notices.enabled', { name: u.name }) });
    },
    onError: (err) => setNotice({ severity: 'error', text: err.message }),
  });
  const reset = useMutation({
    mutationFn: (u: AdminUser) => sendResetMail(u.id),
    onSuccess: (_ok, u) => {
      setNotice({ severity: 'success', text: t('admin.notices.resetSent', { email: u.email }) });
      closeDialog();
    },
    onError: (err) => {
      setNotice({ severity: 'error', text: err.message });
      closeDialog();
    },
  });

  const onSort = (column: UserSort) => setParams({ sort: column, order: params.sort === column && params.order === 'asc' ? 'desc' : 'asc' });

  const hasFilters = !!(params.search || params.role || params.plan || params.status);
  const clearFilters = () => {
    setSearchText('');
    setParams({ search: '', role: undefined, plan: undefined, status: undefined });
  };

  const viewProps = {
    users: users.data?.items ?? [],
    meId: me?.id,
    sort: params.sort,
    order: params.order,
    onSort,
    planName,
    onEdit: (user: AdminUser) => setDialog({ kind: 'edit', user }),
    onSendReset: (user: AdminUser) => setDialog({ kind: 'reset', user }),
    onDisable: (user: AdminUser) => setDialog({ kind: 'disable', user }),
    onEnable: (user: AdminUser) => enable.mutate(user),
  };

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

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1.5} alignItems="center">
          <TextField
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder={t('admin.users.searchPlaceholder')}
            size="small"
            sx={{ flex: { xs: '1 1 100%', md: '1 1 260px' } }}
            slotProps={{
              htmlInput: { 'aria-label': t('admin.users.searchLabel'), maxLength: 120, type: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Icon name="heroicons_outline:magnifying-glass" size={20} />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            label={t('admin.fields.role')}
            value={params.role ?? ''}
            onChange={(e) => setParams({ role: (e.target.value || undefined) as UsersParams['role'] })}
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
            value={params.plan ?? ''}
            onChange={(e) => setParams({ plan: e.target.value || undefined })}
            sx={selectSx}
          >
            <MenuItem value="">{t('admin.users.all')}</MenuItem>
            {(plans.data?.items ?? []).map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
            {params.plan && !plans.data?.items.some((p) => p.id === params.plan) && <MenuItem value={params.plan}>{params.plan}</MenuItem>}
          </TextField>
          <TextField
            select
            size="small"
            label={t('admin.fields.status')}
            value={params.status ?? ''}
            onChange={(e) => setParams({ status: (e.target.value || undefined) as UsersParams['status'] })}
            sx={selectSx}
          >
            <MenuItem value="">{t('admin.users.all')}</MenuItem>
            {ACCOUNT_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`admin.statuses.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          {!isWide && (
            // Column headers sort on a wide screen; on a phone the cards have none, so sorting is a select.
            <Stack direction="row" spacing={0.5} alignItems="center" sx={selectSx}>
              <TextField
                select
                size="small"
                fullWidth
                label={t('admin.users.sortBy')}
                value={params.sort}
                onChange={(e) => setParams({ sort: e.target.value as UserSort })}
              >
                {ADMIN_USER_SORTS.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`admin.fields.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Tooltip title={t(params.order === 'asc' ? 'admin.users.sortedAsc' : 'admin.users.sortedDesc')}>
                <IconButton aria-label={t('admin.users.toggleOrder')} onClick={() => setParams({ order: params.order === 'asc' ? 'desc' : 'asc' })}>
                  <Icon name={params.order === 'asc' ? 'heroicons_outline:bars-arrow-up' : 'heroicons_outline:bars-arrow-down'} size={20} />
                </IconButton>
              </Tooltip>
            </Stack>
          )}
          {hasFilters && (
            <Button onClick={clearFilters} size="small" startIcon={<Icon name="heroicons_outline:x-mark" size={18} />}>
              {t('admin.users.clearFilters')}
            </Button>
          )}
        </Stack>
      </Paper>

      {users.isPending ? (
        <LoadingState />
      ) : users.isError && !users.data ? (
        <ErrorState error={users.error} onRetry={() => users.refetch()} />
      ) : (
        <Paper
          variant="outlined"
          sx={{ overflow: 'hidden', opacity: users.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          aria-busy={users.isFetching}
        >
          {users.isError && <ErrorState error={users.error} onRetry={() => users.refetch()} />}
          {viewProps.users.length === 0 ? (
            hasFilters ? (
              <EmptyState
                icon="heroicons_outline:magnifying-glass"
                title={t('admin.users.noMatchTitle')}
                text={t('admin.users.noMatchText')}
                action={<Button onClick={clearFilters}>{t('admin.users.clearFilters')}</Button>}
              />
            ) : (
              <EmptyState
                icon="heroicons_outline:users"
                title={t('admin.users.emptyTitle')}
                text={t('admin.users.emptyText')}
                action={
                  <Button variant="contained" onClick={() => setDialog({ kind: 'create' })} disabled={!plans.data}>
                    {t('admin.users.create')}
                  </Button>
                }
              />
            )
          ) : isWide ? (
            <UsersTable {...viewProps} />
          ) : (
            <Box sx={{ p: 1.5 }}>
              <UsersCards {...viewProps} />
            </Box>
          )}
          <TablePagination
            component="div"
            count={users.data?.pagination.total ?? 0}
            page={Math.max(0, Math.min(params.page, users.data?.pagination.lastPage ?? 1) - 1)}
            rowsPerPage={params.size}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_e, page) => setParams({ page: page + 1 })}
            onRowsPerPageChange={(e) => setParams({ size: Number(e.target.value) as PageSize })}
            labelRowsPerPage={t('admin.users.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('admin.users.displayedRows', { from, to, count })}
            getItemAriaLabel={(type) => t(`admin.users.page.${type}`)}
            sx={{ borderTop: 1, borderColor: 'divider', '.MuiTablePagination-toolbar': { flexWrap: 'wrap', px: { xs: 1, sm: 2 } } }}
          />
        </Paper>
      )}

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
      <Snackbar
        open={noticeOpen}
        autoHideDuration={notice?.severity === 'error' ? 8000 : 5000}
        onClose={(_e, reason) => reason !== 'clickaway' && setNoticeOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={notice?.severity ?? 'success'}
          variant="filled"
          onClose={() => setNoticeOpen(false)}
          sx={{ width: '100%' }}
          role={notice?.severity === 'error' ? 'alert' : 'status'}
        >
          {notice?.text}
        </Alert>
      </Snackbar>
    </Box>
  );
}
