import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { z } from 'zod/mini';
import { Autocomplete, Box, Button, Checkbox, Chip, FormControlLabel, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { text, type Task, type TaskChanges, type TaskTag, type TaskType } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ChecklistField, type ChecklistTexts } from '@/components/form/checklist-field';
import { FormFooter, FormTextField } from '@/components/form/fields';
import { useAppForm } from '@/components/form/use-app-form';
import { Icon } from '@/components/icon';
import { QueryView } from '@/components/page-states';
import { createTaskTag, createTaskWith, deleteTask, refreshTasks, taskQuery, taskTagsQuery, tasksKeys, updateTask } from '../api/tasks-api';

/** The subtasks' words (the checklist field's). */
const SUBTASK_TEXTS: ChecklistTexts = {
  legend: 'tasks.fields.subTasks',
  item: 'tasks.fields.subTask',
  done: 'tasks.fields.subTaskDone',
  remove: 'tasks.fields.removeSubTask',
  add: 'tasks.fields.addSubTask',
};

export interface TaskFormValues {
  title: string;
  notes: string;
  completed: boolean;
  dueDate: string;
  priority: '0' | '1' | '2';
  tags: string[];
  subTasks: { id?: string; title: string; completed: boolean }[];
}

/** The form's values, checked with the contract's own pieces. */
export const ZTaskForm = z.object({
  title: text(300),
  notes: text(20_000),
  completed: z.boolean(),
  dueDate: z.union([z.literal(''), z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))]),
  priority: z.enum(['0', '1', '2']),
  tags: z.array(z.string()),
  subTasks: z.array(z.object({ id: z.optional(z.string()), title: text(300, z.trim(), z.minLength(1)), completed: z.boolean() })),
});

/** A new task or section is named before it is saved: an empty one is not made by a click. */
export const ZNewTaskForm = z.extend(ZTaskForm, { title: text(300, z.trim(), z.minLength(1)) });

export const toFormValues = (task: Task): TaskFormValues => ({
  title: task.title,
  notes: task.notes,
  completed: task.completed,
  dueDate: task.dueDate ? task.dueDate.slice(0, 10) : '',
  priority: String(task.priority) as TaskFormValues['priority'],
  tags: [...task.tags],
  subTasks: task.subTasks.map((s) => ({ ...s })),
});

export const toChanges = (v: TaskFormValues, type: Task['type']): TaskChanges =>
  type === 'section'
    ? { title: v.title.trim() }
    : {
        title: v.title.trim(),
        notes: v.notes,
        completed: v.completed,
        dueDate: v.dueDate || null,
        priority: Number(v.priority) as 0 | 1 | 2,
        tags: v.tags,
        subTasks: v.subTasks.map((s) => ({ ...(s.id ? { id: s.id } : {}), title: s.title.trim(), completed: s.completed })),
      };

/** A task or section not yet saved: the form of a new one. */
const blank = (type: TaskType): Task => ({
  id: '',
  type,
  title: '',
  notes: '',
  completed: false,
  dueDate: null,
  priority: 1,
  tags: [],
  assignedTo: null,
  subTasks: [],
  order: 0,
});

/**
 * One task or section: read, changed and saved, deleted after a question. A side panel on a wide
 * screen, a page on a phone (`page`: its heading is the page's). `creating` shows the form of a new one
 * instead, made only when saved (docs/product.md, "Records made by a click").
 */
