import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Autocomplete, TextField } from '@mui/material';
import { useDebounced } from '@/lib/use-debounced';
import { stockItemQuery, stockItemsQuery } from '../api/books-api';

type Option = { id: string; name: string };

/**
 * The inventory product an income or a purchase names (its stock moves with the entry): typed to
 * search the owner's products on the server (a shop may have thousands), the first twenty by name
 * before anything is typed.
 */
export function StockItemPicker({
  value,
  onChange,
  label,
  helperText,
  disabled,
  enabled = true,
}: {
  value: string;
  onChange: (id: string) => void;
  label: string;
  helperText: string;
  disabled?: boolean;
  enabled?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const found = useQuery({ ...stockItemsQuery(search), enabled, placeholderData: keepPreviousData });
  const options: Option[] = (found.data?.products ?? []).map((p) => ({ id: p.id, name: p.name }));
  // The product the entry names, when it is not among those found (read once by its id).
  const known = options.find((o) => o.id === value);
  const named = useQuery({ ...stockItemQuery(value), enabled: enabled && !!value && !known && !found.isPending });
  const selected: Option | null = value ? (known ?? { id: value, name: named.data?.name ?? t('books.entry.stockItemNamed') }) : null;

  return (
    <Autocomplete<Option, false, false, false>
      options={options}
      value={selected}
      disabled={disabled}
      loading={found.isFetching}
      // The server filters; the list shows what it found.
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_e, text, reason) => setTyped(reason === 'input' ? text : '')}
      onChange={(_e, o) => onChange(o?.id ?? '')}
      noOptionsText={t('books.entry.noStockItem')}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}
