import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Box, Button, Card, CardContent, Chip, Grid, Link, Stack, Typography } from '@mui/material';
import type { Contact, ContactPurchase } from '@cuadre/contracts';
import { DataList, listColumns } from '@/components/list-kit/data-list';
import { useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/page-states';
import { useNotices } from '@/components/notice';
import { useMoney } from '@/lib/settings';
import { contactQuery, countriesQuery, deleteContact, purchasesQuery, refreshContacts, tagsQuery } from '../api/contacts-api';
import { Flag } from '../components/flag';
import { ContactFormDialog } from '../components/contact-form-dialog';
import { notesToText } from '../components/notes-text';

/** Where an income entry is listed: its month's income, searched by what names it. */
const entryLink = (date: string, search: string) =>
  `/user/dailyincome?${new URLSearchParams({ year: String(Number(date.slice(0, 4))), month: String(Number(date.slice(5, 7))), search })}`;

/** /apps/contacts/{id}: a customer's card and what they bought (their income entries, the year's total, the last date). */
export default function ContactPage() {
  const { id = '' } = useParams();
  const contact = useQuery(contactQuery(id));
  return <QueryView query={contact}>{(c) => <ContactView contact={c} />}</QueryView>;
}

function ContactView({ contact: c }: { contact: Contact }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const tags = useQuery(tagsQuery);
  const countries = useQuery({ ...countriesQuery(i18n.language), enabled: c.phoneNumbers.length > 0 });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [pending, setPending] = useState(false);
  const { failed, view } = useNotices();
  const date = useCallback(
    (d: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(d.length === 10 ? `${d}T12:00:00Z` : d)),
    [i18n.language],
  );
  const notes = notesToText(c.notes);

  return (
    <Box>
      <Link component={RouterLink} to="/apps/contacts" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <Icon name="heroicons_outline:arrow-left" size={16} />
        {t('contacts.back')}
      </Link>
      <PageHeader
        title={c.name}
        subtitle={[c.title, c.company].filter(Boolean).join(' · ') || undefined}
        actions={
          <Stack direction="row" spacing={1}>
            <Button variant="contained" startIcon={<Icon name="heroicons_outline:pencil-square" size={18} />} onClick={() => setEditing(true)}>
              {t('contacts.edit')}
            </Button>
            <Button color="error" variant="outlined" startIcon={<Icon name="heroicons_outline:trash" size={18} />} onClick={() => setDeleting(true)}>
              {t('contacts.delete')}
            </Button>
          </Stack>
        }
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={2}>
                <Avatar src={c.avatar ?? undefined} alt="" sx={{ width: 80, height: 80, fontSize: 32 }}>
                  {c.name.slice(0, 1).toUpperCase()}
                </Avatar>
                {c.emails.map((e) => (
                  <Detail key={e.email} icon="heroicons_outline:envelope" label={e.label || t('contacts.fields.email')}>
                    <Link href={`mailto:${e.email}`}>{e.email}</Link>
                  </Detail>
                ))}
                {c.phoneNumbers.map((p) => {
                  const country = countries.data?.find((x) => x.iso === p.country);
                  return (
                    <Detail key={`${p.country}${p.phoneNumber}`} icon="heroicons_outline:phone" label={p.label || t('contacts.fields.phone')}>
                      <Flag src={country?.flagImagePos} size={18} /> {country?.code ?? ''} {p.phoneNumber}
                    </Detail>
                  );
                })}
                {c.birthday && (
                  <Detail icon="heroicons_outline:cake" label={t('contacts.fields.birthday')}>
                    {date(c.birthday)}
                  </Detail>
                )}
                {c.address && (
                  <Detail icon="heroicons_outline:map-pin" label={t('contacts.fields.address')}>
                    {c.address}
                  </Detail>
                )}
                {c.tags.length > 0 && (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {c.tags.map((tag) => (
                      <Chip key={tag} size="small" label={tags.data?.find((x) => x.id === tag)?.title ?? '…'} />
                    ))}
                  </Box>
                )}
                {notes && (
                  <Detail icon="heroicons_outline:document-text" label={t('contacts.fields.notes')}>
                    <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                      {notes}
                    </Box>
                  </Detail>
                )}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {t('contacts.purchases.title')}
          </Typography>
          <Purchases contactId={c.id} name={c.name} date={date} />
        </Grid>
      </Grid>
      <ContactFormDialog contact={editing ? c : null} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={deleting}
        title={t('contacts.deleteTitle')}
        text={t('contacts.deleteText', { name: c.name })}
        confirmLabel={t('contacts.delete')}
        destructive
        pending={pending}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          setPending(true);
          try {
            await deleteContact(c.id);
            await refreshContacts(qc);
            void navigate('/apps/contacts', { replace: true });
          } catch (err) {
            failed(err);
            setDeleting(false);
          } finally {
            setPending(false);
          }
        }}
      />
      {view}
    </Box>
  );
}

