import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Card, CardContent, Chip, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import type { Plan } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { formatMoney } from '@/lib/format';

/** One plan: its name, price per period, what it holds; the person's current plan stands out; `action` goes under it. */
export function PlanCard({ plan, isCurrent, action }: { plan: Plan; isCurrent: boolean; action?: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <Card
      variant="outlined"
      component="article"
      aria-current={isCurrent ? 'true' : undefined}
      aria-labelledby={`plan-${plan.id}`}
      sx={{ height: '100%', borderWidth: isCurrent ? 2 : 1, borderColor: isCurrent ? 'primary.main' : 'divider', position: 'relative' }}
    >
      <CardContent sx={{ p: 3 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{
            justifyContent: 'space-between',
            alignItems: 'center',
            mb: 1,
          }}
        >
          <Typography id={`plan-${plan.id}`} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {plan.name}
          </Typography>
          {isCurrent && <Chip size="small" color="primary" label={t('billing.currentPlan')} />}
        </Stack>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5, mb: 1 }}>
          <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 800, lineHeight: 1.2 }}>
            {formatMoney(plan.priceCents, i18n.language)}
          </Typography>
          <Typography
            sx={{
              color: 'text.secondary',
            }}
          >
            {t(plan.interval === 'year' ? 'billing.perYear' : 'billing.perMonth')}
          </Typography>
        </Box>
        <Typography
          sx={{
            color: 'text.secondary',
            mb: 2,
          }}
        >
          {plan.description}
        </Typography>
        <List dense disablePadding aria-label={t('billing.featuresOf', { plan: plan.name })}>
          {plan.features.map((f) => (
            <ListItem key={f} disableGutters sx={{ alignItems: 'flex-start' }}>
              <ListItemIcon sx={{ minWidth: 30, mt: 0.5, color: 'success.main' }}>
                <Icon name="heroicons_mini:check" size={20} />
              </ListItemIcon>
              <ListItemText primary={f} />
            </ListItem>
          ))}
        </List>
        {action && <Box sx={{ mt: 2 }}>{action}</Box>}
      </CardContent>
    </Card>
  );
}
