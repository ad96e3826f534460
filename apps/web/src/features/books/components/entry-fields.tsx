import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Grid, MenuItem, Stack, Typography } from '@mui/material';
import { KINDS_FOR_TYPE, PAYMENT_METHODS, type Entry, type EntryType } from '@cuadre/contracts';
import { FormTextField } from '@/components/form/fields';
import type { AppForm } from '@/components/form/use-app-form';
import { centsToText, parseMoney, purchasePreview } from '@/lib/money';
import { useMoney } from '@/lib/settings';
import { activeRecordsQuery, categoriesQuery, monthsQuery, subcategoriesQuery } from '../api/books-api';
import { formatMonthName } from '@/lib/format';
import { StockItemPicker } from './stock-item-picker';
import { ReceiptPicker } from './receipt-picker';
import { ContactPicker } from '@/components/contact-picker';
import { Controller } from 'react-hook-form';
import { Receipts } from './receipts';
import type { QuickKind } from './record-quick-form';
import { Icon } from '@/components/icon';

export interface EntryFormValues {
  date: string;
  amount: string;
  categoryId: string;
  subcategoryId: string;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  reference: string;
  description: string;
  workerId: string;
  providerId: string;
  productId: string;
  /** Income only: the customer. */
  contactId: string;
  /** An operational expense only: the vehicle it is for (its year's method decides the deduction). */
  vehicleId: string;
  quantity: string;
  unitCost: string;
  hours: string;
  /** The inventory product whose stock the entry moves (a purchase adds the quantity, an income takes it away). */
  inventoryProductId: string;
  /** A new entry's receipt, held until the entry is saved and then uploaded to it. */
  receipt: File | null;
}

/** A worker, provider or product just added from the entry form (not yet in its registry's list as read). */
export interface AddedRecord {
  kind: QuickKind;
  id: string;
  name: string;
}
const FIELD_OF = { workers: 'workerId', providers: 'providerId', products: 'productId', vehicles: undefined } as const;

/**
 * The fields the entry's type takes; a product or a provider fills what it brings. A worker, provider
 * or product list with nothing in it says so and offers to add one in place (`onAdd`); the one `added`
 * is listed and chosen.
 */
