import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, Link, Skeleton, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/page-states';
import { guideQuery } from '../api/help-api';
import { Article } from '../components/article';

/** user/help-center/guides/:category/:guide: one guide, with the way back to its category's list. */
export default function Guide() {
  const { t, i18n } = useTranslation();
  const { categorySlug = '', guideSlug = '' } = useParams();
  const guide = useQuery(guideQuery(i18n.language, categorySlug, guideSlug));
  return (
    <Box>
      <Link component={RouterLink} to="/user/help-center" sx={{ display: 'flex', width: 'fit-content', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <Icon name="heroicons_outline:arrow-left" size={16} />
        {t('help.title')}
      </Link>
      <QueryView query={guide} loading={<Skeleton variant="rounded" height={240} />}>
        {(data) => (
          <>
            <Typography
              variant="overline"
              sx={{
                color: 'text.secondary',
              }}
            >
              {data.title}
            </Typography>
            <PageHeader title={data.guide.title} subtitle={data.guide.subtitle} />
            <Article html={data.guide.content ?? ''} />
          </>
        )}
      </QueryView>
    </Box>
  );
}
