import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { StockMovement } from '@cuadre/contracts';
import { QueryView } from '@/components/page-states';
import { formatDate } from '@/lib/format';
import { movementsQuery } from '../api/inventory-api';

/** Where an entry is listed: its type's list, at the month of its date, searched for the entry. */
export function entryHref(m: StockMovement): string {
  const path = m.entryType === 'purchase' ? '/user/dailypurchasedproducts' : '/user/dailyincome';
  const q = new URLSearchParams({ year: String(Number(m.date.slice(0, 4))), month: String(Number(m.date.slice(5, 7))), entry: m.entryId });
  return `${path}?${q}`;
}

/** The stock the books moved for a product: each purchase in and each sale out, newest first, each linking to its entry. */
export function ProductMovements({ productId }: { productId: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(movementsQuery(productId));
  return (
    <section aria-labelledby={`movements-${productId}`}>
      <Typography id={`movements-${productId}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('inventory.movements.title')}
      </Typography>
      <QueryView query={query} isEmpty={(d) => d.items.length === 0} empty={<Typography variant="body2">{t('inventory.movements.empty')}</Typography>}>
        {(data) => (
          <List dense aria-label={t('inventory.movements.title')}>
            {data.items.map((m) => (
              <ListItem key={m.id} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={entryHref(m)}>
                      {t(m.entryType === 'purchase' ? 'inventory.movements.purchase' : 'inventory.movements.sale', { date: formatDate(m.date, i18n.language) })}
                    </Link>
                  }
                  secondary={t('inventory.movements.units', { count: m.quantity, signed: m.quantity > 0 ? `+${m.quantity}` : String(m.quantity) })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </QueryView>
    </section>
  );
}
