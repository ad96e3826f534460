import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Alert, Box, Button, CircularProgress, DialogContent, Stack } from '@mui/material';
import {
  ATTACHMENT_TYPES,
  PAYMENT_METHODS,
  RECURRING_FREQUENCIES,
  RECURRING_MODES,
  isRealDate,
  type Entry,
  type EntryBody,
  type EntryType,
} from '@cuadre/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { ApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { amountProblem, centsToText, decimalText, numberText, parseMoney } from '@/lib/money';
import { activeRecordsQuery, attachReceipt, booksKeys, createEntry, createRecurring, entriesQuery, updateEntry } from '../api/books-api';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useMoney } from '@/lib/settings';
import { EntryFields, type AddedRecord, type EntryFormValues as FieldValuesOfEntry } from './entry-fields';
import { RecordQuickForm, type QuickKind } from './record-quick-form';
import { intervalOf, NO_REPEAT, RepeatFields, type RepeatValues } from './repeat-fields';

/** The entry's fields, and for a new entry its Repeat choice. */
export type EntryFormValues = FieldValuesOfEntry & RepeatValues;

export interface EntryFormDialogProps {
  open: boolean;
  type: EntryType;
  /** Absent: a new entry. */
  entry?: Entry;
  defaultDate: string;
  /** Fields a screen fixes (the subcategory of its list, the worker of its filter). */
  preset?: Partial<EntryFormValues>;
  onClose: () => void;
  /** Told of each saved entry (with "Save and add another", a new one leaves the form open for the next line). */
  onSaved?: (entry: Entry, isNew: boolean) => void;
  onHistory?: (entry: Entry) => void;
}

const optionalMoney = z.string().check(
  z.refine((v) => v.trim() === '' || amountProblem(v) !== 'invalid', { params: { i18n: 'books.validation.amount' } }),
  z.refine((v) => v.trim() === '' || amountProblem(v) !== 'tooLarge', { params: { i18n: 'books.validation.tooLarge' } }),
);
const REQUIRED = { params: { i18n: 'common.validation.required' } };

const ZEntryForm = z.object({
  date: z.string().check(z.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v), { params: { i18n: 'books.validation.date' } })),
  amount: optionalMoney,
  categoryId: z.string(),
  subcategoryId: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  reference: z.string().check(z.maxLength(60)),
  description: z.string().check(z.maxLength(500)),
  workerId: z.string(),
  providerId: z.string(),
  productId: z.string(),
  contactId: z.string(),
  vehicleId: z.string(),
  quantity: z.string().check(z.refine((v) => v.trim() === '' || decimalText(v, 3) !== undefined, { params: { i18n: 'books.validation.quantity' } })),
  unitCost: optionalMoney,
  hours: z.string().check(z.refine((v) => v.trim() === '' || decimalText(v, 2) !== undefined, { params: { i18n: 'books.validation.hours' } })),
  inventoryProductId: z.string(),
  receipt: z.nullable(z.custom<File>((v) => v instanceof File)),
  repeat: z.union([z.literal(''), z.enum(RECURRING_FREQUENCIES)]),
  repeatInterval: z.string().check(z.refine((v) => intervalOf(v) !== undefined, { params: { i18n: 'books.recurring.badInterval' } })),
  repeatMode: z.enum(RECURRING_MODES),
});

/**
 * The entry's rules that depend on its type, checked before anything is sent so that one Save marks
 * every missing field at once (the server checks them again, docs/product.md "Entries"): an amount (a
 * purchase may give a quantity instead), a category (a purchase's product may bring it), the worker of
 * a worker payment, the provider of a supplier payment.
 */
export const entryFormSchema = (type: EntryType) =>
  ZEntryForm.check(
    z.refine((v) => v.amount.trim() !== '' || (type === 'purchase' && v.quantity.trim() !== ''), { ...REQUIRED, path: ['amount'] }),
    z.refine((v) => v.categoryId !== '' || (type === 'purchase' && v.productId !== ''), { ...REQUIRED, path: ['categoryId'] }),
    z.refine((v) => type !== 'worker_payment' || v.workerId !== '', { ...REQUIRED, path: ['workerId'] }),
    z.refine((v) => type !== 'supplier_payment' || v.providerId !== '', { ...REQUIRED, path: ['providerId'] }),
  );

