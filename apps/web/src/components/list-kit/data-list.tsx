import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createColumnHelper,
  FlexRender,
  metaHelper,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
} from '@tanstack/react-table';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  IconButton,
  InputAdornment,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
// Screen-reader-only text: 1 px, clipped (in sx a bare 1 would be 100 %, and the text overflowed a phone's page).
import { visuallyHidden } from '@mui/utils';
import { PAGE_SIZES, type Pagination } from '@cuadre/contracts';
import { Icon } from '../icon';
import { EmptyState, ErrorState } from '../page-states';
import type { ListState, PageSize } from './list-params';
import css from './data-list.module.css';

/** What the kit reads from a column's `meta`. */
export interface ListColumnMeta {
  /** The header's text (also the label of the field on a phone's card). */
  label: string;
  /** The server's sort key for this column; absent: the column does not sort. */
  sortKey?: string;
  align?: 'left' | 'right';
  /** On a phone: the card's title, a labelled detail (the default), or not shown. */
  card?: 'title' | 'detail' | 'hidden';
}

/**
 * The table features every list uses: the server sorts, filters and pages, so the table only lays
 * out the rows it is given and keeps the selection (and only those features are bundled).
 */
const listFeatures = tableFeatures({ rowSelectionFeature, columnMeta: metaHelper<ListColumnMeta>() });
type ListFeatures = typeof listFeatures;

/** A list's column (any: the value type differs per column). */
export type ListColumn<T extends RowData> = ColumnDef<ListFeatures, T, any>;

/** The column helper for a list of `T`, typed with the kit's features and column meta. */
export const listColumns = <T extends RowData>() => createColumnHelper<ListFeatures, T>();

/**
 * Classes for a list's cells, drawn on every row (static CSS, issue 30): text kept on one line, a figure
 * (one line, tabular, bold), a muted aside after a name, text that may break anywhere, a receipt's mark.
 */
export const cellStyles = {
  nowrap: css.nowrap,
  figure: css.figure,
  aside: css.aside,
  breakAnywhere: css.breakAnywhere,
  attachment: css.attachment,
} as const;

