import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Stack } from '@mui/material';
import { BOARD_TEXT_MAX, text, type Board } from '@cuadre/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/fields';
import { createBoard, refreshScrumboard, updateBoard } from '../api/scrumboard-api';

interface BoardFormValues {
  title: string;
  description: string;
}
const ZBoardForm = z.object({ title: text(200, z.trim(), z.minLength(1)), description: text(BOARD_TEXT_MAX) });

/** A new board (`board` undefined) or a board's title and description (`board` given). */
export function BoardFormDialog({ open, board, onClose, onSaved }: { open: boolean; board?: Board; onClose: () => void; onSaved?: (b: Board) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <FormDialog<BoardFormValues, Board>
      open={open}
      title={board ? t('scrumboard.boards.renameTitle') : t('scrumboard.boards.newTitle')}
      onClose={onClose}
      schema={ZBoardForm}
      resetKey={board?.id}
      maxWidth="sm"
      defaultValues={() => ({ title: board?.title ?? '', description: board?.description ?? '' })}
      fieldOf={(p) => p.replace(/^board\./, '')}
      submit={(v) => {
        const fields = { title: v.title.trim(), description: v.description.trim() };
        return board ? updateBoard(board.id, fields) : createBoard(fields);
      }}
      onSuccess={async (saved) => {
        await refreshScrumboard(qc);
        onSaved?.(saved);
        onClose();
      }}
    >
      {({ form }) => (
        <Stack spacing={2}>
          <FormTextField control={form.control} name="title" label={t('scrumboard.fields.title')} fullWidth required autoFocus />
          <FormTextField control={form.control} name="description" label={t('scrumboard.fields.description')} fullWidth multiline minRows={2} />
        </Stack>
      )}
    </FormDialog>
  );
}
