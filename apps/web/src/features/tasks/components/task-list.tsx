import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, Checkbox, Chip, IconButton, Link, ListItemIcon, ListItemText, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import type { Task, TaskTag } from '@cuadre/contracts';
import { Icon } from '@/components/icon';

export interface TaskListProps {
  tasks: Task[];
  tags: TaskTag[];
  selected?: string;
  /** Moves the task at `from` to `to` (a drag, Alt+arrow or the menu). */
  onMove: (from: number, to: number) => void;
  onToggle: (task: Task) => void;
  onDelete: (task: Task) => void;
}

/**
 * The owner's tasks and sections in their order. Reordered by dragging the handle with a pointer, by
 * the handle with the keyboard (Space picks up, arrows move, Space drops, Escape cancels), with
 * Alt+ArrowUp / Alt+ArrowDown anywhere on a row, or from the row's menu.
 */
export function TaskList({ tasks, tags, selected, onMove, onToggle, onDelete }: TaskListProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [focusId, setFocusId] = useState<string>();
  const [said, setSaid] = useState('');
  const tagTitle = new Map(tags.map((x) => [x.id, x.title]));
  const nameOf = (task: Task | undefined) => (task ? task.title || t(task.type === 'section' ? 'tasks.untitledSection' : 'tasks.untitled') : '');
  const position = (id: string | number) => tasks.findIndex((x) => x.id === id) + 1;
  const byId = (id: string | number) => tasks.find((x) => x.id === id);

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('tasks.dnd.picked', { name: nameOf(byId(active.id)), position: position(active.id), total: tasks.length }),
    onDragOver: ({ active, over }) =>
      over ? t('tasks.dnd.over', { name: nameOf(byId(active.id)), position: position(over.id), total: tasks.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('tasks.dnd.dropped', { name: nameOf(byId(active.id)), position: position(over.id), total: tasks.length }) : undefined,
    onDragCancel: ({ active }) => t('tasks.dnd.cancelled', { name: nameOf(byId(active.id)) }),
  };

  const move = (from: number, to: number, keyboard = false) => {
    if (to < 0 || to >= tasks.length || from === to) return;
    const task = tasks[from]!;
    onMove(from, to);
    if (keyboard) {
      setFocusId(task.id);
      setSaid(t('tasks.dnd.dropped', { name: nameOf(task), position: to + 1, total: tasks.length }));
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(position(active.id) - 1, position(over.id) - 1);
    setFocusId(String(active.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('tasks.dnd.instructions') } }}
    >
      <SortableContext items={tasks.map((x) => x.id)} strategy={verticalListSortingStrategy}>
        <Box component="ol" aria-label={t('tasks.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {tasks.map((task, i) => (
            <TaskRow
              key={task.id}
              task={task}
              index={i}
              count={tasks.length}
              name={nameOf(task)}
              tagTitle={tagTitle}
              selected={task.id === selected}
              focus={task.id === focusId}
              onFocused={() => setFocusId(undefined)}
              onMove={(to) => move(i, to, true)}
              onToggle={() => onToggle(task)}
              onDelete={() => onDelete(task)}
            />
          ))}
        </Box>
      </SortableContext>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {said}
      </Box>
    </DndContext>
  );
}

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const PRIORITY = {
  0: { icon: 'heroicons_outline:arrow-down', color: 'text.secondary', key: 'tasks.priority.low' },
  2: { icon: 'heroicons_outline:arrow-up', color: 'error.main', key: 'tasks.priority.high' },
} as const;

