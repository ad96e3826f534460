import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Grid, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import type { Entry, EntryType } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { HeaderActions, PageHeader } from '@/components/page-header';
import { useNotices } from '@/components/notice';
import { ErrorState } from '@/components/page-states';
import { formatShortDate } from '@/lib/format';
import { currentUserQuery } from '@/lib/queries';
import { useMoney } from '@/lib/settings';
import { booksKeys, entriesQuery, monthsQuery, monthSummaryQuery, recurringQuery, setMonthStatus } from '../api/books-api';
import { FirstRunChecklist } from '../components/first-run-checklist';
import { MonthPicker } from '../components/month-picker';
import { PeriodBanner, useMonthClosed } from '../components/period-banner';
import { TrialNotice } from '../components/trial-notice';
import { useMonth } from '../lib/month';
import { closeOffered, RECENT_QUERY } from './hub-data';
import { dateFormat, numberFormat } from '@/lib/intl';
import css from './hub.module.css';

// The quick-add forms load when one is opened: the hub's first render on a phone does not pay for
// forms most visits never open.
// A pointer over a button or focus on it fetches its form ahead of the click.
const loadEntryForm = () => import('../components/entry-form-dialog');
const loadTripForm = () => import('../components/trip-form-dialog');
const loadIncomeLines = () => import('../components/income-lines-form');
const EntryFormDialog = lazy(() => loadEntryForm().then((m) => ({ default: m.EntryFormDialog })));
const TripFormDialog = lazy(() => loadTripForm().then((m) => ({ default: m.TripFormDialog })));
const IncomeLinesForm = lazy(() => loadIncomeLines().then((m) => ({ default: m.IncomeLinesForm })));
const loadFormOf = (type: EntryType | 'trip') => (type === 'trip' ? loadTripForm() : type === 'income' ? loadIncomeLines() : loadEntryForm());

const QUICK: { type: EntryType | 'trip'; icon: string }[] = [
  { type: 'income', icon: 'heroicons_outline:banknotes' },
  { type: 'expense', icon: 'heroicons_outline:receipt-percent' },
  { type: 'purchase', icon: 'heroicons_outline:shopping-cart' },
  { type: 'worker_payment', icon: 'heroicons_outline:user-group' },
  { type: 'supplier_payment', icon: 'heroicons_outline:truck' },
  { type: 'trip', icon: 'heroicons_outline:map' },
];

/** Every list of the month, by its route (docs/product.md, "Screens"). */
const LISTS = [
  { path: '/user/dailyincome', key: 'dailyIncome' },
  { path: '/user/dailyincomeregister', key: 'dailyIncomeRegister' },
  { path: '/user/dailyoperationalexpenses', key: 'dailyOperationalExpenses' },
  { path: '/user/operationalexpenses', key: 'operationalExpenses' },
  { path: '/user/dailyusersubcategory', key: 'dailyUserSubcategory' },
  { path: '/user/purchasedproducts', key: 'purchasedProducts' },
  { path: '/user/dailypurchasedproducts', key: 'dailyPurchasedProducts' },
  { path: '/user/dailyworkerspayments', key: 'dailyWorkersPayments' },
  { path: '/user/workerspayment', key: 'workersPayment' },
  { path: '/user/dailysupplierspayments', key: 'dailySuppliersPayments' },
  { path: '/user/monthlymileage', key: 'monthlyMileage' },
] as const;

/** The reports: the month's and the year's. */
const REPORTS = [
  { path: '/user/monthdashboard', key: 'monthDashboard', yearOnly: false },
  { path: '/user/profitsandlossesmonth', key: 'pnlMonth', yearOnly: false },
  { path: '/user/import', key: 'importStatement', yearOnly: false },
  { path: '/user/taxyears', key: 'taxYears', yearOnly: true },
  { path: '/user/taxmonths', key: 'viewMonths', yearOnly: true },
  { path: '/user/profitsandlossesyear', key: 'pnlYear', yearOnly: true },
  { path: '/user/annualtotal', key: 'annualTotal', yearOnly: true },
] as const;

/** The last day of the calendar month, on this device's clock. */
const endOfThisMonth = () => {
  const now = new Date();
  const last = new Date(now.getFullYear(), now.getMonth() + 1, 0);
  return `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}-${String(last.getDate()).padStart(2, '0')}`;
};

const greetingKey = (hour: number) => (hour < 12 ? 'morning' : hour < 19 ? 'afternoon' : 'evening');

