import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { MenuItem, Stack, TextField } from '@mui/material';
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
import { FormDialog } from '@/components/form/form-dialog';

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

  const planIds = new Set(plans.map((p) => p.id));

  return (
    <FormDialog<UserFormValues>
      open={open}
      title={isEdit ? t('admin.form.editTitle') : t('admin.form.createTitle')}
      onClose={onClose}
      schema={schema}
      defaultValues={() => ({
        name: user?.name ?? '',
        email: user?.email ?? '',
        password: '',
        role: user?.role ?? 'user',
        plan: user?.plan ?? plans[0]?.id ?? 'free',
        status: user?.accountStatus ?? 'active',
      })}
      resetKey={user?.id}
      submit={onSubmit}
      submitLabel={isEdit ? t('common.save') : t('admin.form.create')}
    >
      {({ form: { control } }) => (
        <>
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
        </>
      )}
    </FormDialog>
  );
}
