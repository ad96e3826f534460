import { useEffect, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import {
  ACCOUNT_STATUSES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ROLES,
  ZAccountStatus,
  ZEmail,
  ZPersonName,
  ZPlanId,
  ZRole,
  type AdminUser,
  type Plan,
} from '@cuadre/contracts';
import { useAppForm } from '@/components/form/use-app-form';

export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  role: (typeof ROLES)[number];
  plan: string;
  status: (typeof ACCOUNT_STATUSES)[number];
}

export interface UserFormDialogProps {
  open: boolean;
  /** Absent: a new user. */
  user?: AdminUser;
  /** The signed-in administrator's own account: role and status are locked (the server refuses a self-demotion). */
  isSelf: boolean;
  plans: Plan[];
  onClose: () => void;
  onSubmit: (values: UserFormValues) => Promise<unknown>;
}

/** Create (name, email, role, plan, optional password) or edit (name, role, plan, status) one account. */
export function UserFormDialog({ open, user, isSelf, plans, onClose, onSubmit }: UserFormDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const isEdit = !!user;

  // The contract's rules (the server checks the same); the password may stay empty (a mail then lets the person choose one).
  const schema = useMemo(
    () =>
      z.object({
        name: ZPersonName,
        email: isEdit ? z.string() : ZEmail,
        password: z.string().check(
          z.refine((v) => v === '' || (v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX), {
            params: { i18n: 'admin.form.passwordMin', values: { min: PASSWORD_MIN } },
          }),
        ),
        role: ZRole,
        plan: ZPlanId,
        status: ZAccountStatus,
      }),
    [isEdit],
  );

  const defaults = (): UserFormValues => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.role ?? 'user',
    plan: user?.plan ?? plans[0]?.id ?? 'free',
    status: user?.accountStatus ?? 'active',
  });
  const {
    form,
    onSubmit: submit,
    formError,
    pending,
    leaveDialog,
    closeGuarded,
  } = useAppForm<UserFormValues>(schema, {
    defaultValues: defaults(),
    submit: onSubmit,
    // A dialog: closing it with changes asks (closeGuarded below); it is not a page to leave.
    guardLeaving: false,
  });
  const { control, reset } = form;

  useEffect(() => {
    if (open) reset(defaults());
    // Reset only when the dialog opens or shows another user, not on every render of the defaults.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset on opening or another user only, not on each render
  }, [open, user?.id]);

  const planIds = new Set(plans.map((p) => p.id));

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : () => closeGuarded(onClose)}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="user-form-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="user-form-title">{isEdit ? t('admin.form.editTitle') : t('admin.form.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            <Controller
              name="name"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={t('admin.fields.name')}
                  autoFocus
                  required
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  autoComplete="off"
                />
              )}
            />
            <Controller
              name="email"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  type="email"
                  label={t('admin.fields.email')}
                  required={!isEdit}
                  disabled={isEdit}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? (isEdit ? t('admin.form.emailFixed') : undefined)}
                  autoComplete="off"
                />
              )}
            />
            {!isEdit && (
              <Controller
                name="password"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    type="password"
                    label={t('admin.form.passwordOptional')}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? t('admin.form.passwordHelp')}
                    autoComplete="new-password"
                  />
                )}
              />
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                name="role"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    select
                    fullWidth
                    label={t('admin.fields.role')}
                    disabled={isSelf}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? (isSelf ? t('admin.form.selfLocked') : undefined)}
                  >
                    {ROLES.map((r) => (
                      <MenuItem key={r} value={r}>
                        {t(`admin.roles.${r}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="plan"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField {...field} select fullWidth label={t('admin.fields.plan')} error={!!fieldState.error} helperText={fieldState.error?.message}>
                    {plans.map((p) => (
                      <MenuItem key={p.id} value={p.id}>
                        {p.name}
                      </MenuItem>
                    ))}
                    {/* A plan since retired still shows, so an edit does not silently change it. */}
                    {field.value && !planIds.has(field.value) && <MenuItem value={field.value}>{field.value}</MenuItem>}
                  </TextField>
                )}
              />
            </Stack>
            {isEdit && (
              <Controller
                name="status"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    select
                    label={t('admin.fields.status')}
                    disabled={isSelf}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? (isSelf ? t('admin.form.selfLocked') : t('admin.form.statusHelp'))}
                  >
                    {ACCOUNT_STATUSES.map((s) => (
                      <MenuItem key={s} value={s}>
                        {t(`admin.statuses.${s}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => closeGuarded(onClose)} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? t('common.form.saving') : isEdit ? t('common.save') : t('admin.form.create')}
          </Button>
        </DialogActions>
      </form>
      {leaveDialog}
    </Dialog>
  );
}
