import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  horizontalListSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, Button, Chip, IconButton, Link, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import type { BoardCard, BoardDetail, BoardLabel, BoardList } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { EmptyState, QueryView } from '@/components/page-states';
import { useNotices } from '@/components/notice';
import { boardQuery, createCard, createList, deleteList, refreshScrumboard, updateCard, updateList } from '../api/scrumboard-api';
import { CardDialog } from '../components/card-dialog';

/** The board as the drag works on it: lists in order, each with its cards' ids in order. */
interface Layout {
  lists: string[];
  cards: Record<string, string[]>;
}
const layoutOf = (b: BoardDetail): Layout => ({
  lists: b.lists.map((l) => l.id),
  cards: Object.fromEntries(b.lists.map((l) => [l.id, l.cards.map((c) => c.id)])),
});
const LIST = 'list:';
const CARD = 'card:';
const raw = (id: UniqueIdentifier) => String(id).replace(/^(list|card):/, '');

/** /apps/scrumboard/{id}: the board's lists as columns; cards and lists move by mouse, touch or keyboard. */
export default function BoardPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const board = useQuery(boardQuery(id));
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, minWidth: 0, overflowX: 'hidden' }}>
      <QueryView query={board}>
        {(b) => (
          <>
            <Link component={RouterLink} to="/apps/scrumboard" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
              <Icon name="heroicons_outline:arrow-left" size={16} />
              {t('scrumboard.back')}
            </Link>
            <PageHeader title={b.title} subtitle={b.description || undefined} />
            <BoardView board={b} />
          </>
        )}
      </QueryView>
    </Box>
  );
}

function BoardView({ board }: { board: BoardDetail }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { failed, view } = useNotices();
  const [layout, setLayout] = useState<Layout>(() => layoutOf(board));
  const [dragging, setDragging] = useState(false);
  const [open, setOpen] = useState<BoardCard | null>(null);
  // The server's order replaces the local one whenever a fresh board arrives and nothing is being dragged.
  useEffect(() => {
    if (!dragging) setLayout(layoutOf(board));
  }, [board, dragging]);

  const lists = useMemo(() => new Map(board.lists.map((l) => [l.id, l])), [board]);
  const cards = useMemo(() => new Map(board.lists.flatMap((l) => l.cards.map((c) => [c.id, c] as const))), [board]);
  const labels = useMemo(() => new Map(board.labels.map((l) => [l.id, l])), [board]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // Space picks up and drops; Enter is left to open a card.
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const containerOf = (itemId: UniqueIdentifier, l: Layout) => {
    const s = String(itemId);
    if (s.startsWith(LIST)) return raw(s);
    return l.lists.find((lid) => l.cards[lid]?.includes(raw(s)));
  };
  const nameOf = (itemId: UniqueIdentifier) => {
    const s = String(itemId);
    return s.startsWith(LIST) ? (lists.get(raw(s))?.title ?? '') : (cards.get(raw(s))?.title ?? '');
  };
  const placeOf = (itemId: UniqueIdentifier | undefined) => {
    if (itemId === undefined) return '';
    const s = String(itemId);
    if (s.startsWith(LIST)) {
      return t('scrumboard.dnd.listPlace', { place: layout.lists.indexOf(raw(s)) + 1, count: layout.lists.length });
    }
    const lid = containerOf(s, layout);
    if (!lid) return '';
    return t('scrumboard.dnd.cardPlace', {
      list: lists.get(lid)?.title ?? '',
      place: (layout.cards[lid]?.indexOf(raw(s)) ?? 0) + 1,
      count: layout.cards[lid]?.length ?? 0,
    });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('scrumboard.dnd.picked', { name: nameOf(active.id), place: placeOf(active.id) }),
    onDragOver: ({ active }) => t('scrumboard.dnd.moved', { name: nameOf(active.id), place: placeOf(active.id) }),
    onDragEnd: ({ active }) => t('scrumboard.dnd.dropped', { name: nameOf(active.id), place: placeOf(active.id) }),
    onDragCancel: ({ active }) => t('scrumboard.dnd.cancelled', { name: nameOf(active.id) }),
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over || String(active.id).startsWith(LIST)) return;
    setLayout((l) => {
      const from = containerOf(active.id, l);
      const to = containerOf(over.id, l);
      if (!from || !to || from === to) return l;
      const card = raw(active.id);
      const target = l.cards[to] ?? [];
      const at = String(over.id).startsWith(LIST) ? target.length : Math.max(0, target.indexOf(raw(over.id)));
      return {
        ...l,
        cards: { ...l.cards, [from]: (l.cards[from] ?? []).filter((c) => c !== card), [to]: [...target.slice(0, at), card, ...target.slice(at)] },
      };
    });
  };

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    let next = layout;
    let write: (() => Promise<unknown>) | null = null;
    if (over && String(active.id).startsWith(LIST)) {
      const a = layout.lists.indexOf(raw(active.id));
      const o = layout.lists.indexOf(containerOf(over.id, layout) ?? '');
      if (a >= 0 && o >= 0 && a !== o) {
        next = { ...layout, lists: arrayMove(layout.lists, a, o) };
        write = () => updateList({ id: raw(active.id), index: o });
      }
    } else if (over) {
      const lid = containerOf(active.id, layout);
      const card = cards.get(raw(active.id));
      if (lid && card) {
        const ids = layout.cards[lid] ?? [];
        const a = ids.indexOf(card.id);
        const o = String(over.id).startsWith(CARD) && ids.includes(raw(over.id)) ? ids.indexOf(raw(over.id)) : a;
        const moved = arrayMove(ids, a, o);
        next = { ...layout, cards: { ...layout.cards, [lid]: moved } };
        const index = moved.indexOf(card.id);
        const before = board.lists.find((l) => l.id === card.listId)?.cards.map((c) => c.id) ?? [];
        if (lid !== card.listId || before.indexOf(card.id) !== index) write = () => updateCard(card.id, { listId: lid, index });
      }
    }
    setLayout(next);
    try {
      if (write) await write();
    } catch (err) {
      failed(err);
    } finally {
      await refreshScrumboard(qc);
      setDragging(false);
    }
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('scrumboard.dnd.instructions') } }}
        onDragStart={() => setDragging(true)}
        onDragOver={onDragOver}
        onDragEnd={(e) => void onDragEnd(e)}
        onDragCancel={() => {
          setDragging(false);
          setLayout(layoutOf(board));
        }}
      >
        <Box
          role="region"
          aria-label={t('scrumboard.board.columns')}
          tabIndex={0}
          sx={{
            display: 'flex',
            gap: 2,
            alignItems: 'flex-start',
            overflowX: 'auto',
            pb: 2,
            // One column at a time on a phone: the row scrolls, never the page.
            scrollSnapType: { xs: 'x mandatory', sm: 'none' },
            overscrollBehaviorX: 'contain',
          }}
        >
          <SortableContext items={layout.lists.map((l) => LIST + l)} strategy={horizontalListSortingStrategy}>
            {layout.lists.map((lid) => {
              const list = lists.get(lid);
              return list ? (
                <Column key={lid} list={list} cardIds={layout.cards[lid] ?? []} cards={cards} labels={labels} onOpen={setOpen} onFailed={failed} />
              ) : null;
            })}
          </SortableContext>
          <AddList boardId={board.id} onFailed={failed} />
        </Box>
      </DndContext>
      {board.lists.length === 0 && (
        <EmptyState icon="heroicons_outline:view-columns" title={t('scrumboard.board.emptyTitle')} text={t('scrumboard.board.emptyText')} />
      )}
      <CardDialog card={open} boardId={board.id} labels={board.labels} onClose={() => setOpen(null)} />
      {view}
    </>
  );
}

