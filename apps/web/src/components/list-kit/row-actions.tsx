import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { IconButton, Tooltip } from '@mui/material';
import { ConfirmDialog } from '../confirm-dialog';
import { Icon } from '../icon';
import css from './data-list.module.css';

export interface RowActionsConfig<T> {
  /** The row's name in each button's accessible name ("Edit Flour"). */
  nameOf: (row: T) => string;
  onEdit?: (row: T) => void;
  /** Activate or deactivate: offered when given, per the row's state. */
  activation?: { isActive: (row: T) => boolean; toggle: (row: T) => void };
  /** Delete, after a question; the question stays, its buttons off, until `run` settles. */
  remove?: {
    title: string;
    text: (row: T) => string;
    run: (row: T) => Promise<unknown>;
    onDone?: (row: T) => unknown;
    onError?: (error: unknown, row: T) => unknown;
  };
  /** A row's own buttons, before the kit's (move up or down, history). */
  extra?: (row: T) => ReactNode;
  /**
   * The rows cannot change (a closed month): activation and delete are off, and edit is off too, or
   * with `viewWhenLocked` opens the same form to read ("View").
   */
  locked?: boolean;
  viewWhenLocked?: boolean;
}

export interface RowActions<T> {
  /** The buttons of one row: DataList's `rowActions`. */
  render: (row: T) => ReactNode;
  /** The delete question: render it once beside the list. */
  confirm: ReactNode;
}

/**
 * A list's row actions, one way everywhere: edit, activate or deactivate, and delete with a question
 * first (the API is called only once it is answered). The buttons are icons with a tooltip and an
 * accessible name that says which row they act on.
 */
export function useRowActions<T>({ nameOf, onEdit, activation, remove, extra, locked = false, viewWhenLocked = false }: RowActionsConfig<T>): RowActions<T> {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<T | null>(null);
  const removal = useMutation({
    mutationFn: (row: T) => remove!.run(row),
    // Not awaited: the question closes at once, while the list refreshes or the failure is told.
    onSuccess: (_r, row) => void remove?.onDone?.(row),
    onError: (err, row) => void remove?.onError?.(err, row),
    onSettled: () => setDeleting(null),
  });

  const render = (row: T) => {
    const name = nameOf(row);
    const active = activation?.isActive(row);
    const toggleText = active ? t('common.list.deactivate') : t('common.list.activate');
    const viewing = locked && viewWhenLocked;
    const editText = viewing ? t('common.list.view') : t('common.edit');
    return (
      <div className={css.rowButtons}>
        {extra?.(row)}
        {onEdit && (
          <Tooltip title={editText}>
            {/* A disabled button gets no pointer events: the span keeps its tooltip. */}
            <span>
              <IconButton aria-label={`${editText} ${name}`} onClick={() => onEdit(row)} disabled={locked && !viewing}>
                <Icon name={viewing ? 'heroicons_outline:eye' : 'heroicons_outline:pencil-square'} size={18} />
              </IconButton>
            </span>
          </Tooltip>
        )}
        {activation && (
          <Tooltip title={toggleText}>
            <span>
              <IconButton aria-label={`${toggleText} ${name}`} onClick={() => activation.toggle(row)} disabled={locked}>
                <Icon name={active ? 'heroicons_outline:archive-box' : 'heroicons_outline:arrow-uturn-left'} size={18} />
              </IconButton>
            </span>
          </Tooltip>
        )}
        {remove && (
          <Tooltip title={t('common.delete')}>
            <span>
              <IconButton aria-label={`${t('common.delete')} ${name}`} onClick={() => setDeleting(row)} disabled={locked}>
                <Icon name="heroicons_outline:trash" size={18} />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </div>
    );
  };

  const confirm = remove && (
    <ConfirmDialog
      open={deleting !== null}
      title={remove.title}
      text={deleting !== null ? remove.text(deleting) : ''}
      confirmLabel={t('common.delete')}
      destructive
      pending={removal.isPending}
      onConfirm={() => deleting !== null && removal.mutate(deleting)}
      onClose={() => setDeleting(null)}
    />
  );

  return { render, confirm };
}
