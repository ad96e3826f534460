import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { z } from 'zod/mini';
import { Autocomplete, Button, Chip, Stack, TextField } from '@mui/material';
import { BOARD_TEXT_MAX, text, type BoardCard, type BoardLabel } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/fields';
import { createLabel, deleteCard, refreshScrumboard, updateCard } from '../api/scrumboard-api';

interface CardFormValues {
  title: string;
  description: string;
  dueDate: string;
  labels: string[];
}
const ZCardForm = z.object({
  title: text(200, z.trim(), z.minLength(1)),
  description: text(BOARD_TEXT_MAX),
  dueDate: z.union([z.literal(''), z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))]),
  labels: z.array(z.string()),
});

/** A card on the form pattern: its title, description, due date and labels (a new label is made on the board as it is typed). */
export function CardDialog({ card, boardId, labels, onClose }: { card: BoardCard | null; boardId: string; labels: BoardLabel[]; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [removing, setRemoving] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <>
      <FormDialog<CardFormValues, BoardCard>
        open={!!card}
        title={t('scrumboard.card.title')}
        onClose={onClose}
        schema={ZCardForm}
        resetKey={card?.id}
        maxWidth="sm"
        defaultValues={() => ({
          title: card?.title ?? '',
          description: card?.description ?? '',
          dueDate: card?.dueDate ? card.dueDate.slice(0, 10) : '',
          labels: [...(card?.labels ?? [])],
        })}
        fieldOf={(p) => p.replace(/^card\./, '').replace(/\.\d+$/, '')}
        submit={(v) => updateCard(card!.id, { title: v.title.trim(), description: v.description.trim(), dueDate: v.dueDate || null, labels: v.labels })}
        onSuccess={async () => {
          await refreshScrumboard(qc);
          onClose();
        }}
        startAction={() => (
          <Button color="error" onClick={() => setRemoving(true)}>
            {t('scrumboard.card.delete')}
          </Button>
        )}
      >
        {({ form }) => (
          <Stack spacing={2}>
            <FormTextField control={form.control} name="title" label={t('scrumboard.fields.title')} fullWidth required autoFocus />
            <FormTextField control={form.control} name="description" label={t('scrumboard.fields.description')} fullWidth multiline minRows={3} />
            <FormTextField
              control={form.control}
              name="dueDate"
              type="date"
              label={t('scrumboard.fields.dueDate')}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Controller
              control={form.control}
              name="labels"
              render={({ field }) => (
                <Autocomplete<string, true, false, true>
                  multiple
                  freeSolo
                  options={labels.map((l) => l.id)}
                  value={field.value}
                  getOptionLabel={(o) => labels.find((l) => l.id === o)?.title ?? o}
                  onChange={async (_e, value) => {
                    const ids: string[] = [];
                    for (const v of value) {
                      if (labels.some((l) => l.id === v)) ids.push(v);
                      else if (v.trim()) {
                        const made = await createLabel(boardId, v.trim());
                        await refreshScrumboard(qc);
                        ids.push(made.id);
                      }
                    }
                    field.onChange(ids);
                  }}
                  renderValue={(value, getItemProps) =>
                    value.map((id, index) => {
                      const { key, ...item } = getItemProps({ index });
                      return <Chip key={key} size="small" label={labels.find((l) => l.id === id)?.title ?? id} {...item} />;
                    })
                  }
                  renderInput={(params) => <TextField {...params} label={t('scrumboard.fields.labels')} helperText={t('scrumboard.card.labelsHelp')} />}
                />
              )}
            />
          </Stack>
        )}
      </FormDialog>
      <ConfirmDialog
        open={removing}
        title={t('scrumboard.card.deleteTitle')}
        text={t('scrumboard.card.deleteText', { name: card?.title ?? '' })}
        confirmLabel={t('scrumboard.delete')}
        destructive
        pending={pending}
        onClose={() => setRemoving(false)}
        onConfirm={() => {
          setPending(true);
          void deleteCard(card!.id)
            .then(() => refreshScrumboard(qc))
            .then(() => {
              setRemoving(false);
              onClose();
            })
            .finally(() => setPending(false));
        }}
      />
    </>
  );
}