const columnSx = { flex: '0 0 auto', width: { xs: 'calc(100vw - 64px)', sm: 300 }, maxWidth: 340, scrollSnapAlign: 'start' } as const;

function Column({
  list,
  cardIds,
  cards,
  labels,
  onOpen,
  onFailed,
}: {
  list: BoardList;
  cardIds: string[];
  cards: Map<string, BoardCard>;
  labels: Map<string, BoardLabel>;
  onOpen: (c: BoardCard) => void;
  onFailed: (e: unknown) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: LIST + list.id });
  const [title, setTitle] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [pending, setPending] = useState(false);
  const rename = async () => {
    const next = title?.trim();
    setTitle(null);
    if (!next || next === list.title) return;
    try {
      await updateList({ id: list.id, title: next });
    } catch (err) {
      onFailed(err);
    }
    await refreshScrumboard(qc);
  };
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-label={list.title}
      variant="outlined"
      data-testid="board-list"
      sx={{ ...columnSx, p: 1.5, bgcolor: 'action.hover', opacity: isDragging ? 0.6 : 1, transform: CSS.Translate.toString(transform), transition }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 1 }}>
        <Tooltip title={t('scrumboard.list.move', { name: list.title })}>
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            {...attributes}
            {...listeners}
            aria-label={t('scrumboard.list.move', { name: list.title })}
            sx={{ cursor: 'grab' }}
          >
            <Icon name="heroicons_outline:arrows-right-left" size={18} />
          </IconButton>
        </Tooltip>
        {title === null ? (
          <Typography component="h2" variant="subtitle1" sx={{ flex: 1, fontWeight: 600, wordBreak: 'break-word' }}>
            {list.title}
          </Typography>
        ) : (
          <TextField
            size="small"
            autoFocus
            fullWidth
            value={title}
            label={t('scrumboard.list.name')}
            onChange={(e) => setTitle(e.target.value)}
            onBlur={() => void rename()}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void rename();
              if (e.key === 'Escape') setTitle(null);
            }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        )}
        <Tooltip title={t('scrumboard.list.rename', { name: list.title })}>
          <IconButton size="small" aria-label={t('scrumboard.list.rename', { name: list.title })} onClick={() => setTitle(list.title)}>
            <Icon name="heroicons_outline:pencil-square" size={18} />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('scrumboard.list.delete', { name: list.title })}>
          <IconButton size="small" aria-label={t('scrumboard.list.delete', { name: list.title })} onClick={() => setRemoving(true)}>
            <Icon name="heroicons_outline:trash" size={18} />
          </IconButton>
        </Tooltip>
      </Stack>
      <SortableContext items={cardIds.map((c) => CARD + c)} strategy={verticalListSortingStrategy}>
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, minHeight: 8 }}>
          {cardIds.map((cid) => {
            const card = cards.get(cid);
            return card ? <CardTile key={cid} card={card} labels={labels} onOpen={onOpen} /> : null;
          })}
        </Stack>
      </SortableContext>
      <AddCard listId={list.id} onFailed={onFailed} />
      <ConfirmDialog
        open={removing}
        title={t('scrumboard.list.deleteTitle')}
        text={t('scrumboard.list.deleteText', { name: list.title, count: list.cards.length })}
        confirmLabel={t('scrumboard.delete')}
        destructive
        pending={pending}
        onClose={() => setRemoving(false)}
        onConfirm={() => {
          setPending(true);
          void deleteList(list.id)
            .then(() => refreshScrumboard(qc))
            .then(() => setRemoving(false), onFailed)
            .finally(() => setPending(false));
        }}
      />
    </Paper>
  );
}

