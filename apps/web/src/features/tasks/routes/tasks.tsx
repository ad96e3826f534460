import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, InputAdornment, Link, List, ListItem, Paper, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { Task, TaskType } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { useNotices } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { EmptyState, QueryView } from '@/components/page-states';
import { useDebounced } from '@/lib/use-debounced';
import {
  deleteTask,
  moved,
  refreshTasks,
  reorderTasks,
  setOrderNow,
  taskSearchQuery,
  taskTagArea,
  taskTagsQuery,
  tasksKeys,
  tasksQuery,
  updateTask,
} from '../api/tasks-api';
import { MarkedTitle } from '../components/marked-title';
import { TaskDetail } from '../components/task-detail';
import { TaskList } from '../components/task-list';
import { TagsDialog } from '@/components/tags-dialog';

/**
 * /apps/tasks and /apps/tasks/{id}: the owner's tasks in sections, reordered by drag and drop or by
 * keyboard, searched on the server; a task's detail beside the list on a wide screen, on its own
 * page on a phone.
 */
export default function Tasks() {
  const { t } = useTranslation();
  const { id } = useParams();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const qc = useQueryClient();
  const navigate = useNavigate();
  const tasks = useQuery(tasksQuery);
  const tags = useQuery(taskTagsQuery);
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const found = useQuery(taskSearchQuery(query));
  const [tagsOpen, setTagsOpen] = useState(false);
  const [removing, setRemoving] = useState<Task | null>(null);
  const { done, failed, view } = useNotices();

  // /apps/tasks/new?type=…: the form of a new task or section, saved only when the owner saves it.
  const [searchParams] = useSearchParams();
  const creating: TaskType | undefined = id === 'new' ? (searchParams.get('type') === 'section' ? 'section' : 'task') : undefined;
  const reorder = useMutation({
    mutationFn: reorderTasks,
    onSuccess: (list) => qc.setQueryData(tasksKeys.list, list),
    onError: async (err) => {
      failed(err);
      await refreshTasks(qc);
    },
  });
  const toggle = useMutation({
    mutationFn: (task: Task) => updateTask(task.id, { completed: !task.completed }),
    onSuccess: () => refreshTasks(qc),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (task: Task) => deleteTask(task.id),
    onSuccess: async (_ok, task) => {
      setRemoving(null);
      await refreshTasks(qc);
      done(t('tasks.deleted', { name: task.title || t('tasks.untitled') }));
      if (task.id === id) void navigate('/apps/tasks');
    },
    onError: failed,
  });

  const onMove = (from: number, to: number) => {
    const list = qc.getQueryData<Task[]>(tasksKeys.list);
    if (!list) return;
    const next = moved(list, from, to);
    setOrderNow(qc, next);
    reorder.mutate(next.map((x) => x.id));
  };

  // On a phone the task is a page of its own.
  if (id && !wide) {
    return (
      <Box>
        <Button component={RouterLink} to="/apps/tasks" startIcon={<Icon name="heroicons_outline:arrow-left" size={18} />} sx={{ mb: 1 }}>
          {t('tasks.back')}
        </Button>
        <TaskDetail id={id} page creating={creating} />
      </Box>
    );
  }

  const open = (tasks.data ?? []).filter((x) => x.type === 'task' && !x.completed).length;
  const actions = (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button variant="outlined" startIcon={<Icon name="heroicons_outline:tag" size={20} />} onClick={() => setTagsOpen(true)}>
        {t('tasks.tags.manage')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<Icon name="heroicons_outline:bars-3-bottom-left" size={20} />}
        component={RouterLink}
        to="/apps/tasks/new?type=section"
      >
        {t('tasks.newSection')}
      </Button>
      <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} component={RouterLink} to="/apps/tasks/new?type=task">
        {t('tasks.new')}
      </Button>
    </Stack>
  );

  return (
    <Box>
      <PageHeader title={t('tasks.title')} subtitle={tasks.data ? t('tasks.remaining', { count: open }) : t('tasks.subtitle')} actions={actions} />
      <Box sx={{ display: 'grid', gridTemplateColumns: id ? { md: 'minmax(0, 1fr) 420px' } : '1fr', gap: 2, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>
          <TextField
            type="search"
            size="small"
            fullWidth
            label={t('tasks.searchLabel')}
            placeholder={t('tasks.searchPlaceholder')}
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
              htmlInput: { maxLength: 120 },
            }}
            sx={{ mb: 2 }}
          />
          {query ? (
            <Paper variant="outlined">
              <QueryView
                query={found}
                isEmpty={(d) => !d || d.length === 0}
                empty={<EmptyState icon="heroicons_outline:magnifying-glass" title={t('tasks.noMatchTitle')} text={t('tasks.noMatchText')} />}
              >
                {(results) => (
                  <List aria-label={t('tasks.searchResults')}>
                    {(results ?? []).map((r) => (
                      <ListItem key={r.id} divider>
                        <Link
                          component={RouterLink}
                          to={`/apps/tasks/${r.id}`}
                          underline="hover"
                          sx={{ overflowWrap: 'anywhere', '& mark': { bgcolor: 'warning.light', color: 'inherit', px: 0.25 } }}
                        >
                          <MarkedTitle html={r.title || t('tasks.untitled')} />
                        </Link>
                      </ListItem>
                    ))}
                  </List>
                )}
              </QueryView>
            </Paper>
          ) : (
            <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
              <QueryView
                query={tasks}
                isEmpty={(d) => d.length === 0}
                empty={
                  <EmptyState
                    icon="heroicons_outline:check-circle"
                    title={t('tasks.emptyTitle')}
                    text={t('tasks.emptyText')}
                    action={
                      <Button variant="contained" component={RouterLink} to="/apps/tasks/new?type=task">
                        {t('tasks.new')}
                      </Button>
                    }
                  />
                }
              >
                {(list) => (
                  <TaskList tasks={list} tags={tags.data ?? []} selected={id} onMove={onMove} onToggle={(x) => toggle.mutate(x)} onDelete={setRemoving} />
                )}
              </QueryView>
            </Paper>
          )}
          {!query && (tasks.data?.length ?? 0) > 1 && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {t('tasks.keyboardHint')}
            </Typography>
          )}
        </Box>
        {id && (
          <Paper component="aside" variant="outlined" sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
            <TaskDetail key={creating ?? id} id={id} creating={creating} />
          </Paper>
        )}
      </Box>
      <TagsDialog open={tagsOpen} onClose={() => setTagsOpen(false)} area={taskTagArea} />
      <ConfirmDialog
        open={removing !== null}
        title={t(removing?.type === 'section' ? 'tasks.deleteSectionTitle' : 'tasks.deleteTitle')}
        text={t('tasks.deleteText', { name: removing?.title || t('tasks.untitled') })}
        confirmLabel={t('tasks.delete')}
        destructive
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => remove.mutate(removing!)}
      />
      {view}
    </Box>
  );
}
