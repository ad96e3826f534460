import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Tab,
  Tabs,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { QueryView } from '@/components/page-states';
import { useErrorText } from '@/lib/error-text';
import { brandsQuery, categoriesQuery, inventoryKeys, removeFromList, tagsQuery, vendorsQuery, type ListKind } from '../api/inventory-api';
import { AddToListDialog } from './add-to-list-dialog';

const KINDS: ListKind[] = ['category', 'brand', 'vendor', 'tag'];
const QUERIES = { category: categoriesQuery, brand: brandsQuery, vendor: vendorsQuery, tag: tagsQuery } as const;

/** The owner's categories, brands, vendors and tags: each listed, added and deleted (after a question). */
export function ListsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const qc = useQueryClient();
  const [kind, setKind] = useState<ListKind>('category');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const items = useQuery({ ...(QUERIES[kind] as typeof categoriesQuery), enabled: open });
  const remove = useMutation({
    mutationFn: (id: string) => removeFromList(kind, id),
    onSuccess: async () => {
      setDeleting(null);
      await qc.invalidateQueries({ queryKey: inventoryKeys.all });
    },
  });
  const failure = useErrorText(remove.error);
  const nameOf = (x: { name?: string; title?: string }) => x.name ?? x.title ?? '';
  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="inventory-lists-title">
        <DialogTitle id="inventory-lists-title">{t('inventory.lists.title')}</DialogTitle>
        <DialogContent>
          <Tabs value={kind} onChange={(_e, v: ListKind) => setKind(v)} variant="scrollable" allowScrollButtonsMobile aria-label={t('inventory.lists.title')}>
            {KINDS.map((k) => (
              <Tab key={k} value={k} label={t(`inventory.lists.tabs.${k}`)} />
            ))}
          </Tabs>
          <QueryView query={items} isEmpty={(d) => d.length === 0} empty={<Typography sx={{ py: 2 }}>{t(`inventory.lists.empty.${kind}`)}</Typography>}>
            {(data) => (
              <List aria-label={t(`inventory.lists.tabs.${kind}`)}>
                {(data as { id: string; name?: string; title?: string }[]).map((x) => (
                  <ListItem
                    key={x.id}
                    disableGutters
                    secondaryAction={
                      <Tooltip title={t('common.delete')}>
                        <IconButton edge="end" aria-label={`${t('common.delete')} ${nameOf(x)}`} onClick={() => setDeleting({ id: x.id, name: nameOf(x) })}>
                          <Icon name="heroicons_outline:trash" size={18} />
                        </IconButton>
                      </Tooltip>
                    }
                  >
                    <ListItemText primary={nameOf(x)} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
                  </ListItem>
                ))}
              </List>
            )}
          </QueryView>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAdding(true)} startIcon={<Icon name="heroicons_outline:plus" size={18} />}>
            {t(`inventory.lists.add.${kind}`)}
          </Button>
          <Button variant="contained" onClick={onClose}>
            {t('inventory.lists.close')}
          </Button>
        </DialogActions>
      </Dialog>
      <AddToListDialog kind={adding ? kind : undefined} onClose={() => setAdding(false)} onAdded={() => setAdding(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t(`inventory.lists.deleteTitle.${kind}`)}
        text={[t(`inventory.lists.deleteText.${kind}`, { name: deleting?.name ?? '' }), remove.isError ? failure : ''].filter(Boolean).join(' ')}
        confirmLabel={t('common.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </>
  );
}