function Detail({ icon, label, children }: { icon: string; label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ color: 'text.secondary', pt: 0.25 }}>
        <Icon name={icon} size={20} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {label}
        </Typography>
        <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {children}
        </Typography>
      </Box>
    </Stack>
  );
}

const purchaseColumn = listColumns<ContactPurchase>();
const PURCHASES_LIST: ListConfig<'date', never> = { sorts: ['date'], defaultSort: 'date', defaultOrder: 'desc' };

/** What they bought: the year's total and the last date (summed by the server, in cents), and their income entries on the list kit. */
function Purchases({ contactId, name, date }: { contactId: string; name: string; date: (d: string) => string }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const purchases = useQuery(purchasesQuery(contactId));
  const list = useListParams(PURCHASES_LIST);
  const { params } = list;
  const p = purchases.data;
  const paged = useMemo(() => {
    if (!p) return undefined;
    const rows = params.order === 'asc' ? [...p.items].reverse() : p.items;
    const lastPage = Math.max(1, Math.ceil(rows.length / params.size));
    const page = Math.min(params.page, lastPage);
    return { items: rows.slice((page - 1) * params.size, page * params.size), pagination: { page, size: params.size, total: rows.length, lastPage } };
  }, [p, params]);
  const columns = useMemo(
    () => [
      purchaseColumn.display({
        id: 'description',
        meta: { label: t('contacts.purchases.entry'), card: 'title' },
        cell: ({ row: { original: e } }) => (
          <Link component={RouterLink} to={entryLink(e.date, e.description ?? name)}>
            {e.description || e.categoryName}
          </Link>
        ),
      }),
      purchaseColumn.display({ id: 'date', meta: { label: t('contacts.purchases.date'), sortKey: 'date' }, cell: ({ row: { original: e } }) => date(e.date) }),
      purchaseColumn.accessor('categoryName', { meta: { label: t('contacts.purchases.category') } }),
      purchaseColumn.display({
        id: 'amount',
        meta: { label: t('contacts.purchases.amount'), align: 'right' },
        cell: ({ row: { original: e } }) => money(e.amount),
      }),
    ],
    [t, money, date, name],
  );
  return (
    <Stack spacing={2}>
      {p && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('contacts.purchases.yearTotal', { year: p.year })}
                </Typography>
                <Typography variant="h5" component="p" data-testid="contact-year-total">
                  {money(p.yearTotal)}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('contacts.purchases.lastDate')}
                </Typography>
                <Typography variant="h5" component="p">
                  {p.lastDate ? date(p.lastDate) : '—'}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
      <DataList
        label={t('contacts.purchases.title')}
        list={list}
        query={{ ...purchases, data: paged }}
        columns={columns}
        getRowId={(e: ContactPurchase) => e.id}
        empty={{ icon: 'heroicons_outline:banknotes', title: t('contacts.purchases.emptyTitle'), text: t('contacts.purchases.emptyText') }}
        noMatch={{ title: t('contacts.purchases.emptyTitle') }}
      />
      {p && p.count > p.items.length && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('contacts.purchases.more', { shown: p.items.length, count: p.count })}
        </Typography>
      )}
    </Stack>
  );
}