/** How many business areas a phone shows before "More". */
const PHONE_AREAS = 2;
const BUSINESS = [
  { to: '/apps/contacts', icon: 'heroicons_outline:user-group', text: 'contacts.title' },
  { to: '/apps/ecommerce/inventory', icon: 'heroicons_outline:archive-box', text: 'inventory.title' },
  { to: '/apps/file-manager', icon: 'heroicons_outline:folder', text: 'files.title' },
  { to: '/apps/mailbox', icon: 'heroicons_outline:envelope', text: 'mailbox.title' },
  { to: '/apps/chat', icon: 'heroicons_outline:chat-bubble-left-right', text: 'chat.title' },
  { to: '/apps/tasks', icon: 'heroicons_outline:check-circle', text: 'tasks.title' },
  { to: '/apps/notes', icon: 'heroicons_outline:pencil-square', text: 'notes.title' },
  { to: '/apps/scrumboard', icon: 'heroicons_outline:view-columns', text: 'scrumboard.title' },
  { to: '/dashboards/finance', icon: 'heroicons_outline:presentation-chart-line', text: 'finance.dashboard.title' },
  { to: '/user/budgets', icon: 'heroicons_outline:chart-pie', text: 'finance.budgets.title' },
  { to: '/dashboards/project', icon: 'heroicons_outline:clipboard-document-list', text: 'project.title' },
  { to: '/dashboards/analytics', icon: 'heroicons_outline:chart-bar-square', text: 'insights.analytics.title' },
  { to: '/dashboards/crypto', icon: 'heroicons_outline:currency-dollar', text: 'insights.crypto.title' },
  { to: '/pages/activities', icon: 'heroicons_outline:clock', text: 'insights.activities.title' },
] as const;

