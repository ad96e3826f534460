import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { ACCOUNT_STATUSES, PASSWORD_MAX, PASSWORD_MIN, ROLES, type AdminUser, type Plan } from '@cuadre/contracts';
import { applyServerErrors } from '@/lib/forms';

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

const FIELDS = ['name', 'email', 'password', 'role', 'plan', 'status'] as const;

/** Create (name, email, role, plan, optional password) or edit (name, role, plan, status) one account. */
export function UserFormDialog({ open, user, isSelf, plans, onClose, onSubmit }: UserFormDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const isEdit = !!user;
  const [formError, setFormError] = useState<string>();

  // Messages come from the active language; the rules match the contracts the server checks.
  const schema = useMemo(
    () =>
      z.object({
        name: z.string().check(z.trim(), z.minLength(1, t('admin.form.nameRequired')), z.maxLength(120, t('admin.form.tooLong', { max: 120 }))),
        email: isEdit
          ? z.string()
          : z
              .string()
              .check(
                z.trim(),
                z.minLength(1, t('admin.form.emailRequired')),
                z.maxLength(254, t('admin.form.tooLong', { max: 254 })),
                z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, t('admin.form.emailInvalid')),
              ),
        password: z.string().check(
          z.refine((v) => v === '' || v.length >= PASSWORD_MIN, t('admin.form.passwordMin', { min: PASSWORD_MIN })),
          z.maxLength(PASSWORD_MAX, t('admin.form.tooLong', { max: PASSWORD_MAX })),
        ),
        role: z.enum(ROLES),
        plan: z.string().check(z.minLength(1, t('admin.form.planRequired'))),
        status: z.enum(ACCOUNT_STATUSES),
      }),
    [t, isEdit],
  );

  const defaults = (): UserFormValues => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.role ?? 'user',
    plan: user?.plan ?? plans[0]?.id ?? 'free',
    status: user?.accountStatus ?? 'active',
  });
  const { control, handleSubmit, reset, setError, formState } = useForm<UserFormValues>({ resolver: zodResolver(schema), defaultValues: defaults() });

  useEffect(() => {
    if (open) {
      reset(defaults());
      setFormError(undefined);
    }
    // Reset only when the dialog opens or shows another user, not on every render of the defaults.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as said above
  }, [open, user?.id]);

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await onSubmit(values);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS));
    }
  });

  const pending = formState.isSubmitting;
  const planIds = new Set(plans.map((p) => p.id));

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="user-form-title">
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
          <Button onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? t('common.loading') : isEdit ? t('common.save') : t('admin.form.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
