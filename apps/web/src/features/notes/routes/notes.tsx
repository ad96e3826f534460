import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  ButtonBase,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  Chip,
  IconButton,
  InputAdornment,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Note } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { useNotices } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { EmptyState, QueryView, allOf } from '@/components/page-states';
import { deleteNote, labelsQuery, noteLabelArea, notesKeys, notesQuery, refreshNotes, updateNote } from '../api/notes-api';
import { TagsDialog } from '@/components/tags-dialog';
import { NoteDialog } from '../components/note-dialog';

/**
 * /apps/notes: the owner's notes as cards, by label or archived, searched as one types; a note opens
 * in a dialog (`?note=<id>`, where a reminder's notification leads).
 */
export default function Notes() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const notes = useQuery(notesQuery);
  const labels = useQuery(labelsQuery);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [removing, setRemoving] = useState<Note | null>(null);
  const { done, failed, view } = useNotices();
  const filter = params.get('filter') ?? 'notes';
  const labelId = filter.startsWith('label:') ? filter.slice(6) : undefined;
  const openId = params.get('note');
  const opened = openId ? notes.data?.find((n) => n.id === openId) : undefined;

  const setQuery = (changes: Record<string, string | null>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });

  const shown = useMemo(() => {
    const q = search.trim().toLocaleLowerCase(i18n.language);
    return (notes.data ?? []).filter(
      (n) =>
        (filter === 'archived' ? n.archived : !n.archived) &&
        (!labelId || n.labels.some((l) => l.id === labelId)) &&
        (!q || `${n.title}\n${n.content}\n${(n.tasks ?? []).map((x) => x.content).join('\n')}`.toLocaleLowerCase(i18n.language).includes(q)),
    );
  }, [notes.data, filter, labelId, search, i18n.language]);

  const change = useMutation({
    mutationFn: ({ note, changes }: { note: Note; changes: Parameters<typeof updateNote>[1] }) => updateNote(note.id, changes),
    // A ticked item or an archived note shows so at once; the server's answer, or a reload after a failure, settles it.
    onMutate: ({ note, changes }) => {
      const next = {
        ...note,
        ...(changes.tasks !== undefined
          ? { tasks: (changes.tasks ?? []).map((x) => ({ id: x.id ?? '', content: x.content, completed: x.completed ?? false })) }
          : {}),
        ...(changes.archived !== undefined ? { archived: changes.archived } : {}),
      };
      qc.setQueryData<Note[]>(notesKeys.list, (old) => old?.map((n) => (n.id === note.id ? next : n)));
    },
    onSuccess: (saved) => {
      qc.setQueryData<Note[]>(notesKeys.list, (old) => old?.map((n) => (n.id === saved.id ? saved : n)));
      void refreshNotes(qc);
    },
    onError: (err) => {
      failed(err);
      void refreshNotes(qc);
    },
  });
  const remove = useMutation({
    mutationFn: (note: Note) => deleteNote(note.id),
    onSuccess: async (_ok, note) => {
      setRemoving(null);
      await refreshNotes(qc);
      done(t('notes.deleted', { name: note.title || t('notes.untitled') }));
    },
    onError: failed,
  });

  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setCreating(true)}>
      {t('notes.new')}
    </Button>
  );

  return (
    <Box>
      <PageHeader
        title={t('notes.title')}
        subtitle={t('notes.subtitle')}
        actions={
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" startIcon={<Icon name="heroicons_outline:tag" size={20} />} onClick={() => setLabelsOpen(true)}>
              {t('notes.labels.manage')}
            </Button>
            {newButton}
          </Stack>
        }
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <Tabs
          value={filter}
          onChange={(_e, value: string) => setQuery({ filter: value === 'notes' ? null : value })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('notes.filterLabel')}
          sx={{ flex: 1, minWidth: 0 }}
        >
          <Tab value="notes" label={t('notes.all')} />
          {(labels.data ?? []).map((l) => (
            <Tab key={l.id} value={`label:${l.id}`} label={l.title} />
          ))}
          <Tab value="archived" label={t('notes.archive')} />
        </Tabs>
        <TextField
          type="search"
          size="small"
          label={t('notes.searchLabel')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Icon name="heroicons_outline:magnifying-glass" size={20} />
                </InputAdornment>
              ),
            },
          }}
          sx={{ width: { xs: '100%', md: 260 } }}
        />
      </Stack>
      <QueryView
        query={allOf(notes, labels)}
        isEmpty={([list]) => list.length === 0}
        empty={<EmptyState icon="heroicons_outline:pencil-square" title={t('notes.emptyTitle')} text={t('notes.emptyText')} action={newButton} />}
      >
        {() =>
          shown.length === 0 ? (
            <EmptyState
              icon={filter === 'archived' ? 'heroicons_outline:archive-box' : 'heroicons_outline:magnifying-glass'}
              title={filter === 'archived' && !search ? t('notes.archiveEmptyTitle') : t('notes.noMatchTitle')}
              text={filter === 'archived' && !search ? t('notes.archiveEmptyText') : t('notes.noMatchText')}
            />
          ) : (
            <Box
              component="ul"
              aria-label={t('notes.listLabel')}
              sx={{ listStyle: 'none', m: 0, p: 0, columnCount: { xs: 1, sm: 2, lg: 3, xl: 4 }, columnGap: 2 }}
            >
              {shown.map((note) => {
                const name = note.title || t('notes.untitled');
                return (
                  <Box component="li" key={note.id} sx={{ breakInside: 'avoid', mb: 2 }}>
                    <Card variant="outlined" data-testid="note-card">
                      {note.image && (
                        <Box
                          component="img"
                          src={note.image}
                          alt=""
                          loading="lazy"
                          sx={{ display: 'block', width: '100%', maxHeight: 220, objectFit: 'cover' }}
                        />
                      )}
                      <ButtonBase
                        onClick={() => setQuery({ note: note.id })}
                        aria-label={t('notes.open', { name })}
                        sx={{ display: 'block', width: '100%', textAlign: 'left', borderRadius: 0 }}
                      >
                        <CardContent sx={{ pb: note.tasks?.length ? 0.5 : 2 }}>
                          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                            {name}
                          </Typography>
                          {note.content && (
                            <Typography
                              variant="body2"
                              sx={{
                                color: 'text.secondary',
                                whiteSpace: 'pre-wrap',
                                overflowWrap: 'anywhere',
                                mt: 0.5,
                                display: '-webkit-box',
                                WebkitLineClamp: 8,
                                WebkitBoxOrient: 'vertical',
                                overflow: 'hidden',
                              }}
                            >
                              {note.content}
                            </Typography>
                          )}
                        </CardContent>
                      </ButtonBase>
                      {note.tasks && note.tasks.length > 0 && (
                        <Box component="ul" aria-label={t('notes.checklistOf', { name })} sx={{ listStyle: 'none', m: 0, px: 1, py: 0 }}>
                          {note.tasks.map((item) => (
                            <Box component="li" key={item.id} sx={{ display: 'flex', alignItems: 'center' }}>
                              <Checkbox
                                size="small"
                                checked={item.completed}
                                disabled={change.isPending}
                                onChange={() =>
                                  change.mutate({
                                    note,
                                    changes: { tasks: (note.tasks ?? []).map((x) => (x.id === item.id ? { ...x, completed: !x.completed } : x)) },
                                  })
                                }
                                slotProps={{ input: { 'aria-label': item.content } }}
                              />
                              <Typography
                                variant="body2"
                                sx={{
                                  overflowWrap: 'anywhere',
                                  textDecoration: item.completed ? 'line-through' : undefined,
                                  color: item.completed ? 'text.secondary' : 'text.primary',
                                }}
                              >
                                {item.content}
                              </Typography>
                            </Box>
                          ))}
                        </Box>
                      )}
                      {(note.labels.length > 0 || note.reminder) && (
                        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pt: 1 }}>
                          {note.reminder && (
                            <Chip
                              size="small"
                              variant="outlined"
                              icon={<Icon name="heroicons_outline:bell" size={14} />}
                              label={dateTime.format(new Date(note.reminder))}
                            />
                          )}
                          {note.labels.map((l) => (
                            <Chip key={l.id} size="small" label={l.title} />
                          ))}
                        </Stack>
                      )}
                      <CardActions sx={{ justifyContent: 'flex-end' }}>
                        <Tooltip title={t(note.archived ? 'notes.unarchive' : 'notes.archiveOne', { name })}>
                          <IconButton
                            size="small"
                            aria-label={t(note.archived ? 'notes.unarchive' : 'notes.archiveOne', { name })}
                            disabled={change.isPending}
                            onClick={() => change.mutate({ note, changes: { archived: !note.archived } })}
                          >
                            <Icon name={note.archived ? 'heroicons_outline:arrow-up-tray' : 'heroicons_outline:archive-box'} size={20} />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('notes.deleteOne', { name })}>
                          <IconButton size="small" aria-label={t('notes.deleteOne', { name })} onClick={() => setRemoving(note)}>
                            <Icon name="heroicons_outline:trash" size={20} />
                          </IconButton>
                        </Tooltip>
                      </CardActions>
                    </Card>
                  </Box>
                );
              })}
            </Box>
          )
        }
      </QueryView>
      <NoteDialog
        open={creating || !!opened}
        note={creating ? undefined : opened}
        label={labelId}
        onClose={() => {
          setCreating(false);
          if (openId) setQuery({ note: null });
        }}
        onSaved={(n) => done(t('notes.saved', { name: n.title || t('notes.untitled') }))}
      />
      <TagsDialog open={labelsOpen} onClose={() => setLabelsOpen(false)} area={noteLabelArea} />
      <ConfirmDialog
        open={removing !== null}
        title={t('notes.deleteTitle')}
        text={t('notes.deleteText', { name: removing?.title || t('notes.untitled') })}
        confirmLabel={t('notes.delete')}
        destructive
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => remove.mutate(removing!)}
      />
      {view}
    </Box>
  );
}
