import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { PROVIDER_SORTS, type Provider } from '@cuadre/contracts';
import { RegistryPage } from '../components/registry-page';
import { categoriesQuery } from '../api/books-api';
import { listColumns } from '@/components/list-kit/data-list';

const column = listColumns<Provider>();

/** user/providers: the providers registry (Proveedores). */
export default function Providers() {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQuery);
  const outflowCategories = (categories.data?.items ?? []).filter((c) => c.active && (c.kind === 'expense' || c.kind === 'cost_of_goods'));
  const columns = useMemo(
    () => [
      column.accessor('contactName', { meta: { label: t('books.fields.contactName'), sortKey: 'contactName' }, cell: (c) => c.getValue() ?? '—' }),
      column.accessor('taxIdMasked', { meta: { label: t('books.fields.taxId') }, cell: (c) => c.getValue() ?? '—' }),
      column.display({
        id: 'contact',
        meta: { label: t('books.fields.contact') },
        cell: ({ row: { original: p } }) => [p.phone, p.email].filter(Boolean).join(' · ') || '—',
      }),
      column.accessor('defaultCategoryName', { meta: { label: t('books.fields.defaultCategory') }, cell: (c) => c.getValue() ?? '—' }),
    ],
    [t],
  );
  return (
    <RegistryPage<Provider>
      name="providers"
      sorts={PROVIDER_SORTS}
      title={t('nav.providers')}
      subtitle={t('books.registry.providers.subtitle')}
      icon="heroicons_outline:truck"
      columns={columns}
      fields={[
        { name: 'name', label: t('books.fields.name'), required: true },
        { name: 'contactName', label: t('books.fields.contactName'), half: true },
        { name: 'taxId', label: t('books.fields.taxId'), half: true, helper: t('books.registry.taxIdNewHelp'), editHelper: t('books.registry.taxIdHelp') },
        { name: 'phone', label: t('books.fields.phone'), half: true },
        { name: 'email', label: t('books.fields.email'), kind: 'email', half: true },
        { name: 'address', label: t('books.fields.address') },
        {
          name: 'defaultCategoryId',
          label: t('books.fields.defaultCategory'),
          kind: 'select',
          options: [{ value: '', label: t('books.none') }, ...outflowCategories.map((c) => ({ value: c.id, label: c.name }))],
        },
        { name: 'notes', label: t('books.fields.notes'), kind: 'multiline' },
      ]}
      toForm={(p) => ({
        name: p?.name ?? '',
        contactName: p?.contactName ?? '',
        taxId: '',
        phone: p?.phone ?? '',
        email: p?.email ?? '',
        address: p?.address ?? '',
        defaultCategoryId: p?.defaultCategoryId ?? '',
        notes: p?.notes ?? '',
      })}
      toBody={(v) => ({
        name: v.name!.trim(),
        contactName: v.contactName!.trim() || null,
        ...(v.taxId!.trim() ? { taxId: v.taxId!.trim() } : {}),
        phone: v.phone!.trim() || null,
        email: v.email!.trim() || null,
        address: v.address!.trim() || null,
        defaultCategoryId: v.defaultCategoryId || null,
        notes: v.notes!.trim() || null,
      })}
    />
  );
}