/** An amount past this many times the owner's largest of the type is asked about before it is saved. */
export const UNUSUAL_FACTOR = 100;
/** Without any entry of the type yet, an amount past this (100,000.00) is asked about. */
export const UNUSUAL_FIRST = 10_000_000;

/** Whether an amount is far above the owner's usual for its type (`largest`: their largest so far, if any). */
export const isUnusual = (amount: number, largest: number | undefined) =>
  largest !== undefined && largest > 0 ? amount > largest * UNUSUAL_FACTOR : amount > UNUSUAL_FIRST;

const withoutDate = ({ date: _date, ...template }: EntryBody) => template;

/** After "Save" the dialog closes; after "Save and add another" it starts the next line. */
type Intent = 'close' | 'next';

/** A receipt that did not reach its saved entry: the entry stays, the receipt can be sent again. */
interface UnsentReceipt {
  entry: Entry;
  file: File;
  error: unknown;
  then: Intent;
  /** Starts the next line (after "Save and add another"), once the receipt is dealt with. */
  next: () => void;
}

/** The server refused the file itself (its type or its size): sending it again cannot help, another file can. */
const refusedFile = (error: unknown) => error instanceof ApiError && (error.statusCode === 415 || error.statusCode === 413);

/**
 * The one entry form, for every type: income, expense, purchase, worker and supplier payment. It
 * shows the fields the type takes; the server checks every rule again. Enter (or "Save") saves and
 * closes; "Save and add another" saves and starts the next line, keeping date, category and method.
 * A new entry takes its receipt here, held until the entry is saved. Escape closes.
 */
