import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_SORTS, type Product } from '@cuadre/contracts';
import { centsToText, parseMoney } from '@/lib/money';
import { useMoney } from '@/lib/settings';
import { activeRecordsQuery, categoriesQuery } from '../api/books-api';
import { RegistryPage } from '../components/registry-page';
import { listColumns } from '@/components/list-kit/data-list';

const column = listColumns<Product>();

/** user/purchasedproducts: the catalogue of goods bought (for resale or production). */
export default function PurchasedProducts() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const categories = useQuery(categoriesQuery);
  const providers = useQuery(activeRecordsQuery('providers'));
  const columns = useMemo(
    () => [
      column.accessor('unit', { meta: { label: t('books.fields.unit'), sortKey: 'unit' } }),
      column.accessor('defaultUnitCost', {
        meta: { label: t('books.fields.defaultUnitCost'), sortKey: 'defaultUnitCost', align: 'right' },
        cell: (c) => {
          const v = c.getValue();
          return v === null ? '—' : money(v);
        },
      }),
      column.accessor('providerName', { meta: { label: t('books.fields.provider') }, cell: (c) => c.getValue() ?? '—' }),
      column.accessor('categoryName', { meta: { label: t('books.fields.category') }, cell: (c) => c.getValue() ?? '—' }),
    ],
    [t, money],
  );
  return (
    <RegistryPage<Product>
      name="products"
      sorts={PRODUCT_SORTS}
      title={t('books.screens.purchasedProducts')}
      subtitle={t('books.registry.products.subtitle')}
      icon="heroicons_outline:cube"
      columns={columns}
      fields={[
        { name: 'name', label: t('books.fields.name'), required: true },
        { name: 'unit', label: t('books.fields.unit'), required: true, half: true },
        { name: 'defaultUnitCost', label: t('books.fields.defaultUnitCost'), kind: 'money', half: true },
        {
          name: 'providerId',
          label: t('books.fields.provider'),
          kind: 'select',
          half: true,
          options: [{ value: '', label: t('books.none') }, ...(providers.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))],
        },
        {
          name: 'categoryId',
          label: t('books.fields.category'),
          kind: 'select',
          half: true,
          options: [
            { value: '', label: t('books.none') },
            ...(categories.data?.items ?? []).filter((c) => c.kind === 'cost_of_goods' && c.active).map((c) => ({ value: c.id, label: c.name })),
          ],
        },
      ]}
      toForm={(p) => ({
        name: p?.name ?? '',
        unit: p?.unit ?? t('books.defaultUnit'),
        defaultUnitCost: centsToText(p?.defaultUnitCost),
        providerId: p?.providerId ?? '',
        categoryId: p?.categoryId ?? categories.data?.items.find((c) => c.kind === 'cost_of_goods' && c.active)?.id ?? '',
      })}
      toBody={(v) => ({
        name: v.name!.trim(),
        unit: v.unit!.trim(),
        defaultUnitCost: v.defaultUnitCost!.trim() ? parseMoney(v.defaultUnitCost!) : null,
        providerId: v.providerId || null,
        categoryId: v.categoryId || null,
      })}
    />
  );
}
