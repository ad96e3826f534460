import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Autocomplete, TextField, createFilterOptions } from '@mui/material';
import { ZContact, ZContactList } from '@cuadre/contracts';
import { api } from '@/lib/api';

// The same key as the contacts area's full list (features/contacts/api), so both share one answer.
const allContacts = {
  queryKey: ['contacts', 'list', ''] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api('apps/contacts/all', { schema: ZContactList, signal }),
};
async function createNamedContact(name: string) {
  const c = await api('apps/contacts/contact', { method: 'POST', schema: ZContact });
  return api('apps/contacts/contact', { method: 'PATCH', body: { id: c.id, contact: { name } }, schema: ZContact });
}

type Option = { id: string; name: string } | { add: string };
const filter = createFilterOptions<Option>({ stringify: (o) => ('add' in o ? o.add : o.name) });

/**
 * An income's customer (the books' entry form; the contacts area owns the rest): an autocomplete of the owner's contacts, with "Add “name” as a new
 * contact" in place, which creates it and picks it.
 */
export function ContactPicker({
  value,
  onChange,
  currentName,
  disabled,
  enabled = true,
}: {
  value: string;
  onChange: (id: string) => void;
  /** The name of the contact the entry names now (it may be shown before the list loads). */
  currentName?: string | null;
  disabled?: boolean;
  enabled?: boolean;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const contacts = useQuery({ ...allContacts, enabled });
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string>();
  const options: Option[] = (contacts.data ?? []).map((c) => ({ id: c.id, name: c.name }));
  const selected: Option | null = value ? (options.find((o) => 'id' in o && o.id === value) ?? { id: value, name: currentName ?? '…' }) : null;

  return (
    <Autocomplete<Option, false, false, false>
      options={options}
      value={selected}
      disabled={disabled || adding}
      loading={contacts.isPending}
      getOptionLabel={(o) => ('add' in o ? t('contacts.picker.add', { name: o.add }) : o.name)}
      isOptionEqualToValue={(a, b) => 'id' in a && 'id' in b && a.id === b.id}
      filterOptions={(opts, state) => {
        const found = filter(opts, state);
        const typed = state.inputValue.trim();
        if (typed && !opts.some((o) => 'name' in o && o.name.toLocaleLowerCase() === typed.toLocaleLowerCase())) found.push({ add: typed });
        return found;
      }}
      onChange={async (_e, o) => {
        setFailure(undefined);
        if (!o) return onChange('');
        if ('id' in o) return onChange(o.id);
        setAdding(true);
        try {
          const made = await createNamedContact(o.add);
          await qc.invalidateQueries({ queryKey: ['contacts'] });
          onChange(made.id);
        } catch {
          setFailure(t('contacts.picker.failed'));
        } finally {
          setAdding(false);
        }
      }}
      renderInput={(params) => <TextField {...params} label={t('contacts.picker.label')} error={!!failure} helperText={failure} />}
    />
  );
}
