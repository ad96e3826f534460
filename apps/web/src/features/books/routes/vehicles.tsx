import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VEHICLE_SORTS, type Vehicle } from '@cuadre/contracts';
import { IconButton, Tooltip } from '@mui/material';
import { Icon } from '@/components/icon';
import { RegistryPage } from '../components/registry-page';
import { VehicleMethodDialog } from '../components/vehicle-method-dialog';
import { decimalText, numberText } from '@/lib/money';
import { numberFormat } from '@/lib/intl';
import { listColumns } from '@/components/list-kit/data-list';

const column = listColumns<Vehicle>();

/** user/vehicles: the vehicles registry (Vehiculos). */
export default function Vehicles() {
  const { t, i18n } = useTranslation();
  // The vehicle whose method per tax year is being chosen (docs/product.md, "Vehicle methods").
  const [methodOf, setMethodOf] = useState<Vehicle | null>(null);
  const columns = useMemo(
    () => [
      column.display({
        id: 'make',
        meta: { label: t('books.fields.makeModel'), sortKey: 'make' },
        cell: ({ row: { original: v } }) => [v.make, v.model].filter(Boolean).join(' ') || '—',
      }),
      column.accessor('year', { meta: { label: t('books.fields.year'), sortKey: 'year' }, cell: (c) => c.getValue() ?? '—' }),
      column.accessor('plate', { meta: { label: t('books.fields.plate'), sortKey: 'plate' }, cell: (c) => c.getValue() ?? '—' }),
      column.accessor('initialOdometer', {
        meta: { label: t('books.fields.initialOdometer'), align: 'right' },
        cell: (c) => {
          const v = c.getValue();
          return v === null ? '—' : numberFormat(i18n.language, { maximumFractionDigits: 1 }).format(v);
        },
      }),
    ],
    [t, i18n.language],
  );
  return (
    <>
      <RegistryPage<Vehicle>
        name="vehicles"
        sorts={VEHICLE_SORTS}
        title={t('nav.vehicles')}
        subtitle={t('books.registry.vehicles.subtitle')}
        icon="heroicons_outline:map"
        columns={columns}
        fields={[
          { name: 'name', label: t('books.fields.name'), required: true },
          { name: 'make', label: t('books.fields.make'), half: true },
          { name: 'model', label: t('books.fields.model'), half: true },
          { name: 'year', label: t('books.fields.year'), kind: 'year', half: true },
          { name: 'plate', label: t('books.fields.plate'), half: true },
          { name: 'initialOdometer', label: t('books.fields.initialOdometer'), kind: 'decimal1' },
        ]}
        toForm={(v) => ({
          name: v?.name ?? '',
          make: v?.make ?? '',
          model: v?.model ?? '',
          year: v?.year ? String(v.year) : '',
          plate: v?.plate ?? '',
          initialOdometer: numberText(v?.initialOdometer, 1),
        })}
        toBody={(v) => ({
          name: v.name!.trim(),
          make: v.make!.trim() || null,
          model: v.model!.trim() || null,
          year: v.year!.trim() ? Number(v.year) : null,
          plate: v.plate!.trim() || null,
          initialOdometer: v.initialOdometer!.trim() ? decimalText(v.initialOdometer!, 1) : null,
        })}
        extraActions={(v) => (
          <Tooltip title={t('books.vehicleMethods.action')}>
            <IconButton aria-label={`${t('books.vehicleMethods.action')} ${v.name}`} onClick={() => setMethodOf(v)}>
              <Icon name="heroicons_outline:calculator" size={18} />
            </IconButton>
          </Tooltip>
        )}
      />
      <VehicleMethodDialog vehicle={methodOf} onClose={() => setMethodOf(null)} />
    </>
  );
}
