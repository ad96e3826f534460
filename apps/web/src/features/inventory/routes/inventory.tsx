import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Box, Button, Chip, Stack } from '@mui/material';
import { INVENTORY_SORTS, type InventoryProduct, type InventorySort } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useRowActions } from '@/components/list-kit/row-actions';
import { useNotices } from '@/components/notice';
import { useMoney } from '@/lib/settings';
import { deleteProduct, inventoryKeys, productsQuery, updateProduct } from '../api/inventory-api';
import { ListsDialog } from '../components/lists-dialog';
import { ProductFormDialog } from '../components/product-form-dialog';

const CONFIG: ListConfig<InventorySort, never> = { sorts: INVENTORY_SORTS, defaultSort: 'name', defaultOrder: 'asc' };
const column = listColumns<InventoryProduct>();

/** apps/ecommerce/inventory: the stock the business sells, paged, searched and sorted by the server. */
export default function Inventory() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const qc = useQueryClient();
  const list = useListParams(CONFIG);
  const { search, sort, order, page, size } = list.params;
  const products = useQuery(productsQuery({ search: search.trim() || undefined, sort, order, page, size }));
  const [editing, setEditing] = useState<{ product?: InventoryProduct } | null>(null);
  const [listsOpen, setListsOpen] = useState(false);
  const { done, failed, view } = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: inventoryKeys.products });

  const toggle = useMutation({
    mutationFn: (p: InventoryProduct) => updateProduct(p.id, { active: !p.active }),
    onSuccess: refresh,
    onError: failed,
  });
  const actions = useRowActions<InventoryProduct>({
    nameOf: (p) => p.name,
    onEdit: (product) => setEditing({ product }),
    activation: { isActive: (p) => p.active, toggle: (p) => toggle.mutate(p) },
    remove: {
      title: t('inventory.deleteTitle'),
      text: (p) => t('inventory.deleteText', { name: p.name }),
      run: (p) => deleteProduct(p.id),
      onDone: async (p) => {
        await refresh();
        done(t('inventory.deleted', { name: p.name }));
      },
      onError: failed,
    },
  });

  const columns = useMemo(
    () => [
      column.accessor('name', {
        meta: { label: t('inventory.fields.name'), sortKey: 'name', card: 'title' },
        // The product's thumbnail beside its name (decorative: the name says which product it is).
        cell: (c) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Avatar
              variant="rounded"
              src={c.row.original.thumbnail ?? undefined}
              alt=""
              sx={{ width: 40, height: 40, bgcolor: 'action.hover', color: 'text.secondary' }}
            >
              <Icon name="heroicons_outline:photo" size={20} />
            </Avatar>
            <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {c.getValue()}
            </Box>
          </Stack>
        ),
      }),
      column.accessor('sku', { meta: { label: t('inventory.fields.sku'), sortKey: 'sku' }, cell: (c) => c.getValue() || '—' }),
      column.accessor('stock', { meta: { label: t('inventory.fields.stock'), sortKey: 'stock', align: 'right' } }),
      column.accessor('reserved', { meta: { label: t('inventory.fields.reserved'), sortKey: 'reserved', align: 'right' } }),
      column.accessor('price', { meta: { label: t('inventory.fields.price'), sortKey: 'price', align: 'right' }, cell: (c) => money(c.getValue()) }),
      column.accessor('active', {
        meta: { label: t('inventory.fields.active'), sortKey: 'active' },
        cell: (c) => (
          <Chip
            size="small"
            label={c.getValue() ? t('inventory.active') : t('inventory.inactive')}
            color={c.getValue() ? 'success' : 'default'}
            variant="outlined"
          />
        ),
      }),
    ],
    [t, money],
  );
  const sortLabels = Object.fromEntries(INVENTORY_SORTS.map((s) => [s, t(`inventory.fields.${s}`)])) as Record<InventorySort, string>;
  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setEditing({})}>
      {t('inventory.new')}
    </Button>
  );

  return (
    <Box>
      <PageHeader
        title={t('inventory.title')}
        subtitle={t('inventory.subtitle')}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setListsOpen(true)}>
              {t('inventory.lists.open')}
            </Button>
            {newButton}
          </Stack>
        }
      />
      <ListToolbar list={list} searchLabel={t('inventory.searchLabel')} sortLabels={sortLabels} />
      <DataList
        label={t('inventory.title')}
        list={list}
        query={products}
        columns={columns}
        getRowId={(p) => p.id}
        rowActions={actions.render}
        empty={{ icon: 'heroicons_outline:archive-box', title: t('inventory.emptyTitle'), text: t('inventory.emptyText'), action: newButton }}
        noMatch={{ title: t('inventory.noMatchTitle'), text: t('inventory.noMatchText') }}
      />
      <ProductFormDialog
        open={editing !== null}
        product={editing?.product}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          done(t('inventory.saved', { name: saved.name }));
        }}
      />
      <ListsDialog open={listsOpen} onClose={() => setListsOpen(false)} />
      {actions.confirm}
      {view}
    </Box>
  );
}