/** What a list query gives the kit (a TanStack Query result of a list envelope, docs/product.md "Lists"). */
export interface ListQuery<T> {
  data?: { items: T[]; pagination: Pagination };
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface DataListProps<T extends RowData, S extends string, F extends string> {
  /** The list's name, for screen readers ("Users"). */
  label: string;
  list: ListState<S, F>;
  query: ListQuery<T>;
  columns: ListColumn<T>[];
  getRowId: (row: T) => string;
  /** Buttons for one row (edit, delete...), at the end of its row or card. */
  rowActions?: (row: T) => ReactNode;
  /** Turns selection on: what to do with the selected rows (`clear` empties the selection). */
  bulkActions?: (rows: T[], clear: () => void) => ReactNode;
  /** A totals row under the table: a cell per column id. */
  totals?: Partial<Record<string, ReactNode>>;
  /** Shown when the list is empty and nothing filters it, with the action that fills it. */
  empty: { title: string; text?: string; action?: ReactNode; icon?: string };
  /** Shown when filters or a search leave nothing. */
  noMatch: { title: string; text?: string };
}

/**
 * The one list of the app: a TanStack Table drawn with MUI. The server sorts, filters and pages
 * (the state is in the address, see useListParams); below `sm` each row is a card.
 */
export function DataList<T extends RowData, S extends string, F extends string>(props: DataListProps<T, S, F>) {
  const { label, list, query, columns, getRowId, rowActions, bulkActions, totals, empty, noMatch } = props;
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const items = useMemo(() => query.data?.items ?? [], [query.data]);

  const table = useTable({
    features: listFeatures,
    data: items,
    columns,
    getRowId,
    enableRowSelection: !!bulkActions,
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
  });
  const selected = table.getSelectedRowModel().rows.map((r) => r.original);
  // A page past the end (after filtering or deleting) moves back to the last page that exists.
  const lastPage = query.data?.pagination.lastPage;
  const { page } = list.params;
  const setListParams = list.setParams;
  useEffect(() => {
    if (lastPage && page > lastPage) setListParams({ page: lastPage });
  }, [lastPage, page, setListParams]);
  const clearSelection = () => setRowSelection({});
  const { params, setParams } = list;

  const sortHeader = (sortKey: string, text: string) => {
    const active = params.sort === sortKey;
    return (
      <TableSortLabel active={active} direction={active ? params.order : 'asc'} onClick={() => list.toggleSort(sortKey as S)}>
        {text}
        {active && (
          <Box component="span" sx={visuallyHidden}>
            {t(params.order === 'asc' ? 'common.list.sortedAsc' : 'common.list.sortedDesc')}
          </Box>
        )}
      </TableSortLabel>
    );
  };

  let body: ReactNode;
  // In a card the first column's total is the totals' caption ("4 entries"); the others are values under their labels.
  const [captionColumn, ...valueColumns] = table.getAllLeafColumns();
  if (query.isPending) {
    body = (
      <Box role="status" aria-label={t('common.loading')} sx={{ p: 2 }}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={isPhone ? 96 : 40} sx={{ mb: 1 }} />
        ))}
      </Box>
    );
  } else if (query.isError && !query.data) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (items.length === 0) {
    body = list.hasFilters ? (
      <EmptyState
        icon="heroicons_outline:magnifying-glass"
        title={noMatch.title}
        text={noMatch.text}
        action={<Button onClick={list.clearFilters}>{t('common.list.clearFilters')}</Button>}
      />
    ) : (
      <EmptyState icon={empty.icon} title={empty.title} text={empty.text} action={empty.action} />
    );
  } else if (isPhone) {
    // Static CSS (data-list.module.css): a phone draws a card per row, each with several labelled details.
    body = (
      <ul className={css.cards} aria-label={label}>
        {table.getRowModel().rows.map((row) => {
          const cells = row.getAllCells();
          const titleCells = cells.filter((c) => c.column.columnDef.meta?.card === 'title');
          const details = cells.filter((c) => (c.column.columnDef.meta?.card ?? 'detail') === 'detail');
          return (
            <li key={row.id} className={css.card}>
              <div className={css.cardBody}>
                <div className={css.head}>
                  {bulkActions && (
                    <Checkbox
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                      slotProps={{ input: { 'aria-label': t('common.list.selectRow', { row: row.id }) } }}
                      sx={{ ml: -1, mt: -1 }}
                    />
                  )}
                  <div className={css.titles}>
                    {titleCells.map((c) => (
                      <div key={c.id}>
                        <FlexRender cell={c} />
                      </div>
                    ))}
                  </div>
                </div>
                <dl className={css.details}>
                  {details.map((c) => (
                    <div key={c.id} className={css.detail}>
                      <dt className={css.label}>{c.column.columnDef.meta?.label}</dt>
                      <dd className={c.column.columnDef.meta?.align === 'right' ? `${css.value} ${css.right}` : css.value}>
                        <FlexRender cell={c} />
                      </dd>
                    </div>
                  ))}
                </dl>
                {rowActions && <div className={css.rowActions}>{rowActions(row.original)}</div>}
              </div>
            </li>
          );
        })}
        {totals && (
          <li className={`${css.card} ${css.totals}`}>
            <div className={css.cardBody}>
              <div className={css.totalLine}>
                <span className={css.totalCaption}>{t('common.list.total')}</span>
                <span className={css.totalValue}>{totals[captionColumn?.id ?? '']}</span>
              </div>
              {valueColumns.map((col) =>
                totals[col.id] !== undefined ? (
                  <div key={col.id} className={css.totalLine}>
                    <span className={css.label}>{col.columnDef.meta?.label}</span>
                    <span className={css.totalValue}>{totals[col.id]}</span>
                  </div>
                ) : null,
              )}
            </div>
          </li>
        )}
      </ul>
    );
  } else {
    body = (
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {bulkActions && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={table.getIsAllRowsSelected()}
                    // Since TanStack Table 9 "some" includes "all"; a full selection shows a tick, not a dash.
                    indeterminate={table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected()}
                    onChange={table.getToggleAllRowsSelectedHandler()}
                    slotProps={{ input: { 'aria-label': t('common.list.selectAll') } }}
                  />
                </TableCell>
              )}
              {table.getFlatHeaders().map((h) => {
                const meta = h.column.columnDef.meta;
                return (
                  <TableCell
                    key={h.id}
                    align={meta?.align}
                    sortDirection={meta?.sortKey && params.sort === meta.sortKey ? params.order : false}
                    sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                  >
                    {meta?.sortKey ? sortHeader(meta.sortKey, meta.label) : (meta?.label ?? <FlexRender header={h} />)}
                  </TableCell>
                );
              })}
              {rowActions && (
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {t('common.list.actions')}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} hover selected={row.getIsSelected()}>
                {bulkActions && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                      slotProps={{ input: { 'aria-label': t('common.list.selectRow', { row: row.id }) } }}
                    />
                  </TableCell>
                )}
                {row.getAllCells().map((c) => (
                  <TableCell key={c.id} align={c.column.columnDef.meta?.align}>
                    <FlexRender cell={c} />
                  </TableCell>
                ))}
                {rowActions && <TableCell align="right">{rowActions(row.original)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
          {totals && (
            <TableFooter>
              <TableRow>
                {bulkActions && <TableCell />}
                {table.getAllLeafColumns().map((col, i) => (
                  <TableCell key={col.id} align={col.columnDef.meta?.align} sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}>
                    {totals[col.id] ?? (i === 0 ? t('common.list.total') : null)}
                  </TableCell>
                ))}
                {rowActions && <TableCell />}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
    );
  }

  const pagination = query.data?.pagination;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={query.isFetching}>
      {query.isError && query.data && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {bulkActions && selected.length > 0 && (
        <Alert
          icon={false}
          severity="info"
          sx={{ borderRadius: 0, alignItems: 'center' }}
          action={
            <Stack
              direction="row"
              spacing={1}
              sx={{
                alignItems: 'center',
              }}
            >
              {bulkActions(selected, clearSelection)}
              <Button color="inherit" size="small" onClick={clearSelection}>
                {t('common.list.clearSelection')}
              </Button>
            </Stack>
          }
        >
          {t('common.list.selected', { count: selected.length })}
        </Alert>
      )}
      {body}
      {pagination && items.length > 0 && (
        <TablePagination
          component="div"
          count={pagination.total}
          page={Math.max(0, Math.min(params.page, pagination.lastPage) - 1)}
          rowsPerPage={params.size}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_e, page) => {
            clearSelection();
            setParams({ page: page + 1 });
          }}
          onRowsPerPageChange={(e) => setParams({ size: Number(e.target.value) as PageSize })}
          labelRowsPerPage={t('common.list.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('common.list.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`common.list.page.${type}`)}
          sx={{ borderTop: 1, borderColor: 'divider', '.MuiTablePagination-toolbar': { flexWrap: 'wrap', px: { xs: 1, sm: 2 } } }}
        />
      )}
    </Paper>
  );
}