function TaskRow({
  task,
  index,
  count,
  name,
  tagTitle,
  selected,
  focus,
  onFocused,
  onMove,
  onToggle,
  onDelete,
}: {
  task: Task;
  index: number;
  count: number;
  name: string;
  tagTitle: Map<string, string>;
  selected: boolean;
  focus: boolean;
  onFocused: () => void;
  onMove: (to: number) => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: task.id });
  const handle = useRef<HTMLButtonElement | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const section = task.type === 'section';

  // After a move by keyboard the row is put back under the reader's focus (the list re-rendered around it).
  useEffect(() => {
    if (focus) {
      handle.current?.focus();
      onFocused();
    }
  }, [focus, onFocused]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    onMove(e.key === 'ArrowUp' ? index - 1 : index + 1);
  };
  const priority = task.priority === 1 ? undefined : PRIORITY[task.priority];
  const due = task.dueDate ? new Date(task.dueDate) : undefined;
  const late = due && !task.completed && due.getTime() < Date.now();

  return (
    <Box
      component="li"
      ref={setNodeRef}
      onKeyDown={onKeyDown}
      data-testid="task-row"
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        minHeight: 56,
        px: { xs: 0.5, sm: 1 },
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: isDragging ? 'action.hover' : selected ? 'action.selected' : section ? 'background.default' : 'background.paper',
        boxShadow: isDragging ? 4 : undefined,
      }}
    >
      <Tooltip title={t('tasks.dragHandle', { name })}>
        <IconButton
          ref={(el) => {
            handle.current = el;
            setActivatorNodeRef(el);
          }}
          size="small"
          {...attributes}
          {...listeners}
          aria-label={t('tasks.dragHandle', { name })}
          aria-roledescription={t('tasks.dnd.role')}
          sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none', color: 'text.secondary' }}
        >
          <Icon name="heroicons_outline:bars-3" size={20} />
        </IconButton>
      </Tooltip>
      {!section && (
        <Checkbox
          checked={task.completed}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': t(task.completed ? 'tasks.markOpen' : 'tasks.markDone', { name }) } }}
          sx={{ p: 0.75 }}
        />
      )}
      <Box sx={{ flex: 1, minWidth: 0, py: 1 }}>
        {section ? (
          <Typography component="h2" variant="overline" sx={{ fontWeight: 700, fontSize: '0.8rem', lineHeight: 1.6 }}>
            <Link component={RouterLink} to={`/apps/tasks/${task.id}`} color="inherit" underline="hover">
              {name}
            </Link>
          </Typography>
        ) : (
          <Link
            component={RouterLink}
            to={`/apps/tasks/${task.id}`}
            color={task.completed ? 'text.secondary' : 'text.primary'}
            underline="hover"
            sx={{ display: 'block', overflowWrap: 'anywhere', textDecoration: task.completed ? 'line-through' : undefined, fontWeight: 500 }}
          >
            {name}
          </Link>
        )}
        {!section && (priority || due || task.tags.length > 0 || task.subTasks.length > 0) && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5, alignItems: 'center' }}>
            {priority && (
              <Chip
                size="small"
                variant="outlined"
                icon={<Icon name={priority.icon} size={14} />}
                label={t(priority.key)}
                sx={{ color: priority.color, borderColor: 'divider' }}
              />
            )}
            {due && (
              <Chip
                size="small"
                variant="outlined"
                color={late ? 'error' : 'default'}
                icon={<Icon name="heroicons_outline:calendar" size={14} />}
                label={new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(due)}
              />
            )}
            {task.subTasks.length > 0 && (
              <Chip
                size="small"
                variant="outlined"
                label={t('tasks.subtasksDone', { done: task.subTasks.filter((s) => s.completed).length, total: task.subTasks.length })}
              />
            )}
            {task.tags.map((id) => (
              <Chip key={id} size="small" label={tagTitle.get(id) ?? '…'} />
            ))}
          </Stack>
        )}
      </Box>
      <Tooltip title={t('tasks.more', { name })}>
        <IconButton size="small" aria-label={t('tasks.more', { name })} aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)}>
          <Icon name="heroicons_outline:ellipsis-vertical" size={20} />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem
          disabled={index === 0}
          onClick={() => {
            setMenu(null);
            onMove(index - 1);
          }}
        >
          <ListItemIcon>
            <Icon name="heroicons_outline:arrow-up" size={18} />
          </ListItemIcon>
          <ListItemText primary={t('tasks.moveUp')} secondary="Alt+↑" />
        </MenuItem>
        <MenuItem
          disabled={index === count - 1}
          onClick={() => {
            setMenu(null);
            onMove(index + 1);
          }}
        >
          <ListItemIcon>
            <Icon name="heroicons_outline:arrow-down" size={18} />
          </ListItemIcon>
          <ListItemText primary={t('tasks.moveDown')} secondary="Alt+↓" />
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenu(null);
            onDelete();
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <Icon name="heroicons_outline:trash" size={18} />
          </ListItemIcon>
          <ListItemText primary={t('tasks.delete')} />
        </MenuItem>
      </Menu>
    </Box>
  );
}
