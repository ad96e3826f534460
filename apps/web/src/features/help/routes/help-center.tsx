import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, InputAdornment, Link, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { LoadingState, QueryView } from '@/components/page-states';
import { useDebounced } from '@/lib/use-debounced';
import { guidesQuery, helpSearchQuery } from '../api/help-api';

const guidePath = (categorySlug: string, slug: string) => `/user/help-center/guides/${categorySlug}/${slug}`;

/**
 * user/help-center: the guides by category, with the way to the FAQs and to a person. From 2
 * characters, 300 ms after typing stops, the search asks the server, which reads inside every guide
 * and answer, and the results replace the categories until the box is cleared.
 */
export default function HelpCenter() {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const query = useDebounced(q.trim(), SEARCH_DEBOUNCE_MS);
  const searching = query.length >= SEARCH_MIN_LENGTH;
  const guides = useQuery(guidesQuery(i18n.language, undefined, 100));
  // While the next query's answer comes, the last results stay (marked busy) rather than blinking away.
  const found = useQuery({ ...helpSearchQuery(i18n.language, query), enabled: searching, placeholderData: keepPreviousData });

  return (
    <Box>
      <PageHeader title={t('help.title')} subtitle={t('help.subtitle')} />
      <TextField
        fullWidth
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('help.searchPlaceholder')}
        slotProps={{
          htmlInput: { 'aria-label': t('help.search'), maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Icon name="heroicons_outline:magnifying-glass" size={20} />
              </InputAdornment>
            ),
          },
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
      {searching ? (
        <QueryView
          query={found}
          loading={<LoadingState label={t('help.searching')} />}
          isEmpty={(data) => data.guides.length === 0 && data.faqs.length === 0}
          empty={
            <Box role="status">
              <Typography>{t('help.noMatch')}</Typography>
              <Typography
                sx={{
                  color: 'text.secondary',
                  mt: 0.5,
                }}
              >
                {t('help.noMatchHint')}
              </Typography>
            </Box>
          }
        >
          {(data) => (
            <Stack spacing={3} aria-busy={found.isPlaceholderData} sx={{ opacity: found.isPlaceholderData ? 0.6 : 1 }}>
              {data.guides.length > 0 && (
                <Box component="section" aria-labelledby="help-found-guides">
                  <Typography id="help-found-guides" component="h2" variant="h6" sx={{ mb: 1 }}>
                    {t('help.matchingGuides')}
                  </Typography>
                  <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                    {data.guides.map((g) => (
                      <Card key={`${g.categorySlug}/${g.slug}`} component="li" variant="outlined">
                        <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                          <Typography
                            variant="overline"
                            sx={{
                              color: 'text.secondary',
                            }}
                          >
                            {g.categoryTitle}
                          </Typography>
                          <Link component={RouterLink} to={guidePath(g.categorySlug, g.slug)} sx={{ display: 'block', fontWeight: 600 }}>
                            {g.title}
                          </Link>
                          <Typography
                            variant="body2"
                            sx={{
                              color: 'text.secondary',
                              mt: 0.5,
                            }}
                          >
                            {g.excerpt}
                          </Typography>
                        </CardContent>
                      </Card>
                    ))}
                  </Stack>
                </Box>
              )}
              {data.faqs.length > 0 && (
                <Box component="section" aria-labelledby="help-found-questions">
                  <Typography id="help-found-questions" component="h2" variant="h6" sx={{ mb: 1 }}>
                    {t('help.matchingQuestions')}
                  </Typography>
                  <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                    {data.faqs.map((f) => (
                      <Box key={f.id} component="li">
                        <Link component={RouterLink} to={`/user/help-center/faqs?q=${encodeURIComponent(query)}`} sx={{ fontWeight: 600 }}>
                          {f.question}
                        </Link>
                        <Typography
                          variant="body2"
                          sx={{
                            color: 'text.secondary',
                          }}
                        >
                          {f.excerpt}
                        </Typography>
                      </Box>
                    ))}
                  </Stack>
                </Box>
              )}
            </Stack>
          )}
        </QueryView>
      ) : (
        <QueryView query={guides} loading={<Skeleton variant="rounded" height={240} />}>
          {(data) => (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
              {data.map((c) => (
                <Card key={c.id} variant="outlined">
                  <CardContent>
                    <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
                      {c.title}
                    </Typography>
                    {c.guides.map((g) => (
                      <Box key={g.id} sx={{ py: 0.75 }}>
                        <Link component={RouterLink} to={guidePath(c.slug, g.slug)} sx={{ fontWeight: 600 }}>
                          {g.title}
                        </Link>
                        <Typography
                          variant="body2"
                          sx={{
                            color: 'text.secondary',
                          }}
                        >
                          {g.subtitle}
                        </Typography>
                      </Box>
                    ))}
                  </CardContent>
                </Card>
              ))}
            </Box>
          )}
        </QueryView>
      )}
    </Box>
  );
}
