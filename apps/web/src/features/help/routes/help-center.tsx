import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, InputAdornment, Link, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/page-states';
import { faqsQuery, guidesQuery } from '../api/help-api';
import { matches } from '../components/matches';

/** user/help-center: the guides by category, searchable, with the way to the FAQs and to a person. */
export default function HelpCenter() {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const guides = useQuery(guidesQuery(i18n.language, undefined, 100));
  const faqs = useQuery(faqsQuery(i18n.language));
  const cats = (guides.data ?? [])
    .map((c) => ({ ...c, guides: c.guides.filter((g) => matches(q, g.title, g.subtitle, c.title)) }))
    .filter((c) => c.guides.length > 0);
  const questions = q.trim().length >= 2 ? (faqs.data ?? []).flatMap((c) => c.faqs.filter((f) => matches(q, f.question, f.answer))) : [];

  return (
    <Box>
      <PageHeader title={t('help.title')} subtitle={t('help.subtitle')} />
      <TextField
        fullWidth
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('help.searchPlaceholder')}
        inputProps={{ 'aria-label': t('help.search'), maxLength: 100 }}
        InputProps={{
          startAdornment: (
            <InputAdornment position="start">
              <Icon name="heroicons_outline:magnifying-glass" size={20} />
            </InputAdornment>
          ),
        }}
        sx={{ mb: 3, maxWidth: 640 }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <Button
          component={RouterLink}
          to="/user/help-center/faqs"
          variant="outlined"
          startIcon={<Icon name="heroicons_outline:question-mark-circle" size={20} />}
        >
          {t('help.faqsLink')}
        </Button>
        <Button component={RouterLink} to="/user/help-center/support" variant="contained" startIcon={<Icon name="heroicons_outline:lifebuoy" size={20} />}>
          {t('help.supportLink')}
        </Button>
      </Stack>
      {questions.length > 0 && (
        <Card variant="outlined" sx={{ mb: 3 }}>
          <CardContent>
            <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
              {t('help.matchingQuestions')}
            </Typography>
            {questions.slice(0, 5).map((f) => (
              <Link key={f.id} component={RouterLink} to={`/user/help-center/faqs?q=${encodeURIComponent(q)}`} sx={{ display: 'block', py: 0.5 }}>
                {f.question}
              </Link>
            ))}
          </CardContent>
        </Card>
      )}
      {guides.isError ? (
        <ErrorState error={guides.error} onRetry={() => void guides.refetch()} />
      ) : guides.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : cats.length === 0 ? (
        <Typography color="text.secondary">{t('help.noMatch')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
          {cats.map((c) => (
            <Card key={c.id} variant="outlined">
              <CardContent>
                <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
                  {c.title}
                </Typography>
                {c.guides.map((g) => (
                  <Box key={g.id} sx={{ py: 0.75 }}>
                    <Link component={RouterLink} to={`/user/help-center/guides/${c.slug}/${g.slug}`} sx={{ fontWeight: 600 }}>
                      {g.title}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {g.subtitle}
                    </Typography>
                  </Box>
                ))}
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
