import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PAY_UNITS, WORKER_KINDS, WORKER_SORTS, type Worker } from '@cuadre/contracts';
import { centsToText, parseMoney } from '@/lib/money';
import { useMoney } from '@/lib/settings';
import { RegistryPage } from '../components/registry-page';
import { listColumns } from '@/components/list-kit/data-list';

const column = listColumns<Worker>();

/** user/workers: the workers registry (Trabajadores). */
export default function Workers() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const columns = useMemo(
    () => [
      column.accessor('kind', { meta: { label: t('books.fields.kind'), sortKey: 'kind' }, cell: (c) => t(`books.workerKinds.${c.getValue()}`) }),
      column.accessor('taxIdMasked', { meta: { label: t('books.fields.taxId') }, cell: (c) => c.getValue() ?? '—' }),
      column.display({
        id: 'payRate',
        meta: { label: t('books.fields.payRate'), sortKey: 'payRate', align: 'right' },
        cell: ({ row: { original: w } }) => (w.payRate !== null ? `${money(w.payRate)}${w.payUnit ? ` / ${t(`books.payUnits.${w.payUnit}`)}` : ''}` : '—'),
      }),
      column.display({
        id: 'contact',
        meta: { label: t('books.fields.contact') },
        cell: ({ row: { original: w } }) => [w.phone, w.email].filter(Boolean).join(' · ') || '—',
      }),
    ],
    [t, money],
  );
  return (
    <RegistryPage<Worker>
      name="workers"
      sorts={WORKER_SORTS}
      title={t('nav.workers')}
      subtitle={t('books.registry.workers.subtitle')}
      icon="heroicons_outline:user-group"
      columns={columns}
      fields={[
        { name: 'name', label: t('books.fields.name'), required: true },
        {
          name: 'kind',
          label: t('books.fields.kind'),
          kind: 'select',
          required: true,
          half: true,
          options: WORKER_KINDS.map((k) => ({ value: k, label: t(`books.workerKinds.${k}`) })),
        },
        { name: 'taxId', label: t('books.fields.taxId'), half: true, helper: t('books.registry.taxIdNewHelp'), editHelper: t('books.registry.taxIdHelp') },
        { name: 'payRate', label: t('books.fields.payRate'), kind: 'money', half: true },
        {
          name: 'payUnit',
          label: t('books.fields.payUnit'),
          kind: 'select',
          half: true,
          options: [{ value: '', label: t('books.none') }, ...PAY_UNITS.map((u) => ({ value: u, label: t(`books.payUnits.${u}`) }))],
        },
        { name: 'phone', label: t('books.fields.phone'), half: true },
        { name: 'email', label: t('books.fields.email'), kind: 'email', half: true },
        { name: 'notes', label: t('books.fields.notes'), kind: 'multiline' },
      ]}
      toForm={(w) => ({
        name: w?.name ?? '',
        kind: w?.kind ?? 'employee',
        // The full tax id never comes back from the server; left empty, it stays as it is.
        taxId: '',
        payRate: centsToText(w?.payRate),
        payUnit: w?.payUnit ?? '',
        phone: w?.phone ?? '',
        email: w?.email ?? '',
        notes: w?.notes ?? '',
      })}
      toBody={(v) => ({
        name: v.name!.trim(),
        kind: v.kind,
        ...(v.taxId!.trim() ? { taxId: v.taxId!.trim() } : {}),
        payRate: v.payRate!.trim() ? parseMoney(v.payRate!) : null,
        payUnit: v.payUnit || null,
        phone: v.phone!.trim() || null,
        email: v.email!.trim() || null,
        notes: v.notes!.trim() || null,
      })}
    />
  );
}
