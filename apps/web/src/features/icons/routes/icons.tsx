import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Box, InputAdornment, Pagination, Paper, Tab, Tabs, TextField, Typography } from '@mui/material';
import { ICON_SETS, type IconSetId } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { useNotices } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { EmptyState, QueryView } from '@/components/page-states';
import { iconSetQuery } from '../api/icons-api';
import { IconGrid } from '../components/icon-grid';
import { filterIcons, ICONS_PER_PAGE } from '../components/filter';

/** /ui/icons: the seven icon sets (spec 001 §7), searchable, a page of the grid at a time; a click copies an icon's name. */
export default function Icons() {
  const { t } = useTranslation();
  const notices = useNotices();
  const [sp, setSp] = useSearchParams();
  const set: IconSetId = (ICON_SETS as readonly string[]).includes(sp.get('set') ?? '') ? (sp.get('set') as IconSetId) : 'feather';
  const search = (sp.get('search') ?? '').slice(0, 80);
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const query = useQuery(iconSetQuery(set));
  const matched = useMemo(() => (query.data ? filterIcons(query.data.list, search) : []), [query.data, search]);
  const lastPage = Math.max(1, Math.ceil(matched.length / ICONS_PER_PAGE));
  const shown = Math.min(page, lastPage);
  const names = matched.slice((shown - 1) * ICONS_PER_PAGE, shown * ICONS_PER_PAGE);

  const update = (patch: Record<string, string | undefined>) =>
    setSp(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  const copy = async (full: string) => {
    try {
      await navigator.clipboard.writeText(full);
      notices.done(t('icons.copied', { name: full }));
    } catch (err) {
      notices.failed(err instanceof Error ? new Error(t('icons.copyFailed', { name: full })) : err);
    }
  };

  return (
    <Box>
      <PageHeader title={t('icons.title')} subtitle={t('icons.subtitle')} />
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={set}
          onChange={(_e, v: IconSetId) => update({ set: v === 'feather' ? undefined : v, page: undefined })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('icons.sets')}
        >
          {ICON_SETS.map((s) => (
            <Tab key={s} value={s} label={t(`icons.set.${s}`)} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
          <TextField
            value={search}
            onChange={(e) => update({ search: e.target.value || undefined, page: undefined })}
            placeholder={t('icons.search')}
            size="small"
            fullWidth
            slotProps={{
              htmlInput: { 'aria-label': t('icons.search'), maxLength: 80, type: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Icon name="heroicons_outline:magnifying-glass" size={20} />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
      </Paper>
      <QueryView query={query}>
        {(data) => (
          <>
            <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mb: 1.5 }}>
              {t('icons.count', { count: matched.length, total: data.list.length })}
            </Typography>
            {names.length ? (
              <IconGrid set={set} namespace={data.namespace} names={names} px={data.grid === 'icon-size-5' ? 20 : 24} onCopy={(n) => void copy(n)} />
            ) : (
              <EmptyState icon="heroicons_outline:magnifying-glass" title={t('icons.noMatch')} text={t('icons.noMatchText')} />
            )}
            {lastPage > 1 && (
              <Pagination
                count={lastPage}
                page={shown}
                onChange={(_e, p) => update({ page: p === 1 ? undefined : String(p) })}
                siblingCount={0}
                sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
                getItemAriaLabel={(type, p) => (type === 'page' ? t('icons.pageN', { page: p }) : t(`common.list.page.${type}`))}
              />
            )}
          </>
        )}
      </QueryView>
      {notices.view}
    </Box>
  );
}
