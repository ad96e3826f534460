import { useTranslation } from 'react-i18next';
import { MenuItem, TextField } from '@mui/material';
import type { ListState } from './list-params';

/** The address's values of the status filter: a list whose config has `filters: { active: ACTIVE_FILTER }`. */
export const ACTIVE_FILTER = ['true', 'false'] as const;

/**
 * All, active or inactive: a list's `active` filter, kept in the address like every other filter
 * (the list's config allows `ACTIVE_FILTER`); the server filters.
 */
export function StatusFilter<S extends string, F extends string>({ list }: { list: ListState<S, F | 'active'> }) {
  const { t } = useTranslation();
  const { params, setParams } = list;
  const active = params.filters.active ?? '';
  return (
    <TextField
      select
      size="small"
      label={t('common.list.status')}
      value={active}
      onChange={(e) => setParams({ filters: { active: e.target.value || undefined } as Partial<Record<F | 'active', string | undefined>> })}
      sx={{ minWidth: { xs: 0, sm: 140 }, flex: { xs: '1 1 45%', sm: '0 0 auto' } }}
    >
      <MenuItem value="">{t('common.list.statusAll')}</MenuItem>
      <MenuItem value="true">{t('common.list.active')}</MenuItem>
      <MenuItem value="false">{t('common.list.inactive')}</MenuItem>
    </TextField>
  );
}
