import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useFieldArray } from 'react-hook-form';
import { z } from 'zod/mini';
import { Autocomplete, Box, Button, Chip, Grid, IconButton, InputAdornment, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { ZContactEmailInput, ZContactPhoneInput, text, type Contact, type ContactChanges, type Country } from '@cuadre/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/fields';
import { Icon } from '@/components/icon';
import { countriesQuery, createContactWith, createTag, refreshContacts, tagsQuery, updateContact } from '../api/contacts-api';
import { Flag } from './flag';
import { notesToText, textToNotes } from './notes-text';
import { AvatarUpload } from './avatar-upload';

export interface ContactFormValues {
  name: string;
  title: string;
  company: string;
  birthday: string;
  address: string;
  notes: string;
  emails: { email: string; label: string }[];
  phoneNumbers: { country: string; phoneNumber: string; label: string }[];
  tags: string[];
}

/** The form's values checked with the contract's own pieces (the server checks the phone number for its country). */
export const ZContactForm = z.object({
  name: text(120, z.trim(), z.minLength(1)),
  title: text(120),
  company: text(120),
  birthday: z.union([z.literal(''), z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))]),
  address: text(300),
  notes: text(15_000),
  emails: z.array(ZContactEmailInput),
  phoneNumbers: z.array(ZContactPhoneInput),
  tags: z.array(z.string()),
});

export const toFormValues = (c: Contact): ContactFormValues => ({
  name: c.name,
  title: c.title,
  company: c.company,
  birthday: c.birthday ? c.birthday.slice(0, 10) : '',
  address: c.address,
  notes: notesToText(c.notes),
  emails: c.emails.map((e) => ({ ...e })),
  phoneNumbers: c.phoneNumbers.map((p) => ({ ...p })),
  tags: [...c.tags],
});

export const toChanges = (v: ContactFormValues): ContactChanges => ({
  name: v.name.trim(),
  title: v.title.trim(),
  company: v.company.trim(),
  birthday: v.birthday || null,
  address: v.address.trim(),
  notes: textToNotes(v.notes),
  emails: v.emails.map((e) => ({ email: e.email.trim(), label: e.label.trim() })),
  phoneNumbers: v.phoneNumbers.map((p) => ({ country: p.country, phoneNumber: p.phoneNumber.trim(), label: p.label.trim() })),
  tags: v.tags,
});

/**
 * A contact's card as a form: repeatable emails and phones, a country picker with dial codes, tags, the
 * avatar. `contact` is the card to change, 'new' for one made only when saved (Cancel leaves nothing
 * behind), or null while closed.
 */
export function ContactFormDialog({
  contact: shown,
  onClose,
  onSaved,
}: {
  contact: Contact | 'new' | null;
  onClose: () => void;
  onSaved?: (c: Contact) => void;
}) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const open = shown !== null;
  const contact = shown === 'new' ? null : shown;
  const countries = useQuery({ ...countriesQuery(i18n.language), enabled: open });
  const tags = useQuery({ ...tagsQuery, enabled: open });
  const byIso = useMemo(() => new Map((countries.data ?? []).map((c) => [c.iso, c])), [countries.data]);

  return (
    <FormDialog<ContactFormValues, Contact>
      open={open}
      title={contact ? t('contacts.form.title') : t('contacts.form.newTitle')}
      onClose={onClose}
      schema={ZContactForm}
      resetKey={contact?.id ?? 'new'}
      maxWidth="md"
      defaultValues={() => (contact ? toFormValues(contact) : toFormValues(EMPTY))}
      fieldOf={(p) => p.replace(/^contact\./, '')}
      submit={(v) => (contact ? updateContact(contact.id, toChanges(v)) : createContactWith(toChanges(v)))}
      onSuccess={async (saved) => {
        await refreshContacts(qc);
        onSaved?.(saved);
        onClose();
      }}
    >
      {({ form }) => (
        <Stack spacing={2.5}>
          {contact && <AvatarUpload contact={contact} />}
          <Grid container spacing={2}>
            <Grid size={12}>
              <FormTextField control={form.control} name="name" label={t('contacts.fields.name')} fullWidth required autoFocus />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={form.control} name="company" label={t('contacts.fields.company')} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={form.control} name="title" label={t('contacts.fields.jobTitle')} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={form.control}
                name="birthday"
                type="date"
                label={t('contacts.fields.birthday')}
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={form.control} name="address" label={t('contacts.fields.address')} fullWidth />
            </Grid>
          </Grid>
          <EmailFields form={form} />
          <PhoneFields form={form} countries={countries.data ?? []} byIso={byIso} />
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => (
              <Autocomplete<string | { add: string }, true, false, true>
                multiple
                freeSolo
                options={(tags.data ?? []).map((x) => x.id)}
                value={field.value}
                getOptionLabel={(o) => (typeof o === 'string' ? (tags.data?.find((x) => x.id === o)?.title ?? o) : o.add)}
                onChange={async (_e, value) => {
                  const ids: string[] = [];
                  for (const v of value) {
                    if (typeof v === 'string' && tags.data?.some((x) => x.id === v)) ids.push(v);
                    else {
                      const title = typeof v === 'string' ? v.trim() : v.add;
                      if (!title) continue;
                      const made = await createTag(title);
                      await qc.invalidateQueries({ queryKey: tagsQuery.queryKey });
                      ids.push(made.id);
                    }
                  }
                  field.onChange(ids);
                }}
                renderValue={(value, getItemProps) =>
                  value.map((o, index) => {
                    const { key, ...rest } = getItemProps({ index });
                    return <Chip key={key} size="small" label={typeof o === 'string' ? (tags.data?.find((x) => x.id === o)?.title ?? o) : o.add} {...rest} />;
                  })
                }
                renderInput={(params) => <TextField {...params} label={t('contacts.fields.tags')} helperText={t('contacts.form.tagsHelp')} />}
              />
            )}
          />
          <FormTextField control={form.control} name="notes" label={t('contacts.fields.notes')} fullWidth multiline minRows={3} />
        </Stack>
      )}
    </FormDialog>
  );
}