function CardTile({ card, labels, onOpen }: { card: BoardCard; labels: Map<string, BoardLabel>; onOpen: (c: BoardCard) => void }) {
  const { t, i18n } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: CARD + card.id });
  const due = card.dueDate ? new Date(card.dueDate) : null;
  const overdue = due !== null && due.getTime() < Date.now();
  return (
    <Box component="li" ref={setNodeRef} sx={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}>
      <Paper
        {...attributes}
        {...listeners}
        aria-roledescription={t('scrumboard.dnd.card')}
        data-testid="board-card"
        onClick={() => onOpen(card)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onOpen(card);
          else listeners?.onKeyDown?.(e);
        }}
        sx={{ p: 1.5, cursor: 'grab', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' } }}
      >
        {card.labels.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mb: 1 }}>
            {card.labels.map((l) => (labels.get(l) ? <Chip key={l} size="small" color="primary" variant="outlined" label={labels.get(l)!.title} /> : null))}
          </Stack>
        )}
        <Typography data-testid="board-card-title" sx={{ wordBreak: 'break-word' }}>
          {card.title}
        </Typography>
        {due && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 1, color: overdue ? 'error.main' : 'text.secondary' }}>
            <Icon name="heroicons_outline:clock" size={16} />
            <Typography variant="body2" component="span">
              {t('scrumboard.card.due', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(due) })}
            </Typography>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}

/** An inline field that adds what is typed on Enter and stays open for the next one; Escape closes it. */
function InlineAdd({ label, addLabel, onAdd }: { label: string; addLabel: string; onAdd: (title: string) => Promise<void> }) {
  const { t } = useTranslation();
  const cancelLabel = t('scrumboard.cancel');
  const [value, setValue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    const title = value?.trim();
    if (!title || busy) return;
    setBusy(true);
    try {
      await onAdd(title);
      setValue('');
    } finally {
      setBusy(false);
    }
  };
  if (value === null)
    return (
      <Button fullWidth startIcon={<Icon name="heroicons_outline:plus" size={18} />} onClick={() => setValue('')} sx={{ mt: 1, justifyContent: 'flex-start' }}>
        {addLabel}
      </Button>
    );
  return (
    <Box
      component="form"
      sx={{ mt: 1 }}
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <TextField
        size="small"
        fullWidth
        autoFocus
        label={label}
        value={value}
        // Not disabled while sending: the field keeps the focus, so the next title follows at once.
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setValue(null);
        }}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" size="small" disabled={busy || !value.trim()}>
          {addLabel}
        </Button>
        <Button size="small" onClick={() => setValue(null)}>
          {cancelLabel}
        </Button>
      </Stack>
    </Box>
  );
}

function AddCard({ listId, onFailed }: { listId: string; onFailed: (e: unknown) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <InlineAdd
      label={t('scrumboard.card.name')}
      addLabel={t('scrumboard.card.add')}
      onAdd={async (title) => {
        try {
          await createCard(listId, title);
        } catch (err) {
          onFailed(err);
        }
        await refreshScrumboard(qc);
      }}
    />
  );
}

function AddList({ boardId, onFailed }: { boardId: string; onFailed: (e: unknown) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <Box sx={{ ...columnSx, pt: 0 }}>
      <InlineAdd
        label={t('scrumboard.list.name')}
        addLabel={t('scrumboard.list.add')}
        onAdd={async (title) => {
          try {
            await createList(boardId, title);
          } catch (err) {
            onFailed(err);
          }
          await refreshScrumboard(qc);
        }}
      />
    </Box>
  );
}
