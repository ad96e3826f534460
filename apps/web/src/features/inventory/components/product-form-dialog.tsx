import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { Box, Chip, FormControlLabel, Grid, IconButton, MenuItem, Stack, Switch, Tooltip, Typography } from '@mui/material';
import { priceWithTax, type InventoryProduct } from '@cuadre/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/fields';
import { Icon } from '@/components/icon';
import { parseMoney } from '@/lib/money';
import { useMoney } from '@/lib/settings';
import { brandsQuery, categoriesQuery, createProduct, inventoryKeys, tagsQuery, updateProduct, vendorsQuery, type ListKind } from '../api/inventory-api';
import { AddToListDialog } from './add-to-list-dialog';
import { ProductImages } from './product-images';
import { ProductMovements } from './product-movements';
import { taxHundredths, toFormValues, toProductFields, ZProductForm, type ProductFormValues } from './product-form';

export interface ProductFormDialogProps {
  open: boolean;
  /** Absent: a new product. */
  product?: InventoryProduct;
  onClose: () => void;
  onSaved: (product: InventoryProduct) => void;
}

/**
 * A product's form: name and description, its category, brand, vendor and tags (each can be added
 * from here), stock and reserved in whole units, cost and prices in the business currency, the tax
 * percentage, the weight; and for a product already made, the stock the books moved.
 */