export function EntryFields({
  app,
  open,
  type,
  entry,
  added,
  onAdd,
}: {
  app: AppForm<EntryFormValues>;
  open: boolean;
  type: EntryType;
  entry?: Entry;
  added?: AddedRecord | null;
  onAdd?: (kind: QuickKind) => void;
}) {
  const { t, i18n } = useTranslation();
  const { money } = useMoney();
  const { form, pending } = app;
  const { control, watch, setValue, setError, clearErrors } = form;
  const categories = useQuery(categoriesQuery);
  const subcategories = useQuery({ ...subcategoriesQuery(), enabled: open });
  const workers = useQuery({ ...activeRecordsQuery('workers'), enabled: open && type === 'worker_payment' });
  const providers = useQuery({
    ...activeRecordsQuery('providers'),
    enabled: open && (type === 'supplier_payment' || type === 'purchase' || type === 'expense'),
  });
  const products = useQuery({ ...activeRecordsQuery('products'), enabled: open && type === 'purchase' });
  const vehicles = useQuery({ ...activeRecordsQuery('vehicles'), enabled: open && type === 'expense' });
  // Offered only to an owner with vehicles (or on an expense that already names one).
  const showVehicle = type === 'expense' && ((vehicles.data?.items.length ?? 0) > 0 || !!entry?.vehicleId);
  const stockItemId = watch('inventoryProductId');

  const categoryId = watch('categoryId');
  const receipt = watch('receipt');
  const productId = watch('productId');
  const quantity = watch('quantity');
  const unitCost = watch('unitCost');
  const kinds = KINDS_FOR_TYPE[type];
  const categoryOptions = (categories.data?.items ?? []).filter((c) => kinds.includes(c.kind) && (c.active || c.id === entry?.categoryId));
  const subOptions = (subcategories.data?.items ?? []).filter((s) => s.categoryId === categoryId && (s.active || s.id === entry?.subcategoryId));
  const preview =
    type === 'purchase'
      ? purchasePreview(quantity, unitCost.trim() ? parseMoney(unitCost) : (products.data?.items.find((p) => p.id === productId)?.defaultUnitCost ?? undefined))
      : undefined;

  // A product brings its category, provider and unit cost, as the server would.
  const pickProduct = (id: string) => {
    const p = products.data?.items.find((x) => x.id === id);
    if (!p) return;
    if (p.categoryId) setValue('categoryId', p.categoryId, { shouldDirty: true });
    if (p.providerId) setValue('providerId', p.providerId, { shouldDirty: true });
    if (p.defaultUnitCost && !form.getValues('unitCost')) setValue('unitCost', centsToText(p.defaultUnitCost), { shouldDirty: true });
  };
  const pickProvider = (id: string) => {
    const p = providers.data?.items.find((x) => x.id === id);
    if (p?.defaultCategoryId && !form.getValues('categoryId') && categoryOptions.some((c) => c.id === p.defaultCategoryId))
      setValue('categoryId', p.defaultCategoryId, { shouldDirty: true });
  };
  const half = { xs: 12, sm: 6 } as const;

  // A date in a closed month is said as it is picked, not only when the server refuses the save.
  const date = watch('date');
  const [dateYear, dateMonth] = /^\d{4}-\d{2}-\d{2}$/.test(date) ? [Number(date.slice(0, 4)), Number(date.slice(5, 7))] : [0, 0];
  const months = useQuery({ ...monthsQuery(dateYear), enabled: open && dateYear >= 1900 && dateYear <= 2999 });
  const inClosedMonth = months.data?.[dateMonth - 1]?.status === 'closed' && date !== entry?.date;
  const closedText = inClosedMonth ? t('books.entry.dateClosed', { month: formatMonthName(dateYear, dateMonth, i18n.language) }) : undefined;
  useEffect(() => {
    if (closedText) setError('date', { type: 'closed', message: closedText });
    else if (form.getFieldState('date').error?.type === 'closed') clearErrors('date');
  }, [closedText, setError, clearErrors, form]);

  // Chosen once added, as if picked (the form then has something to save).
  const addedField = added ? FIELD_OF[added.kind] : undefined;
  useEffect(() => {
    if (added && addedField) setValue(addedField, added.id, { shouldDirty: true });
  }, [added, addedField, setValue]);
  /** The added record as an option until its registry's list, read again, has it. */
  const addedOption = (kind: QuickKind, items: { id: string }[] | undefined) =>
    added?.kind === kind && !items?.some((x) => x.id === added.id) ? (
      <MenuItem key={added.id} value={added.id}>
        {added.name}
      </MenuItem>
    ) : null;
  /** Under an empty list: that it is empty, and a button that adds one in place. */
  const offer = (kind: QuickKind, items: unknown[] | undefined): ReactNode =>
    onAdd && items?.length === 0 && added?.kind !== kind ? (
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, mt: 0.5 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(`books.quick.${kind}.missing`)}
        </Typography>
        <Button size="small" startIcon={<Icon name="heroicons_outline:plus" size={16} />} onClick={() => onAdd(kind)}>
          {t(`books.quick.${kind}.offer`)}
        </Button>
      </Stack>
    ) : null;

  return (
    <Grid container spacing={2}>
      {added && (
        <Grid size={12}>
          <Alert severity="success" role="status">
            {t(`books.quick.${added.kind}.added`, { name: added.name })}
          </Alert>
        </Grid>
      )}
      <Grid size={half}>
        <FormTextField
          control={control}
          name="date"
          type="date"
          label={t('books.fields.date')}
          fullWidth
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
      {type === 'purchase' ? (
        <>
          <Grid size={half}>
            <FormTextField control={control} name="productId" select label={t('books.fields.product')} fullWidth onValueChange={pickProduct}>
              <MenuItem value="">{t('books.none')}</MenuItem>
              {(products.data?.items ?? []).map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
              {addedOption('products', products.data?.items)}
            </FormTextField>
            {offer('products', products.data?.items)}
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="quantity" label={t('books.fields.quantity')} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="unitCost" label={t('books.fields.unitCost')} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          </Grid>
          <Grid size={12}>
            {quantity.trim() ? (
              <Typography
                variant="body2"
                aria-live="polite"
                sx={{
                  color: 'text.secondary',
                }}
              >
                {t('books.entry.computedAmount')}: <strong>{preview !== undefined ? money(preview) : '—'}</strong>
              </Typography>
            ) : (
              <FormTextField
                control={control}
                name="amount"
                label={t('books.fields.amount')}
                helperText={t('books.entry.amountOrQuantity')}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            )}
          </Grid>
        </>
      ) : (
        <Grid size={half}>
          <FormTextField
            control={control}
            name="amount"
            label={t('books.fields.amount')}
            fullWidth
            required
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
      )}
      {(type === 'purchase' || type === 'income') && (
        <>
          <Grid size={half}>
            <Controller
              control={control}
              name="inventoryProductId"
              render={({ field }) => (
                <StockItemPicker
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  label={t('books.fields.stockItem')}
                  helperText={t(type === 'purchase' ? 'books.entry.stockIn' : 'books.entry.stockOut')}
                  disabled={pending}
                  enabled={open}
                />
              )}
            />
          </Grid>
          {type === 'income' && stockItemId && (
            <Grid size={half}>
              <FormTextField
                control={control}
                name="quantity"
                label={t('books.fields.quantity')}
                fullWidth
                required
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Grid>
          )}
        </>
      )}
      {type === 'income' && (
        <Grid size={half}>
          <Controller
            control={control}
            name="contactId"
            render={({ field }) => (
              <ContactPicker value={field.value} onChange={(id) => field.onChange(id)} currentName={entry?.contactName} disabled={pending} enabled={open} />
            )}
          />
        </Grid>
      )}
      {type === 'worker_payment' && (
        <>
          <Grid size={half}>
            <FormTextField control={control} name="workerId" select label={t('books.fields.worker')} fullWidth required>
              {(workers.data?.items ?? []).map((w) => (
                <MenuItem key={w.id} value={w.id}>
                  {w.name}
                </MenuItem>
              ))}
              {entry?.workerId && !workers.data?.items.some((w) => w.id === entry.workerId) && <MenuItem value={entry.workerId}>{entry.workerName}</MenuItem>}
              {addedOption('workers', workers.data?.items)}
            </FormTextField>
            {offer('workers', workers.data?.items)}
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="hours" label={t('books.fields.hours')} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          </Grid>
        </>
      )}
      {(type === 'supplier_payment' || type === 'purchase' || type === 'expense') && (
        <Grid size={half}>
          <FormTextField
            control={control}
            name="providerId"
            select
            label={t('books.fields.provider')}
            fullWidth
            required={type === 'supplier_payment'}
            onValueChange={pickProvider}
          >
            {type !== 'supplier_payment' && <MenuItem value="">{t('books.none')}</MenuItem>}
            {(providers.data?.items ?? []).map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
            {entry?.providerId && !providers.data?.items.some((p) => p.id === entry.providerId) && (
              <MenuItem value={entry.providerId}>{entry.providerName}</MenuItem>
            )}
            {addedOption('providers', providers.data?.items)}
          </FormTextField>
          {type !== 'expense' && offer('providers', providers.data?.items)}
        </Grid>
      )}
      {showVehicle && (
        <Grid size={half}>
          <FormTextField control={control} name="vehicleId" select label={t('books.expenses.vehicle')} helperText={t('books.expenses.vehicleHelp')} fullWidth>
            <MenuItem value="">{t('books.expenses.vehicleNone')}</MenuItem>
            {(vehicles.data?.items ?? []).map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {v.name}
              </MenuItem>
            ))}
            {entry?.vehicleId && !vehicles.data?.items.some((v) => v.id === entry.vehicleId) && (
              <MenuItem value={entry.vehicleId}>{entry.vehicleName}</MenuItem>
            )}
          </FormTextField>
        </Grid>
      )}
      <Grid size={half}>
        <FormTextField
          control={control}
          name="categoryId"
          select
          label={t('books.fields.category')}
          fullWidth
          required
          onValueChange={() => setValue('subcategoryId', '')}
        >
          {categoryOptions.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={half}>
        <FormTextField control={control} name="subcategoryId" select label={t('books.fields.subcategory')} fullWidth disabled={subOptions.length === 0}>
          <MenuItem value="">{t('books.none')}</MenuItem>
          {subOptions.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={half}>
        <FormTextField control={control} name="paymentMethod" select label={t('books.fields.paymentMethod')} fullWidth>
          {PAYMENT_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`books.methods.${m}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={half}>
        <FormTextField control={control} name="reference" label={t('books.fields.reference')} fullWidth />
      </Grid>
      <Grid size={12}>
        <FormTextField control={control} name="description" label={t('books.fields.description')} fullWidth multiline={!!entry} />
      </Grid>
      <Grid size={12}>
        {entry ? (
          <Receipts entry={entry} />
        ) : (
          <ReceiptPicker file={receipt} onChange={(f) => setValue('receipt', f, { shouldDirty: true })} disabled={pending} />
        )}
      </Grid>
    </Grid>
  );
}
