import {
  Avatar,
  Box,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@cuadre/contracts';
import { formatShortDate } from '@/lib/format';
import type { SortOrder, UserSort } from '../lib/users-params';
import { PlanChip, RoleChip, StatusChip } from './user-chips';
import { UserRowActions, type UserRowActionsProps } from './user-row-actions';

type Actions = Omit<UserRowActionsProps, 'user' | 'isSelf'>;

export interface UsersViewProps extends Actions {
  users: AdminUser[];
  meId?: string;
  sort: UserSort;
  order: SortOrder;
  onSort: (column: UserSort) => void;
  planName: (id: string) => { name: string; isFree: boolean };
}

/** Read by screen readers only: the sort direction the arrow shows. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  m: -1,
  overflow: 'hidden',
  p: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

const COLUMNS: UserSort[] = ['plan', 'role', 'status', 'createdAt'];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

function SortHeader({ column, sort, order, onSort }: { column: UserSort; sort: UserSort; order: SortOrder; onSort: (c: UserSort) => void }) {
  const { t } = useTranslation();
  return (
    <TableSortLabel active={sort === column} direction={sort === column ? order : 'asc'} onClick={() => onSort(column)}>
      {t(`admin.fields.${column}`)}
      {sort === column && (
        <Box component="span" sx={visuallyHidden}>
          {t(order === 'asc' ? 'admin.users.sortedAsc' : 'admin.users.sortedDesc')}
        </Box>
      )}
    </TableSortLabel>
  );
}

function Person({ user, isSelf, showEmail }: { user: AdminUser; isSelf: boolean; showEmail?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" sx={{ minWidth: 0 }}>
      <Avatar src={user.avatar ?? undefined} alt="" sx={{ width: 32, height: 32, fontSize: 14 }}>
        {initials(user.name)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {user.name}
          {isSelf && (
            <Typography component="span" variant="caption" color="text.secondary">
              {' '}
              ({t('admin.users.you')})
            </Typography>
          )}
        </Typography>
        {showEmail && (
          <Typography variant="body2" color="text.secondary" noWrap title={user.email}>
            {user.email}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

/** The list as a table, each column header sorting by that column. */
export function UsersTable({ users, meId, sort, order, onSort, planName, ...actions }: UsersViewProps) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('admin.users.title')}>
        <TableHead>
          <TableRow>
            {/* Name and email share a column (the email under the name) so the table fits beside the navigation; each still sorts. */}
            <TableCell sortDirection={sort === 'name' || sort === 'email' ? order : false} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
              <SortHeader column="name" sort={sort} order={order} onSort={onSort} />
              <Box component="span" sx={{ mx: 1, color: 'text.disabled' }} aria-hidden>
                /
              </Box>
              <SortHeader column="email" sort={sort} order={order} onSort={onSort} />
            </TableCell>
            {COLUMNS.map((c) => (
              <TableCell key={c} sortDirection={sort === c ? order : false} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                <SortHeader column={c} sort={sort} order={order} onSort={onSort} />
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {t('admin.users.actionsColumn')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((u) => {
            const plan = planName(u.plan);
            return (
              <TableRow key={u.id} hover>
                <TableCell sx={{ maxWidth: 320 }}>
                  <Person user={u} isSelf={u.id === meId} showEmail />
                </TableCell>
                <TableCell>
                  <PlanChip name={plan.name} isFree={plan.isFree} />
                </TableCell>
                <TableCell>
                  <RoleChip role={u.role} />
                </TableCell>
                <TableCell>
                  <StatusChip status={u.accountStatus} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDate(u.createdAt, i18n.language)}</TableCell>
                <TableCell align="right">
                  <UserRowActions user={u} isSelf={u.id === meId} {...actions} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The list on a phone: one card per person, the same facts and actions, nothing to scroll sideways. */
export function UsersCards({ users, meId, planName, ...rest }: UsersViewProps) {
  const { t, i18n } = useTranslation();
  const { sort: _sort, order: _order, onSort: _onSort, ...actions } = rest;
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('admin.users.title')}>
      {users.map((u) => {
        const plan = planName(u.plan);
        return (
          <Card component="li" key={u.id} variant="outlined">
            <CardContent sx={{ pb: '12px !important' }}>
              <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
                <Box sx={{ minWidth: 0 }}>
                  <Person user={u} isSelf={u.id === meId} />
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, wordBreak: 'break-all' }}>
                    {u.email}
                  </Typography>
                </Box>
              </Stack>
              <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1.5 }}>
                <PlanChip name={plan.name} isFree={plan.isFree} />
                <RoleChip role={u.role} />
                <StatusChip status={u.accountStatus} />
              </Stack>
              <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mt: 1 }}>
                <Typography variant="caption" color="text.secondary">
                  {t('admin.users.joined', { date: formatShortDate(u.createdAt, i18n.language) })}
                </Typography>
                <UserRowActions user={u} isSelf={u.id === meId} {...actions} />
              </Stack>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