export function EntryFormDialog({ open, type, entry, defaultDate, preset, onClose, onSaved, onHistory }: EntryFormDialogProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // Which button saved: Enter and "Save" close, "Save and add another" starts the next line.
  const intent = useRef<Intent>('close');
  // About the opening in progress: forgotten when the dialog closes.
  const [notice, setNotice] = useState<string>();
  const [unsent, setUnsent] = useState<UnsentReceipt | null>(null);
  const unsentText = useErrorText(unsent?.error);
  // A worker, provider or product added here (as the trip dialog adds its vehicle): chosen, and listed
  // before its registry is read again; `adding` is the one whose short form is shown in place.
  const [added, setAdded] = useState<AddedRecord | null>(null);
  const [adding, setAdding] = useState<QuickKind | null>(null);
  const close = () => {
    setNotice(undefined);
    setUnsent(null);
    setAdded(null);
    setAdding(null);
    onClose();
  };
  // The owner's largest entry of this type, for the question before an amount far above it (a slip of
  // the keyboard: 999,999,999.99 for 999.99).
  const largest = useQuery({ ...entriesQuery({ type, sort: 'amount', order: 'desc', size: 10 }), enabled: open });
  const { money } = useMoney();
  const [asking, setAsking] = useState<{ amount: number; answer: (yes: boolean) => void } | null>(null);
  const confirmUnusual = (amount: number) => new Promise<boolean>((answer) => setAsking({ amount, answer }));
  const answer = (yes: boolean) => {
    asking?.answer(yes);
    setAsking(null);
  };
  // A worker payment names a worker and a supplier payment a provider: without any, one is added first.
  const neededKind = !entry && type === 'worker_payment' ? 'workers' : !entry && type === 'supplier_payment' ? 'providers' : null;
  const needed = useQuery({ ...activeRecordsQuery(neededKind ?? 'workers'), enabled: open && neededKind !== null });
  const needsFirst = neededKind !== null && !added && needed.data?.items.length === 0;

  const toBody = (v: EntryFormValues): EntryBody => {
    const byQuantity = type === 'purchase' && v.quantity.trim() !== '';
    const body: EntryBody = {
      type,
      date: v.date,
      paymentMethod: v.paymentMethod,
      reference: v.reference.trim() || null,
      description: v.description.trim() || null,
      subcategoryId: v.subcategoryId || null,
    };
    if (v.categoryId) body.categoryId = v.categoryId;
    if (!byQuantity) body.amount = parseMoney(v.amount);
    if (type === 'worker_payment') {
      body.workerId = v.workerId || null;
      body.hours = v.hours.trim() ? decimalText(v.hours, 2)! : null;
    }
    if (type === 'income') body.contactId = v.contactId || null;
    if (type === 'expense') body.vehicleId = v.vehicleId || null;
    if (type === 'supplier_payment' || type === 'purchase' || type === 'expense') body.providerId = v.providerId || null;
    if (type === 'purchase' || type === 'income') body.inventoryProductId = v.inventoryProductId || null;
    if (type === 'income') body.quantity = v.inventoryProductId && v.quantity.trim() ? decimalText(v.quantity, 3)! : null;
    if (type === 'purchase') {
      body.productId = v.productId || null;
      body.quantity = byQuantity ? decimalText(v.quantity, 3)! : null;
      body.unitCost = v.unitCost.trim() ? parseMoney(v.unitCost) : null;
    }
    return body;
  };

  // The next line: same day, category, method and who was paid; a new amount, and no receipt.
  const nextLine = (form: UseFormReturn<EntryFormValues>, v: EntryFormValues) => {
    form.reset({ ...v, amount: '', quantity: '', reference: '', description: '', hours: '', receipt: null, ...NO_REPEAT });
    setTimeout(() => form.setFocus(type === 'purchase' ? 'quantity' : 'amount'), 0);
  };

  // The receipt sent again, or another file chosen in its place (one the server refused by its type or size).
  const retry = useMutation({
    mutationFn: (u: UnsentReceipt) => attachReceipt(u.entry.id, u.file),
    onSuccess: (_a, u) => {
      setUnsent(null);
      void qc.invalidateQueries({ queryKey: booksKeys.all });
      if (u.then === 'close') return close();
      u.next();
      setNotice(t('books.receipts.attachedLate', { name: u.file.name }));
    },
    onError: (error, u) => setUnsent({ ...u, error }),
  });

  return (
    <FormDialog<EntryFormValues, { saved: Entry; receiptError: unknown }>
      open={open}
      title={t(entry ? 'books.entry.editTitle' : 'books.entry.newTitle', { type: t(`books.types.${type}`) })}
      onClose={close}
      schema={entryFormSchema(type)}
      defaultValues={() => ({
        date: entry?.date ?? defaultDate,
        amount: centsToText(entry?.amount),
        categoryId: entry?.categoryId ?? '',
        subcategoryId: entry?.subcategoryId ?? '',
        paymentMethod: entry?.paymentMethod ?? (type === 'income' ? 'cash' : 'card'),
        reference: entry?.reference ?? '',
        description: entry?.description ?? '',
        workerId: entry?.workerId ?? '',
        providerId: entry?.providerId ?? '',
        productId: entry?.productId ?? '',
        contactId: entry?.contactId ?? '',
        vehicleId: entry?.vehicleId ?? '',
        quantity: numberText(entry?.quantity, 3),
        unitCost: centsToText(entry?.unitCost),
        hours: numberText(entry?.hours, 2),
        inventoryProductId: entry?.inventoryProductId ?? '',
        receipt: null,
        ...NO_REPEAT,
        ...preset,
      })}
      resetKey={`${type}:${entry?.id ?? 'new'}`}
      submit={async (v) => {
        const body = toBody(v);
        const amount = body.amount ?? undefined;
        if (amount !== undefined && amount !== entry?.amount && isUnusual(amount, largest.data?.items[0]?.amount)) {
          // "Check it" puts the owner back on the amount, nothing sent.
          if (!(await confirmUnusual(amount)))
            throw new ApiError(400, 'VALIDATION', 'unusual amount', [{ path: 'amount', message: t('books.entry.unusualCheck') }]);
        }
        if (entry) return { saved: await updateEntry(entry.id, toBody(v)), receiptError: undefined };
        // Repeat: the template and this first entry in one call, the entry counted as its first occurrence.
        const saved = v.repeat
          ? (
              await createRecurring({
                template: withoutDate(toBody(v)),
                frequency: v.repeat,
                interval: intervalOf(v.repeatInterval)!,
                startDate: v.date,
                mode: v.repeatMode,
                recordFirst: true,
              })
            ).firstEntry!
          : await createEntry(toBody(v));
        // The entry is saved whatever becomes of its receipt: a failed upload is said, not thrown.
        let receiptError: unknown;
        if (v.receipt) await attachReceipt(saved.id, v.receipt).catch((err: unknown) => (receiptError = err ?? new Error('upload failed')));
        return { saved, receiptError };
      }}
      onSuccess={({ saved, receiptError }, v, form) => {
        void qc.invalidateQueries({ queryKey: booksKeys.all });
        onSaved?.(saved, !entry);
        if (entry) return close();
        const then = intent.current;
        if (receiptError !== undefined && v.receipt) {
          // The form keeps what was saved, its saving off (a second "Save" cannot record the same entry
          // twice) until the receipt is sent, replaced, or left for later.
          setUnsent({ entry: saved, file: v.receipt, error: receiptError, then, next: () => nextLine(form, v) });
          return;
        }
        if (then === 'close') return close();
        nextLine(form, v);
        setNotice(t('books.entry.savedNext'));
      }}
      instead={
        neededKind && needed.isPending ? (
          <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label={t('common.loading')} />
          </DialogContent>
        ) : needsFirst || adding ? (
          <RecordQuickForm
            kind={adding ?? neededKind!}
            onAdded={(r) => {
              setAdded({ kind: adding ?? neededKind!, id: r.id, name: r.name });
              setAdding(null);
            }}
            onCancel={adding ? () => setAdding(null) : close}
          />
        ) : undefined
      }
      busy={retry.isPending}
      saveDisabled={unsent !== null}
      startAction={entry && onHistory ? () => <Button onClick={() => onHistory(entry)}>{t('books.entry.history')}</Button> : undefined}
      moreActions={
        entry
          ? undefined
          : (app) => (
              <Button
                variant="outlined"
                disabled={app.pending || retry.isPending || unsent !== null}
                onClick={() => {
                  intent.current = 'next';
                  // Back to "close" once this save is done, whatever its outcome: Enter and "Save" close.
                  void app.onSubmit().finally(() => (intent.current = 'close'));
                }}
              >
                {t('books.entry.saveAnother')}
              </Button>
            )
      }
    >
      {(app) => (
        <>
          {/* About the entry just saved, not the form below: above it, where the eye is after saving. */}
          {unsent && (
            <Alert
              severity="warning"
              role="alert"
              action={
                <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
                  {refusedFile(unsent.error) ? (
                    <Button color="inherit" size="small" component="label" disabled={retry.isPending}>
                      {retry.isPending ? t('books.receipts.uploading') : t('books.receipts.chooseOther')}
                      <input
                        hidden
                        type="file"
                        accept={ATTACHMENT_TYPES.join(',')}
                        onChange={(e) => {
                          const file = e.target.files?.[0];
                          e.target.value = '';
                          if (file) retry.mutate({ ...unsent, file });
                        }}
                      />
                    </Button>
                  ) : (
                    <Button color="inherit" size="small" onClick={() => retry.mutate(unsent)} disabled={retry.isPending}>
                      {retry.isPending ? t('books.receipts.uploading') : t('books.receipts.retry')}
                    </Button>
                  )}
                  {unsent.then === 'next' && (
                    <Button
                      color="inherit"
                      size="small"
                      disabled={retry.isPending}
                      onClick={() => {
                        setUnsent(null);
                        unsent.next();
                      }}
                    >
                      {t('books.receipts.later')}
                    </Button>
                  )}
                </Stack>
              }
            >
              {t('books.receipts.notSent', { name: unsent.file.name })}
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                {unsentText}
              </Box>
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                {t('books.receipts.notSentLater')}
              </Box>
            </Alert>
          )}
          <EntryFields
            app={app as never /* never: the entry's fields are a part of this form's values */}
            open={open}
            type={type}
            entry={entry}
            added={added}
            onAdd={setAdding}
          />
          {!entry && <RepeatFields control={app.form.control} />}
          <SavedNotice notice={notice} isDirty={app.form.formState.isDirty} onTyped={() => setNotice(undefined)} />
          <ConfirmDialog
            open={asking !== null}
            title={t('books.entry.unusualTitle')}
            text={asking ? t('books.entry.unusualText', { amount: money(asking.amount), type: t(`books.types.${type}`).toLowerCase() }) : ''}
            confirmLabel={t('books.entry.unusualSave')}
            onConfirm={() => answer(true)}
            onClose={() => answer(false)}
          />
        </>
      )}
    </FormDialog>
  );
}

/** The saved line's confirmation, until the next one is typed. */
function SavedNotice({ notice, isDirty, onTyped }: { notice?: string; isDirty: boolean; onTyped: () => void }) {
  const typed = useEffectEvent(onTyped);
  useEffect(() => {
    if (isDirty) typed();
  }, [isDirty]);
  return notice ? (
    <Alert severity="success" role="status">
      {notice}
    </Alert>
  ) : null;
}
