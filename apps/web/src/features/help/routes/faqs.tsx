import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Accordion, AccordionDetails, AccordionSummary, Box, InputAdornment, Link, Skeleton, TextField, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/page-states';
import { faqsQuery } from '../api/help-api';
import { Article } from '../components/article';
import { matches } from '../components/matches';

/** user/help-center/faqs: the questions grouped by topic, searchable. */
export default function Faqs() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const faqs = useQuery(faqsQuery(i18n.language));
  const groups = (faqs.data ?? []).map((c) => ({ ...c, faqs: c.faqs.filter((f) => matches(q, f.question, f.answer)) })).filter((c) => c.faqs.length);

  return (
    <Box>
      <Link component={RouterLink} to="/user/help-center" sx={{ display: 'flex', width: 'fit-content', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <Icon name="heroicons_outline:arrow-left" size={16} />
        {t('help.title')}
      </Link>
      <PageHeader title={t('help.faqsTitle')} subtitle={t('help.faqsSubtitle')} />
      <TextField
        fullWidth
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
      <QueryView
        query={faqs}
        loading={<Skeleton variant="rounded" height={240} />}
        isEmpty={() => groups.length === 0}
        empty={
          <Typography
            sx={{
              color: 'text.secondary',
            }}
          >
            {t('help.noMatch')}
          </Typography>
        }
      >
        {() =>
          groups.map((c) => (
            <Box key={c.id} component="section" sx={{ mb: 3 }} aria-labelledby={`faq-${c.slug}`}>
              <Typography id={`faq-${c.slug}`} component="h2" variant="h6" sx={{ mb: 1 }}>
                {c.title}
              </Typography>
              {c.faqs.map((f) => (
                <Accordion key={f.id} disableGutters variant="outlined">
                  <AccordionSummary expandIcon={<Icon name="heroicons_outline:chevron-down" size={20} />}>
                    <Typography sx={{ fontWeight: 600 }}>{f.question}</Typography>
                  </AccordionSummary>
                  <AccordionDetails>
                    <Article html={f.answer} />
                  </AccordionDetails>
                </Accordion>
              ))}
            </Box>
          ))
        }
      </QueryView>
    </Box>
  );
}
