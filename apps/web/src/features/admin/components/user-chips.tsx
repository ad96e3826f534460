import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AccountStatus, Role } from '@cuadre/contracts';

export function RoleChip({ role }: { role: Role }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={role === 'admin' ? 'secondary' : 'default'} label={t(`admin.roles.${role}`)} />;
}

export function StatusChip({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={status === 'active' ? 'success' : 'default'}
      variant={status === 'active' ? 'filled' : 'outlined'}
      label={t(`admin.statuses.${status}`)}
    />
  );
}

export function PlanChip({ name, isFree }: { name: string; isFree: boolean }) {
  return <Chip size="small" color={isFree ? 'default' : 'primary'} variant={isFree ? 'outlined' : 'filled'} label={name} />;
}