export function ProductFormDialog({ open, product, onClose, onSaved }: ProductFormDialogProps) {
  const { t } = useTranslation();
  const { money, currency } = useMoney();
  const qc = useQueryClient();
  const categories = useQuery({ ...categoriesQuery, enabled: open });
  const brands = useQuery({ ...brandsQuery, enabled: open });
  const vendors = useQuery({ ...vendorsQuery, enabled: open });
  const tags = useQuery({ ...tagsQuery, enabled: open });
  const [adding, setAdding] = useState<{ kind: ListKind; pick: (id: string) => void } | null>(null);
  const half = { xs: 12, sm: 6 } as const;
  const third = { xs: 12, sm: 4 } as const;
  const moneyLabel = (key: string) => `${t(key)} (${currency})`;

  return (
    <>
      <FormDialog<ProductFormValues, InventoryProduct>
        open={open}
        title={product ? t('inventory.form.editTitle') : t('inventory.form.newTitle')}
        onClose={onClose}
        schema={ZProductForm}
        defaultValues={() => toFormValues(product)}
        resetKey={product?.id ?? 'new'}
        maxWidth="md"
        submit={(v) => (product ? updateProduct(product.id, toProductFields(v)) : createProduct(toProductFields(v)))}
        onSuccess={(saved) => {
          void qc.invalidateQueries({ queryKey: inventoryKeys.products });
          onSaved(saved);
        }}
      >
        {({ form }) => {
          const { control, watch, setValue } = form;
          const base = parseMoney(watch('basePrice') || '0');
          const tax = taxHundredths(watch('taxPercent'));
          const price = base !== undefined && tax !== undefined ? priceWithTax(base, tax) : undefined;
          const addButton = (kind: ListKind, pick: (id: string) => void) => (
            <Tooltip title={t(`inventory.lists.add.${kind}`)}>
              <IconButton aria-label={t(`inventory.lists.add.${kind}`)} onClick={() => setAdding({ kind, pick })} sx={{ mt: 1 }}>
                <Icon name="heroicons_outline:plus" size={20} />
              </IconButton>
            </Tooltip>
          );
          const pickOne = (name: 'category' | 'brand' | 'vendor') => (id: string) => setValue(name, id, { shouldDirty: true });
          return (
            <Grid container spacing={2}>
              <Grid size={12}>
                <FormTextField control={control} name="name" label={t('inventory.fields.name')} fullWidth required autoFocus />
              </Grid>
              <Grid size={12}>
                <FormTextField control={control} name="description" label={t('inventory.fields.description')} fullWidth multiline minRows={2} />
              </Grid>
              <Grid size={half}>
                <FormTextField control={control} name="sku" label={t('inventory.fields.sku')} fullWidth />
              </Grid>
              <Grid size={half}>
                <FormTextField control={control} name="barcode" label={t('inventory.fields.barcode')} fullWidth />
              </Grid>
              {(
                [
                  ['category', categories.data],
                  ['brand', brands.data],
                  ['vendor', vendors.data],
                ] as const
              ).map(([name, options]) => (
                <Grid size={half} key={name}>
                  <Stack direction="row" spacing={0.5}>
                    <FormTextField control={control} name={name} select label={t(`inventory.fields.${name}`)} fullWidth>
                      <MenuItem value="">{t('inventory.none')}</MenuItem>
                      {(options ?? []).map((o) => (
                        <MenuItem key={o.id} value={o.id}>
                          {o.name}
                        </MenuItem>
                      ))}
                    </FormTextField>
                    {addButton(name, pickOne(name))}
                  </Stack>
                </Grid>
              ))}
              <Grid size={half}>
                <Stack direction="row" spacing={0.5}>
                  <FormTextField
                    control={control}
                    name="tags"
                    select
                    label={t('inventory.fields.tags')}
                    fullWidth
                    slotProps={{
                      select: {
                        multiple: true,
                        renderValue: (ids) => (
                          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                            {(ids as string[]).map((id) => (
                              <Chip key={id} size="small" label={tags.data?.find((x) => x.id === id)?.title ?? '…'} />
                            ))}
                          </Box>
                        ),
                      },
                    }}
                  >
                    {(tags.data ?? []).map((tag) => (
                      <MenuItem key={tag.id} value={tag.id}>
                        {tag.title}
                      </MenuItem>
                    ))}
                  </FormTextField>
                  {addButton('tag', (id) => setValue('tags', [...form.getValues('tags'), id], { shouldDirty: true }))}
                </Stack>
              </Grid>
              <Grid size={half}>
                <FormTextField
                  control={control}
                  name="stock"
                  label={t('inventory.fields.stock')}
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              </Grid>
              <Grid size={half}>
                <FormTextField
                  control={control}
                  name="reserved"
                  label={t('inventory.fields.reserved')}
                  helperText={t('inventory.form.reservedHelp')}
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              </Grid>
              <Grid size={third}>
                <FormTextField
                  control={control}
                  name="cost"
                  label={moneyLabel('inventory.fields.cost')}
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
              </Grid>
              <Grid size={third}>
                <FormTextField
                  control={control}
                  name="basePrice"
                  label={moneyLabel('inventory.fields.basePrice')}
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
              </Grid>
              <Grid size={third}>
                <FormTextField
                  control={control}
                  name="taxPercent"
                  label={t('inventory.fields.taxPercent')}
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
              </Grid>
              <Grid size={half}>
                <Typography variant="body2" aria-live="polite" sx={{ color: 'text.secondary', pt: { sm: 2 } }}>
                  {t('inventory.fields.price')}: <strong>{price !== undefined ? money(price) : '—'}</strong>
                </Typography>
              </Grid>
              <Grid size={half}>
                <FormTextField
                  control={control}
                  name="weight"
                  label={t('inventory.fields.weight')}
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
              </Grid>
              <Grid size={12}>
                <Controller
                  control={control}
                  name="active"
                  render={({ field }) => (
                    <FormControlLabel
                      control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { ref: field.ref } }} />}
                      label={t('inventory.fields.active')}
                    />
                  )}
                />
              </Grid>
              <Grid size={12}>
                {product ? (
                  <ProductImages product={product} />
                ) : (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('inventory.images.afterSave')}
                  </Typography>
                )}
              </Grid>
              {product && (
                <Grid size={12}>
                  <ProductMovements productId={product.id} />
                </Grid>
              )}
            </Grid>
          );
        }}
      </FormDialog>
      <AddToListDialog
        kind={adding?.kind}
        onClose={() => setAdding(null)}
        onAdded={(id) => {
          adding?.pick(id);
          setAdding(null);
        }}
      />
    </>
  );
}
