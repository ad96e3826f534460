import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Box,
  Button,
  Divider,
  FormControlLabel,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { MAIL_FOLDERS, type Mail, type MailChanges } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { EmptyState, QueryView } from '@/components/page-states';
import { useNotices } from '@/components/notice';
import { currentUserQuery } from '@/lib/queries';
import {
  emptyTrash,
  filtersQuery,
  foldersQuery,
  labelsQuery,
  mailboxKeys,
  mailQuery,
  mailsQuery,
  refreshMailbox,
  settingsQuery,
  updateMail,
  updateSettings,
  type MailScope,
} from '../api/mailbox-api';
import { ComposeDialog } from '../components/compose-dialog';
import { LabelsDialog } from '../components/labels-dialog';
import { LABEL_COLORS } from '../components/label-colors';
import { MailView } from '../components/mail-view';
import { blankCompose, forwardOf, fromDraft, nameOf, replyTo, type ComposeStart } from '../lib/compose';

/** Which mails the address asks for: folder, else filter, else label (as the API reads them); the inbox when none. */
function scopeOf(params: URLSearchParams): MailScope {
  for (const kind of ['folder', 'filter', 'label'] as const) {
    const slug = params.get(kind);
    if (slug) return { kind, slug };
  }
  return { kind: 'folder', slug: 'inbox' };
}

/** One group of the navigation (the folders, the filters, the labels): a list under its title. */
function NavGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <List
      dense
      component="div"
      subheader={
        <ListSubheader component="div" disableSticky>
          {title}
        </ListSubheader>
      }
    >
      {children}
    </List>
  );
}

/**
 * One place in the navigation: its icon, its name and what follows them (a folder's count). The one
 * showing is selected and, whether folder, filter or label, the current page for a screen reader.
 */
function NavItem({
  icon,
  text,
  current = false,
  onClick,
  children,
}: {
  icon: ReactNode;
  text: string;
  current?: boolean;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <ListItemButton selected={current} onClick={onClick} aria-current={current ? 'page' : undefined}>
      <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
      <ListItemText primary={text} />
      {children}
    </ListItemButton>
  );
}

/**
 * /apps/mailbox: folders (with their counts), filters and labels; a page of mails; one mail; compose
 * as a dialog. The address keeps the folder, filter or label, the page and the open mail, so a reload
 * or a link shows the same. Side by side on a wide screen, one pane at a time on a phone.
 */