export function TaskDetail({ id, page = false, creating }: { id: string; page?: boolean; creating?: TaskType }) {
  const { t } = useTranslation();
  const task = useQuery({ ...taskQuery(id), enabled: !creating });
  const tags = useQuery(taskTagsQuery);
  const heading = creating
    ? t(creating === 'section' ? 'tasks.detail.newSectionTitle' : 'tasks.detail.newTitle')
    : task.data?.type === 'section'
      ? t('tasks.detail.sectionTitle')
      : t('tasks.detail.title');
  return (
    <Box component="section" aria-labelledby="task-detail-title" sx={{ p: { xs: 0, md: 2.5 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="task-detail-title" component={page ? 'h1' : 'h2'} variant="h6">
          {heading}
        </Typography>
        <Tooltip title={t('tasks.detail.close')}>
          <IconButton component={RouterLink} to="/apps/tasks" aria-label={t('tasks.detail.close')}>
            <Icon name="heroicons_outline:x-mark" size={22} />
          </IconButton>
        </Tooltip>
      </Stack>
      {creating ? (
        <TaskForm key={`new-${creating}`} task={blank(creating)} tags={tags.data ?? []} />
      ) : (
        <QueryView query={task}>{(data) => <TaskForm key={data.id} task={data} tags={tags.data ?? []} />}</QueryView>
      )}
    </Box>
  );
}

function TaskForm({ task, tags }: { task: Task; tags: TaskTag[] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const section = task.type === 'section';
  const isNew = !task.id;
  const app = useAppForm<TaskFormValues, Task>(isNew ? ZNewTaskForm : ZTaskForm, {
    defaultValues: toFormValues(task),
    submit: (v) => (isNew ? createTaskWith(task.type, toChanges(v, task.type)) : updateTask(task.id, toChanges(v, task.type))),
    successText: t('tasks.detail.saved'),
    fieldOf: (p) => p.replace(/^task\./, ''),
    onSuccess: (saved) => {
      qc.setQueryData(tasksKeys.one(saved.id), saved);
      void refreshTasks(qc);
      // A new one, once saved, is shown as any other (its own address), still saying it was saved.
      if (isNew) void navigate(`/apps/tasks/${saved.id}`, { replace: true, state: { saved: true } });
    },
  });
  const { form } = app;
  // Just made from the form of a new one (which said "Saved" as it went): said here until a change.
  const justMade = (useLocation().state as { saved?: boolean } | null)?.saved === true && !form.formState.isDirty;
  const remove = useMutation({
    mutationFn: () => deleteTask(task.id),
    onSuccess: async () => {
      setConfirming(false);
      qc.removeQueries({ queryKey: tasksKeys.one(task.id) });
      await refreshTasks(qc);
      void navigate('/apps/tasks');
    },
  });

  return (
    <Box component="form" noValidate onSubmit={app.onSubmit}>
      <Stack spacing={2}>
        <FormTextField
          control={form.control}
          name="title"
          label={t(section ? 'tasks.fields.sectionTitle' : 'tasks.fields.title')}
          fullWidth
          required={isNew}
          autoFocus={!task.title}
        />
        {!section && (
          <>
            <Controller
              control={form.control}
              name="completed"
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                  label={t('tasks.fields.completed')}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                control={form.control}
                name="dueDate"
                type="date"
                label={t('tasks.fields.dueDate')}
                fullWidth
                helperText={t('tasks.fields.dueDateHelp')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <FormTextField control={form.control} name="priority" select label={t('tasks.fields.priority')} fullWidth>
                <MenuItem value="0">{t('tasks.priority.low')}</MenuItem>
                <MenuItem value="1">{t('tasks.priority.normal')}</MenuItem>
                <MenuItem value="2">{t('tasks.priority.high')}</MenuItem>
              </FormTextField>
            </Stack>
            <Controller
              control={form.control}
              name="tags"
              render={({ field }) => (
                <Autocomplete<string, true, false, true>
                  multiple
                  freeSolo
                  options={tags.map((x) => x.id)}
                  value={field.value}
                  getOptionLabel={(o) => tags.find((x) => x.id === o)?.title ?? o}
                  onChange={async (_e, value) => {
                    const ids: string[] = [];
                    for (const v of value) {
                      if (tags.some((x) => x.id === v)) ids.push(v);
                      else if (v.trim()) {
                        const made = await createTaskTag(v.trim());
                        await qc.invalidateQueries({ queryKey: taskTagsQuery.queryKey });
                        ids.push(made.id);
                      }
                    }
                    field.onChange(ids);
                  }}
                  renderValue={(value, getItemProps) =>
                    value.map((o, index) => {
                      const { key, ...rest } = getItemProps({ index });
                      return <Chip key={key} size="small" label={tags.find((x) => x.id === o)?.title ?? o} {...rest} />;
                    })
                  }
                  renderInput={(params) => <TextField {...params} label={t('tasks.fields.tags')} helperText={t('tasks.fields.tagsHelp')} />}
                />
              )}
            />
            <FormTextField control={form.control} name="notes" label={t('tasks.fields.notes')} fullWidth multiline minRows={3} />
            <ChecklistField control={form.control} name="subTasks" textKey="title" texts={SUBTASK_TEXTS} />
          </>
        )}
        <FormFooter
          formError={app.formError}
          success={app.success ?? (justMade ? t('tasks.detail.saved') : undefined)}
          pending={app.pending}
          submitLabel={t('tasks.detail.save')}
          extra={
            isNew ? undefined : (
              <Button color="error" onClick={() => setConfirming(true)} startIcon={<Icon name="heroicons_outline:trash" size={18} />}>
                {t('tasks.delete')}
              </Button>
            )
          }
        />
      </Stack>
      {app.leaveDialog}
      <ConfirmDialog
        open={confirming}
        title={t(section ? 'tasks.deleteSectionTitle' : 'tasks.deleteTitle')}
        text={t('tasks.deleteText', { name: task.title || t(section ? 'tasks.untitledSection' : 'tasks.untitled') })}
        confirmLabel={t('tasks.delete')}
        destructive
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      />
    </Box>
  );
}
