import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Box, Button, Link, Pagination, Paper, Stack, Typography } from '@mui/material';
import type { ActivityItem } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { PageHeader } from '@/components/page-header';
import { EmptyState, QueryView } from '@/components/page-states';
import { formatDateTime, formatRelative } from '@/lib/format';
import { activitiesQuery } from '../api/insights-api';
import { ActivityText } from '../components/activity-text';

// Newest first is the feed's only order; the list kit keeps the page and its size in the address.
const LIST: ListConfig<'date', never> = { sorts: ['date'], defaultSort: 'date', defaultOrder: 'desc' };

function ActivityRow({ item, last }: { item: ActivityItem; last: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2, position: 'relative', pb: last ? 0 : 3 }}>
      {!last && <Box aria-hidden sx={{ position: 'absolute', left: 19, top: 44, bottom: 4, width: '2px', bgcolor: 'divider' }} />}
      <Avatar sx={{ bgcolor: 'action.selected', color: 'text.primary', width: 40, height: 40, flexShrink: 0 }}>
        <Icon name={item.icon ?? 'heroicons_outline:clock'} size={20} />
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1, pt: 0.5 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          <ActivityText html={item.description} />
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, rowGap: 0.5, mt: 0.5 }}>
          <Typography component="time" dateTime={item.date} title={formatDateTime(item.date, i18n.language)} variant="body2" sx={{ color: 'text.secondary' }}>
            {formatRelative(item.date, i18n.language)}
          </Typography>
          <Link component={RouterLink} to={item.link} variant="body2" underline="hover">
            {item.linkedContent ?? t('insights.activities.open')}
          </Link>
        </Box>
      </Box>
    </Box>
  );
}

/** /pages/activities: the account's real history as a timeline, a page at a time, each item linking to where it happened. */
export default function Activities() {
  const { t } = useTranslation();
  const list = useListParams(LIST);
  const { page, size } = list.params;
  const query = useQuery(activitiesQuery(page, size));

  return (
    <Box>
      <PageHeader title={t('insights.activities.title')} subtitle={t('insights.activities.subtitle')} />
      <QueryView
        query={query}
        isEmpty={(d) => d.pagination.total === 0}
        empty={
          <EmptyState
            icon="heroicons_outline:clock"
            title={t('insights.activities.empty')}
            text={t('insights.activities.emptyText')}
            action={
              <Button component={RouterLink} to="/user/dailyincome" variant="contained">
                {t('insights.activities.record')}
              </Button>
            }
          />
        }
      >
        {(data) => (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('insights.activities.title')} aria-busy={query.isPlaceholderData}>
              {data.items.map((item, i) => (
                <ActivityRow key={item.id} item={item} last={i === data.items.length - 1} />
              ))}
            </Box>
            {data.pagination.lastPage > 1 && (
              <Stack sx={{ alignItems: 'center', mt: 3 }}>
                <Pagination
                  count={data.pagination.lastPage}
                  page={Math.min(page, data.pagination.lastPage)}
                  onChange={(_e, p) => list.setParams({ page: p })}
                  siblingCount={0}
                  aria-label={t('insights.activities.pages')}
                />
              </Stack>
            )}
          </Paper>
        )}
      </QueryView>
    </Box>
  );
}
