import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { AuditEntity } from '@cuadre/contracts';
import { QueryView } from '@/components/page-states';
import { formatDateTime } from '@/lib/format';
import { auditQuery } from '../api/books-api';

/** Fields that change with every write and say nothing to a reader. */
const QUIET = new Set(['updatedAt', 'createdAt', 'ownerId', 'id']);

/** What changed between two snapshots of a record, field by field. */
function changes(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys]
    .filter((k) => !QUIET.has(k) && JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after?.[k] ?? null))
    .map((k) => ({ field: k, from: before?.[k] ?? null, to: after?.[k] ?? null }));
}
const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** A record's audit trail: who created, changed or deleted it, when, and what changed. */
export function HistoryDialog({ entity, id, onClose }: { entity: AuditEntity; id: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const history = useQuery({ ...auditQuery(entity, id ?? ''), enabled: !!id });
  return (
    <Dialog open={!!id} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="history-title">
      <DialogTitle id="history-title">{t('books.history.title')}</DialogTitle>
      <DialogContent>
        <QueryView query={history}>
          {(data) => (
            <List dense>
              {data.items.map((event) => (
                <ListItem key={event.id} disableGutters alignItems="flex-start">
                  <ListItemText
                    primary={`${t(`books.history.${event.action}`)} · ${formatDateTime(event.at, i18n.language)} · ${event.actor.name ?? t('books.history.someone')}`}
                    secondary={
                      event.action === 'update'
                        ? changes(event.before, event.after).map((c) => (
                            <Typography key={c.field} component="span" variant="body2" sx={{ display: 'block' }}>
                              {c.field}: {show(c.from)} → {show(c.to)}
                            </Typography>
                          ))
                        : null
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
        </QueryView>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