/** user/dashboard: the books hub. The month's figures, a quick add per entry type, every list of the month, the year at a glance. */
export default function BooksHub() {
  const { t, i18n } = useTranslation();
  // On a phone, the business areas past the first few until "More" is pressed.
  const [allAreas, setAllAreas] = useState(false);
  const qc = useQueryClient();
  const { money } = useMoney();
  const m = useMonth();
  const me = useQuery(currentUserQuery).data;
  const summary = useQuery(monthSummaryQuery(m.year, m.month));
  const months = useQuery(monthsQuery(m.year));
  const recent = useQuery(entriesQuery(RECENT_QUERY));
  // What recurs before this month ends (by the calendar, whichever month is in view).
  const due = useQuery(recurringQuery({ dueBy: endOfThisMonth(), size: 10, sort: 'nextDate', order: 'asc' })).data;
  const closed = useMonthClosed(m.year, m.month);
  const notices = useNotices();
  // Income is several lines at once (the register's form); 'income-one' is one income with its receipt.
  const [adding, setAdding] = useState<EntryType | 'trip' | 'income-one' | null>(null);
  const [editing, setEditing] = useState<Entry | null>(null);
  const [closing, setClosing] = useState(false);
  const close = useMutation({
    mutationFn: () => setMonthStatus(m.year, m.month, 'close'),
    onSuccess: async () => {
      setClosing(false);
      await qc.invalidateQueries({ queryKey: booksKeys.all });
    },
  });

  const s = summary.data;
  // The summary of the month in view, not the previous month's kept on screen while it loads.
  const inView = s && s.year === m.year && s.month === m.month ? s : undefined;
  const canClose = closeOffered(m, inView && { closed, entries: inView.entries, trips: inView.trips });
  const year = (months.data ?? []).reduce((acc, r) => ({ income: acc.income + r.income, outflows: acc.outflows + r.outflows, net: acc.net + r.net }), {
    income: 0,
    outflows: 0,
    net: 0,
  });
  const peak = Math.max(1, ...(months.data ?? []).map((r) => Math.max(r.income, r.outflows)));
  const monthName = (n: number) => dateFormat(i18n.language, { month: 'narrow', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, n - 1, 1)));
  const milesText = (n: number) => numberFormat(i18n.language, { maximumFractionDigits: 1 }).format(n);
  const figures = [
    { key: 'income', value: s ? money(s.income) : '—', to: `/user/dailyincome?${m.search}` },
    { key: 'outflows', value: s ? money(s.outflows) : '—', to: `/user/operationalexpenses?${m.search}` },
    { key: 'miles', value: s ? `${milesText(s.miles)} · ${money(s.mileageDeduction)}` : '—', to: `/user/monthlymileage?${m.search}` },
    { key: 'net', value: s ? money(s.net) : '—', to: undefined },
  ] as const;

  return (
    <Box>
      <PageHeader
        title={me ? t(`userDashboard.greeting.${greetingKey(new Date().getHours())}`, { name: me.name.split(/\s+/)[0] }) : t('books.hub.title')}
        subtitle={me?.company ? t('books.hub.subtitleCompany', { company: me.company }) : t('books.hub.subtitle')}
        actions={
          <HeaderActions>
            <MonthPicker />
            {canClose && (
              <Button variant="outlined" size="small" onClick={() => setClosing(true)} startIcon={<Icon name="heroicons_outline:lock-closed" size={18} />}>
                {t('books.period.close')}
              </Button>
            )}
          </HeaderActions>
        }
      />
      <PeriodBanner year={m.year} month={m.month} />
      <TrialNotice />
      <FirstRunChecklist month={m} />
      {summary.isError && <ErrorState error={summary.error} onRetry={() => summary.refetch()} />}

      <Grid container spacing={1.5} sx={{ mb: 2 }}>
        {figures.map((f) => (
          <Grid key={f.key} size={{ xs: 6, md: 3 }}>
            <div className={`${css.card} ${css.fill}`}>
              <div className={css.cardBody}>
                <h2 className={css.figureName}>{t(`books.hub.figures.${f.key}`)}</h2>
                <p className={f.key === 'net' && s && s.net < 0 ? `${css.figure} ${css.negative}` : css.figure}>
                  {f.to ? (
                    <RouterLink to={f.to} className={css.quietLink}>
                      {f.value}
                    </RouterLink>
                  ) : (
                    f.value
                  )}
                </p>
              </div>
            </div>
          </Grid>
        ))}
      </Grid>

      <div className={`${css.card} ${css.spaced}`}>
        <div className={css.cardBody}>
          <h2 className={`${css.heading} ${css.headingAbove}`}>{t('books.hub.quickAdd')}</h2>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(6, 1fr)' }, gap: 1 }}>
            {QUICK.map((q) => (
              <Button
                key={q.type}
                variant="outlined"
                disabled={closed}
                onClick={() => setAdding(q.type)}
                onPointerEnter={() => void loadFormOf(q.type)}
                onFocus={() => void loadFormOf(q.type)}
                sx={{ flexDirection: 'column', gap: 0.5, py: 1, fontSize: 12, lineHeight: 1.2, textTransform: 'none' }}
              >
                <Icon name={q.icon} size={22} />
                {q.type === 'trip' ? t('books.trips.one') : t(`books.types.${q.type}`)}
              </Button>
            ))}
          </Box>
        </div>
      </div>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <div className={css.card}>
            <div className={css.cardBody}>
              <h2 className={css.heading}>{t('books.hub.lists')}</h2>
              <nav aria-label={t('books.hub.lists')} className={css.links}>
                {LISTS.map((l) => (
                  <RouterLink key={l.path} to={`${l.path}?${m.search}`} className={css.link}>
                    {t(`books.screens.${l.key}`)}
                  </RouterLink>
                ))}
                <RouterLink to="/user/recurring" className={css.link}>
                  {t('books.recurring.hubLink')}
                  {!!due?.pagination.total && (
                    <span title={t('books.recurring.hubDue', { count: due.pagination.total })} className={css.dueCount}>
                      {due.pagination.total}
                    </span>
                  )}
                </RouterLink>
              </nav>
              {/* What recurs this month, listed from a tablet up; on a phone the link above says how many (the hub keeps within two screens). */}
              {!!due && (
                <Box sx={{ display: { xs: 'none', sm: 'block' }, mt: 1 }}>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {due.pagination.total ? t('books.recurring.hubDue', { count: due.pagination.total }) : t('books.recurring.hubNone')}
                  </Typography>
                  {!!due.items.length && (
                    <Box component="ul" aria-label={t('books.recurring.hubLink')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
                      {due.items.slice(0, 4).map((r) => (
                        <Box component="li" key={r.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, fontSize: 13, py: 0.25 }}>
                          <span>
                            {r.nextDate && formatShortDate(r.nextDate, i18n.language)} · {r.description || r.categoryName}
                          </span>
                          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                            {r.amount !== null ? money(r.amount) : '—'}
                          </Box>
                        </Box>
                      ))}
                    </Box>
                  )}
                </Box>
              )}
              <h2 className={`${css.heading} ${css.headingBetween}`}>{t('books.reports.reports')}</h2>
              <nav aria-label={t('books.reports.reports')} className={css.links}>
                {REPORTS.map((r) => (
                  <RouterLink key={r.path} to={`${r.path}?${r.yearOnly ? `year=${m.year}` : m.search}`} className={css.link}>
                    {t(`books.reports.${r.key}`)}
                  </RouterLink>
                ))}
              </nav>
              <h2 className={`${css.heading} ${css.headingBetween}`}>{t('books.hub.business')}</h2>
              {/* The business beside its books: its customers, stock, documents, conversations, plans and finances. Wider
                 screens show every area; a phone shows the first ones and a "More" button that shows the rest in place (all
                 wrapping onto lines, none hidden to the side), so the hub stays within two screens until asked. */}
              <nav aria-label={t('books.hub.business')} className={css.business} data-all={allAreas || undefined}>
                {BUSINESS.map((b, i) => (
                  <RouterLink key={b.to} to={b.to} className={i < PHONE_AREAS ? css.link : `${css.link} ${css.extra}`}>
                    <Icon name={b.icon} size={18} />
                    {t(b.text)}
                  </RouterLink>
                ))}
                {!allAreas && (
                  <button type="button" className={css.more} aria-expanded={false} onClick={() => setAllAreas(true)}>
                    <Icon name="heroicons_outline:chevron-down" size={18} />
                    {t('books.hub.moreAreas', { count: BUSINESS.length - PHONE_AREAS })}
                  </button>
                )}
              </nav>
            </div>
          </div>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2}>
            <div className={css.card}>
              <div className={css.cardBody}>
                <Stack
                  direction="row"
                  sx={{
                    justifyContent: 'space-between',
                    mb: 1,
                    flexWrap: 'wrap',
                    gap: 1,
                  }}
                >
                  <h2 className={css.heading}>{t('books.hub.year', { year: m.year })}</h2>
                  <Typography
                    variant="caption"
                    sx={{
                      color: 'text.secondary',
                    }}
                  >
                    {t('books.hub.yearLine', { income: money(year.income), outflows: money(year.outflows), net: money(year.net) })}
                  </Typography>
                </Stack>
                <div className={css.chart} role="img" aria-label={t('books.hub.chartLabel', { year: m.year })}>
                  {(months.data ?? []).map((r) => (
                    // A pointer's hint only: the chart is one image to a screen reader, its figures in the line above.
                    <div
                      key={r.month}
                      title={`${monthName(r.month)}: ${money(r.income)} / ${money(r.outflows)}`}
                      className={r.month === m.month ? `${css.month} ${css.current}` : css.month}
                    >
                      <div className={`${css.bar} ${css.income}`} style={{ height: `${(r.income / peak) * 100}%` }} />
                      <div className={`${css.bar} ${css.outflows}`} style={{ height: `${(r.outflows / peak) * 100}%` }} />
                    </div>
                  ))}
                </div>
                <div className={css.months} aria-hidden>
                  {Array.from({ length: 12 }, (_, i) => (
                    <span key={i}>{monthName(i + 1)}</span>
                  ))}
                </div>
              </div>
            </div>
            <div className={css.card}>
              <div className={css.cardBody}>
                <h2 className={css.heading}>{t('books.hub.recent')}</h2>
                {recent.data && recent.data.items.length === 0 ? (
                  <Typography
                    variant="body2"
                    sx={{
                      color: 'text.secondary',
                      py: 1,
                    }}
                  >
                    {t('books.hub.noRecent')}
                  </Typography>
                ) : (
                  <List dense disablePadding>
                    {(recent.data?.items ?? []).slice(0, 5).map((e, i) => (
                      // Three on a phone, so the hub stays within two screen heights; five on larger screens.
                      <ListItemButton key={e.id} onClick={() => setEditing(e)} sx={{ px: 0.5, display: i >= 3 ? { xs: 'none', sm: 'flex' } : undefined }}>
                        <ListItemText
                          primary={`${t(`books.types.${e.type}`)} · ${e.categoryName}`}
                          secondary={[formatShortDate(e.date, i18n.language), e.workerName ?? e.providerName ?? e.productName ?? e.description]
                            .filter(Boolean)
                            .join(' · ')}
                        />
                        <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', ml: 1 }}>
                          {money(e.amount)}
                        </Typography>
                      </ListItemButton>
                    ))}
                  </List>
                )}
              </div>
            </div>
          </Stack>
        </Grid>
      </Grid>

      <Suspense fallback={null}>
        {adding === 'income' && (
          <IncomeLinesForm
            defaultDate={m.defaultDate}
            closed={closed}
            dialog={{
              title: t('books.register.dialogTitle'),
              onClose: () => setAdding(null),
              onSaved: (count) => notices.done(t('books.register.savedLines', { count })),
              onSingle: () => setAdding('income-one'),
            }}
          />
        )}
        {adding === 'income-one' && <EntryFormDialog open type="income" defaultDate={m.defaultDate} onClose={() => setAdding(null)} />}
        {adding && adding !== 'trip' && adding !== 'income' && adding !== 'income-one' && (
          <EntryFormDialog open type={adding} defaultDate={m.defaultDate} onClose={() => setAdding(null)} />
        )}
        {adding === 'trip' && <TripFormDialog open defaultDate={m.defaultDate} onClose={() => setAdding(null)} />}
        {editing && <EntryFormDialog open type={editing.type} entry={editing} defaultDate={editing.date} onClose={() => setEditing(null)} />}
      </Suspense>
      <ConfirmDialog
        open={closing}
        title={t('books.period.closeTitle')}
        text={t('books.period.closeText')}
        confirmLabel={t('books.period.close')}
        pending={close.isPending}
        onConfirm={() => close.mutate()}
        onClose={() => setClosing(false)}
      />
      {notices.view}
    </Box>
  );
}