export default function Mailbox() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const scope = scopeOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const openId = params.get('mail');
  const { done, failed, view } = useNotices();

  const me = useQuery(currentUserQuery);
  const folders = useQuery(foldersQuery);
  const filters = useQuery(filtersQuery);
  const labels = useQuery(labelsQuery);
  const settings = useQuery(settingsQuery);
  const mails = useQuery(mailsQuery(scope, page));
  const mail = useQuery({ ...mailQuery(openId ?? ''), enabled: !!openId });
  const [compose, setCompose] = useState<ComposeStart | null>(null);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [emptying, setEmptying] = useState(false);

  const go = (next: { scope?: MailScope; page?: number; mail?: string | null }) => {
    const s = next.scope ?? scope;
    const p = new URLSearchParams();
    p.set(s.kind, s.slug);
    const pg = next.scope ? 1 : (next.page ?? page);
    if (pg > 1) p.set('page', String(pg));
    const m = next.mail === undefined ? (next.scope ? null : openId) : next.mail;
    if (m) p.set('mail', m);
    setParams(p);
  };

  // Past the last page (a mail moved away from it), the API answers only the last page: go there.
  const pastEnd = mails.data && !('totalResults' in mails.data.pagination) ? mails.data.pagination.lastPage : undefined;
  // After every render, on purpose: it acts only when the page asked for is past the last.
  useEffect(() => {
    if (pastEnd !== undefined && pastEnd !== page) go({ page: pastEnd });
  });

  const change = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: MailChanges }) => updateMail(id, changes),
    onSuccess: async (m) => {
      qc.setQueryData(mailboxKeys.one(m.id), m);
      await refreshMailbox(qc);
    },
    onError: failed,
  });

  // Opening an unread mail reads it.
  // Once per mail opened (a mail marked unread again stays so until it is opened anew).
  const opened = mail.data;
  const markedRead = useRef<string | null>(null);
  const { mutate } = change;
  useEffect(() => {
    if (opened?.unread && markedRead.current !== opened.id) {
      markedRead.current = opened.id;
      mutate({ id: opened.id, changes: { unread: false } });
    }
  }, [opened?.id, opened?.unread, mutate]);
  useEffect(() => {
    if (!openId) markedRead.current = null;
  }, [openId]);

  const email = me.data?.email ?? '';
  const quoteHeader = (m: Mail) =>
    t('mailbox.quoteHeader', {
      date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(m.date)),
      from: m.from.contact,
    });

  const scopeTitle = (() => {
    if (scope.kind === 'folder') return t(`mailbox.folders.${scope.slug}`, { defaultValue: scope.slug });
    if (scope.kind === 'filter') return t(`mailbox.filters.${scope.slug}`, { defaultValue: scope.slug });
    return labels.data?.find((l) => l.slug === scope.slug)?.title ?? scope.slug;
  })();

  const isCurrent = (kind: MailScope['kind'], slug: string) => scope.kind === kind && scope.slug === slug;
  const composeButton = (
    <Button variant="contained" fullWidth startIcon={<Icon name="heroicons_outline:pencil-square" size={20} />} onClick={() => setCompose(blankCompose())}>
      {t('mailbox.compose.button')}
    </Button>
  );

  // A folder, filter or label of the navigation, which shows its mails.
  const scopeItem = (kind: MailScope['kind'], item: { id: string; slug: string }, icon: ReactNode, text: string, end?: ReactNode) => (
    <NavItem key={item.id} icon={icon} text={text} current={isCurrent(kind, item.slug)} onClick={() => go({ scope: { kind, slug: item.slug } })}>
      {end}
    </NavItem>
  );

  const navigation = (
    <Box component="nav" aria-label={t('mailbox.navLabel')} sx={{ p: 2 }}>
      {composeButton}
      <NavGroup title={t('mailbox.foldersTitle')}>
        {(folders.data ?? MAIL_FOLDERS.map((f) => ({ ...f, count: 0 }))).map((f) =>
          scopeItem(
            'folder',
            f,
            <Icon name={f.icon} size={20} />,
            t(`mailbox.folders.${f.slug}`, { defaultValue: f.title }),
            f.count > 0 && (
              <Typography variant="caption" sx={{ fontWeight: 600 }} aria-label={t('mailbox.countLabel', { count: f.count })}>
                {f.count}
              </Typography>
            ),
          ),
        )}
      </NavGroup>
      <NavGroup title={t('mailbox.filtersTitle')}>
        {(filters.data ?? []).map((f) => scopeItem('filter', f, <Icon name={f.icon} size={20} />, t(`mailbox.filters.${f.slug}`, { defaultValue: f.title })))}
      </NavGroup>
      <NavGroup title={t('mailbox.labelsTitle')}>
        {(labels.data ?? []).map((l) =>
          scopeItem('label', l, <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: LABEL_COLORS[l.color] }} />, l.title),
        )}
        <NavItem icon={<Icon name="heroicons_outline:tag" size={20} />} text={t('mailbox.labels.manage')} onClick={() => setLabelsOpen(true)} />
      </NavGroup>
      <Divider sx={{ my: 1 }} />
      <FormControlLabel
        control={
          <Switch
            checked={settings.data?.notifyByEmail ?? false}
            disabled={!settings.data}
            onChange={(e) =>
              void updateSettings({ notifyByEmail: e.target.checked })
                .then((s) => qc.setQueryData(mailboxKeys.settings, s))
                .catch(failed)
            }
          />
        }
        label={<Typography variant="body2">{t('mailbox.notifyByEmail')}</Typography>}
      />
    </Box>
  );

  // On a phone the folders, filters and labels are one choice above the list.
  const scopePicker = (
    <Stack direction="row" spacing={1} sx={{ p: 2, pb: 1 }}>
      <TextField
        select
        size="small"
        label={t('mailbox.showing')}
        value={`${scope.kind}:${scope.slug}`}
        onChange={(e) => {
          const [kind, ...rest] = e.target.value.split(':');
          go({ scope: { kind: kind as MailScope['kind'], slug: rest.join(':') } });
        }}
        sx={{ flex: 1 }}
      >
        {(folders.data ?? []).map((f) => (
          <MenuItem key={f.id} value={`folder:${f.slug}`}>
            {t(`mailbox.folders.${f.slug}`, { defaultValue: f.title })}
            {f.count > 0 ? ` (${f.count})` : ''}
          </MenuItem>
        ))}
        {(filters.data ?? []).map((f) => (
          <MenuItem key={f.id} value={`filter:${f.slug}`}>
            {t(`mailbox.filters.${f.slug}`, { defaultValue: f.title })}
          </MenuItem>
        ))}
        {(labels.data ?? []).map((l) => (
          <MenuItem key={l.id} value={`label:${l.slug}`}>
            {l.title}
          </MenuItem>
        ))}
        {scope.kind === 'label' && !labels.data?.some((l) => l.slug === scope.slug) && <MenuItem value={`label:${scope.slug}`}>{scope.slug}</MenuItem>}
      </TextField>
      <IconButton aria-label={t('mailbox.labels.manage')} onClick={() => setLabelsOpen(true)}>
        <Icon name="heroicons_outline:tag" size={20} />
      </IconButton>
      <Button variant="contained" onClick={() => setCompose(blankCompose())} aria-label={t('mailbox.compose.button')}>
        <Icon name="heroicons_outline:pencil-square" size={20} />
      </Button>
    </Stack>
  );

  const listRef = useRef<HTMLDivElement>(null);
  // Arrows move between the mails, Home and End to the first and last, Enter (the button's own) opens one.
  const onListKey = (e: KeyboardEvent) => {
    const items = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[data-mail-row]') ?? []);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const to =
      e.key === 'ArrowDown'
        ? Math.min(at + 1, items.length - 1)
        : e.key === 'ArrowUp'
          ? Math.max(at - 1, 0)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -2;
    if (to === -2 || items.length === 0) return;
    e.preventDefault();
    items[to]?.focus();
  };

  const dateText = (iso: string) => {
    const d = new Date(iso);
    const today = new Date().toDateString() === d.toDateString();
    return new Intl.DateTimeFormat(i18n.language, today ? { timeStyle: 'short' } : { dateStyle: 'medium' }).format(d);
  };

  const listPane = (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {scopeTitle}
        </Typography>
        {scope.kind === 'folder' && scope.slug === 'trash' && (
          <Button size="small" color="error" onClick={() => setEmptying(true)} disabled={!mails.data?.mails.length}>
            {t('mailbox.emptyTrash')}
          </Button>
        )}
      </Stack>
      <Divider />
      <QueryView
        query={mails}
        isEmpty={(d) => d.mails.length === 0 && 'totalResults' in d.pagination}
        empty={
          <EmptyState
            icon="heroicons_outline:inbox"
            title={t('mailbox.emptyTitle', { name: scopeTitle })}
            text={scope.kind === 'folder' && scope.slug === 'inbox' ? t('mailbox.emptyInboxText') : t('mailbox.emptyText')}
            action={
              <Button variant="contained" onClick={() => setCompose(blankCompose())}>
                {t('mailbox.compose.button')}
              </Button>
            }
          />
        }
      >
        {(data) => (
          <>
            <List component="div" role="group" ref={listRef} aria-label={t('mailbox.listLabel', { name: scopeTitle })} onKeyDown={onListKey} disablePadding>
              {data.mails.map((m) => (
                <ListItemButton
                  key={m.id}
                  data-mail-row
                  selected={m.id === openId}
                  onClick={() => go({ mail: m.id })}
                  divider
                  sx={{ alignItems: 'flex-start', py: 1.25 }}
                  aria-current={m.id === openId ? 'true' : undefined}
                >
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                      {m.unread && (
                        <Box
                          component="span"
                          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', flex: 'none' }}
                          aria-label={t('mailbox.unread')}
                        />
                      )}
                      <Typography noWrap sx={{ flex: 1, fontWeight: m.unread ? 700 : 500 }}>
                        {scope.slug === 'sent' || scope.slug === 'drafts'
                          ? t('mailbox.toLine', { to: m.to.map(nameOf).join(', ') || '—' })
                          : nameOf(m.from.contact)}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ flex: 'none' }}>
                        {dateText(m.date)}
                      </Typography>
                    </Stack>
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                      <Typography variant="body2" noWrap sx={{ flex: 1, fontWeight: m.unread ? 600 : 400 }}>
                        {m.subject || t('mailbox.noSubject')}
                      </Typography>
                      {m.attachments.length > 0 && <Icon name="heroicons_outline:paper-clip" size={16} aria-label={t('mailbox.hasAttachments')} />}
                      {m.important && <Icon name="heroicons_outline:exclamation-circle" size={16} aria-label={t('mailbox.important')} />}
                      {m.starred && <Icon name="heroicons_solid:star" size={16} aria-label={t('mailbox.starred')} />}
                    </Stack>
                    {m.labels.length > 0 && (
                      <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
                        {m.labels.map((id) => {
                          const l = labels.data?.find((x) => x.id === id);
                          return l ? (
                            <Box key={id} title={l.title} sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: LABEL_COLORS[l.color] }} />
                          ) : null;
                        })}
                      </Stack>
                    )}
                  </Box>
                </ListItemButton>
              ))}
            </List>
            {'totalResults' in data.pagination && (
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end', px: 2, py: 1, gap: 1 }}>
                <Typography variant="body2" color="text.secondary" role="status">
                  {t('mailbox.range', { from: data.pagination.startIndex + 1, to: data.pagination.endIndex + 1, total: data.pagination.totalResults })}
                </Typography>
                <IconButton aria-label={t('mailbox.previousPage')} disabled={page <= 1} onClick={() => go({ page: page - 1, mail: null })}>
                  <Icon name="heroicons_outline:chevron-left" size={20} />
                </IconButton>
                <IconButton aria-label={t('mailbox.nextPage')} disabled={page >= data.pagination.lastPage} onClick={() => go({ page: page + 1, mail: null })}>
                  <Icon name="heroicons_outline:chevron-right" size={20} />
                </IconButton>
              </Stack>
            )}
          </>
        )}
      </QueryView>
    </Box>
  );

  const mailPane = openId ? (
    <QueryView query={mail}>
      {(m) => (
        <MailView
          mail={m}
          labels={labels.data ?? []}
          onBack={wide && settings.data?.messageLayout !== 'full' ? undefined : () => go({ mail: null })}
          actions={{
            change: (changes) => change.mutate({ id: m.id, changes }),
            reply: (all) => setCompose(replyTo(m, email, all, quoteHeader(m))),
            forward: () => setCompose(forwardOf(m, quoteHeader(m))),
            editDraft: () => setCompose(fromDraft(m)),
            onFailed: failed,
          }}
        />
      )}
    </QueryView>
  ) : (
    <EmptyState icon="heroicons_outline:envelope-open" title={t('mailbox.noneOpenTitle')} text={t('mailbox.noneOpenText')} />
  );

  const full = settings.data?.messageLayout === 'full';
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        <Badge color="primary" badgeContent={folders.data?.[0]?.count ?? 0} max={999} sx={{ '& .MuiBadge-badge': { right: -16, top: 8 } }}>
          {t('mailbox.title')}
        </Badge>
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {wide ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: full && openId ? '240px 1fr' : '240px minmax(260px, 320px) 1fr', minHeight: 560 }}>
            <Box sx={{ borderRight: 1, borderColor: 'divider' }}>{navigation}</Box>
            {!(full && openId) && <Box sx={{ borderRight: 1, borderColor: 'divider', minWidth: 0 }}>{listPane}</Box>}
            <Box sx={{ minWidth: 0 }}>{mailPane}</Box>
          </Box>
        ) : openId ? (
          mailPane
        ) : (
          <>
            {scopePicker}
            {listPane}
          </>
        )}
      </Paper>
      <ComposeDialog
        start={compose}
        onClose={() => {
          setCompose(null);
          void refreshMailbox(qc);
        }}
        onSent={() => {
          setCompose(null);
          done(t('mailbox.sent'));
        }}
      />
      <LabelsDialog open={labelsOpen} onClose={() => setLabelsOpen(false)} onFailed={failed} />
      <ConfirmDialog
        open={emptying}
        title={t('mailbox.emptyTrashTitle')}
        text={t('mailbox.emptyTrashText')}
        confirmLabel={t('mailbox.emptyTrash')}
        destructive
        onClose={() => setEmptying(false)}
        onConfirm={() =>
          void emptyTrash()
            .then(async (r) => {
              setEmptying(false);
              go({ mail: null, page: 1 });
              await refreshMailbox(qc);
              done(t('mailbox.trashEmptied', { count: r.deleted }));
            })
            .catch(failed)
        }
      />
      {view}
    </Box>
  );
}