const EMPTY: Contact = {
  id: '',
  avatar: null,
  background: null,
  name: '',
  emails: [],
  phoneNumbers: [],
  title: '',
  company: '',
  job: { title: '', company: '' },
  birthday: null,
  address: '',
  notes: '',
  tags: [],
};

type Form = Parameters<Parameters<typeof FormDialog<ContactFormValues, Contact>>[0]['children']>[0]['form'];

function EmailFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const emails = useFieldArray({ control: form.control, name: 'emails' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('contacts.fields.emails')}
      </Typography>
      <Stack spacing={1.5}>
        {emails.fields.map((f, i) => (
          <Stack key={f.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <FormTextField control={form.control} name={`emails.${i}.email`} type="email" label={t('contacts.fields.email')} fullWidth />
            <FormTextField control={form.control} name={`emails.${i}.label`} label={t('contacts.fields.label')} sx={{ minWidth: { sm: 160 } }} />
            <Tooltip title={t('contacts.form.removeEmail')}>
              <IconButton aria-label={t('contacts.form.removeEmail')} onClick={() => emails.remove(i)} sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}>
                <Icon name="heroicons_outline:trash" size={20} />
              </IconButton>
            </Tooltip>
          </Stack>
        ))}
        <Button
          sx={{ alignSelf: 'flex-start' }}
          startIcon={<Icon name="heroicons_outline:plus" size={18} />}
          onClick={() => emails.append({ email: '', label: '' })}
        >
          {t('contacts.form.addEmail')}
        </Button>
      </Stack>
    </Box>
  );
}

function PhoneFields({ form, countries, byIso }: { form: Form; countries: Country[]; byIso: Map<string, Country> }) {
  const { t } = useTranslation();
  const phones = useFieldArray({ control: form.control, name: 'phoneNumbers' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('contacts.fields.phoneNumbers')}
      </Typography>
      <Stack spacing={1.5}>
        {phones.fields.map((f, i) => (
          <Stack key={f.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <Controller
              control={form.control}
              name={`phoneNumbers.${i}.country`}
              render={({ field, fieldState }) => (
                <Autocomplete<Country, false, false>
                  options={countries}
                  // Before the countries arrive the code alone is known: shown empty, never undefined (a controlled field).
                  value={byIso.get(field.value) ?? null}
                  onChange={(_e, c) => c && field.onChange(c.iso)}
                  getOptionLabel={(c) => `${c.name} (${c.code})`}
                  isOptionEqualToValue={(a, b) => a.iso === b.iso}
                  sx={{ minWidth: { sm: 240 } }}
                  renderOption={({ key, ...props }, c) => (
                    <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1 }}>
                      <Flag src={c.flagImagePos} />
                      {c.name} ({c.code})
                    </Box>
                  )}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('contacts.fields.country')}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message}
                      slotProps={{
                        ...params.slotProps,
                        input: {
                          ...params.slotProps.input,
                          startAdornment: byIso.get(field.value) ? (
                            <InputAdornment position="start" sx={{ ml: 0.5 }}>
                              <Flag src={byIso.get(field.value)?.flagImagePos} />
                            </InputAdornment>
                          ) : null,
                        },
                      }}
                    />
                  )}
                />
              )}
            />
            <FormTextField
              control={form.control}
              name={`phoneNumbers.${i}.phoneNumber`}
              type="tel"
              label={t('contacts.fields.phone')}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'tel' } }}
            />
            <FormTextField control={form.control} name={`phoneNumbers.${i}.label`} label={t('contacts.fields.label')} sx={{ minWidth: { sm: 140 } }} />
            <Tooltip title={t('contacts.form.removePhone')}>
              <IconButton aria-label={t('contacts.form.removePhone')} onClick={() => phones.remove(i)} sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}>
                <Icon name="heroicons_outline:trash" size={20} />
              </IconButton>
            </Tooltip>
          </Stack>
        ))}
        <Button
          sx={{ alignSelf: 'flex-start' }}
          startIcon={<Icon name="heroicons_outline:plus" size={18} />}
          onClick={() => phones.append({ country: phones.fields.at(-1)?.country ?? 'US', phoneNumber: '', label: '' })}
        >
          {t('contacts.form.addPhone')}
        </Button>
      </Stack>
    </Box>
  );
}