/**
 * Above a list: the search box (debounced, in the address), the list's filters, and on a phone a
 * sort select (the cards have no column headers to click).
 */
export function ListToolbar<S extends string, F extends string>({
  list,
  searchLabel,
  searchPlaceholder,
  sortLabels,
  children,
}: {
  list: ListState<S, F>;
  searchLabel: string;
  searchPlaceholder?: string;
  sortLabels: Record<S, string>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { params, setParams } = list;
  const selectSx = { minWidth: { xs: 0, sm: 150 }, flex: { xs: '1 1 45%', sm: '0 0 auto' } };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Stack
        direction="row"
        useFlexGap
        spacing={1.5}
        sx={{
          flexWrap: 'wrap',
          alignItems: 'center',
        }}
      >
        <TextField
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
          placeholder={searchPlaceholder ?? searchLabel}
          size="small"
          sx={{ flex: { xs: '1 1 100%', md: '1 1 260px' } }}
          slotProps={{
            htmlInput: { 'aria-label': searchLabel, maxLength: 120, type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Icon name="heroicons_outline:magnifying-glass" size={20} />
                </InputAdornment>
              ),
            },
          }}
        />
        {children}
        {isPhone && (
          <Stack
            direction="row"
            spacing={0.5}
            sx={[
              {
                alignItems: 'center',
              },
              ...(Array.isArray(selectSx) ? selectSx : [selectSx]),
            ]}
          >
            <TextField
              select
              size="small"
              fullWidth
              label={t('common.list.sortBy')}
              value={params.sort}
              onChange={(e) => setParams({ sort: e.target.value as S })}
            >
              {list.config.sorts.map((s) => (
                <MenuItem key={s} value={s}>
                  {sortLabels[s]}
                </MenuItem>
              ))}
            </TextField>
            <Tooltip title={t(params.order === 'asc' ? 'common.list.sortedAsc' : 'common.list.sortedDesc')}>
              <IconButton aria-label={t('common.list.toggleOrder')} onClick={() => setParams({ order: params.order === 'asc' ? 'desc' : 'asc' })}>
                <Icon name={params.order === 'asc' ? 'heroicons_outline:bars-arrow-up' : 'heroicons_outline:bars-arrow-down'} size={20} />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
        {list.hasFilters && (
          <Button onClick={list.clearFilters} size="small" startIcon={<Icon name="heroicons_outline:x-mark" size={18} />}>
            {t('common.list.clearFilters')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
