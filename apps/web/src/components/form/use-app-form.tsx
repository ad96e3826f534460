import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod/mini';
import { ApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { contractResolver } from './validation';

// The question before leaving is asked rarely, and MUI's Dialog is heavy: the sign-in page, whose
// first load has a budget, does not pay for it until a changed form is left.
// It is fetched as soon as a form is changed, so that the question opens at once when it is asked.
const loadConfirmDialog = () => import('../confirm-dialog');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));

export interface AppFormOptions<T extends FieldValues, R = unknown> {
  defaultValues: DefaultValues<T>;
  /** Sends the values; what it returns goes to `onSuccess`. A thrown ApiError lands on the fields or above the form. */
  submit: (values: T) => Promise<R>;
  /** Words that confirm a save (a snackbar or line the caller shows); none for forms that move on. */
  successText?: string;
  /** After a save; `form` starts a next record where the form stays open ("save and add another"). */
  onSuccess?: (result: R, values: T, form: UseFormReturn<T>) => void;
  /** Asks before leaving the page with unsaved changes (default: on). */
  guardLeaving?: boolean;
  /** The form field a server's detail path names, when the body nests the values ('user.name' → 'name'). */
  fieldOf?: (serverPath: string) => string | undefined;
}

export interface AppForm<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** The form's onSubmit. */
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  /** A failure that is not about one field, in words; cleared on the next submit. */
  formError: string | undefined;
  /** That failure itself, for a page that answers some codes its own way (sign-in's unconfirmed address). */
  failure: unknown;
  /** The success words after a save, until the next change. */
  success: string | undefined;
  pending: boolean;
  /** The "leave without saving?" dialog: render it inside the form's component. */
  leaveDialog: React.ReactElement;
  /** Closes a form that is not a page (a dialog) through the same question when it has changes. */
  closeGuarded: (close: () => void) => void;
}

/**
 * The one form pattern: react-hook-form with the contract's schema (messages in the reader's
 * language), a server's 400 VALIDATION put on its fields, submit disabled while pending, success
 * confirmed, and a question before leaving a changed form.
 */
export function useAppForm<T extends FieldValues, R = unknown>(schema: z.ZodMiniType, opts: AppFormOptions<T, R>): AppForm<T> {
  const { t } = useTranslation();
  const form = useForm<T>({ resolver: contractResolver<T>(schema, t), defaultValues: opts.defaultValues });
  const [failure, setFailure] = useState<unknown>();
  const [success, setSuccess] = useState<string>();
  const formError = useErrorText(failure);
  const { isDirty, isSubmitting } = form.formState;

  useEffect(() => {
    if (isDirty) setSuccess(undefined);
  }, [isDirty]);

  // Read by the blocker when a navigation starts: a page that moves on after saving (sign-up) is not
  // asked about the values it has just saved, though the render that knows it has not happened yet.
  const guardRef = useRef(false);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    setSuccess(undefined);
    try {
      const result = await opts.submit(values);
      // The saved values are the form's new starting point: nothing is unsaved any more.
      guardRef.current = false;
      form.reset(values);
      if (opts.successText) setSuccess(opts.successText);
      opts.onSuccess?.(result, values, form);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'VALIDATION') {
        const known = Object.keys(form.getValues());
        const fieldOf = opts.fieldOf ?? ((p: string) => p);
        const onFields = err.details.flatMap((d) => {
          const field = fieldOf(d.path);
          return field && known.includes(field.split('.')[0]!) ? [{ field, message: d.message }] : [];
        });
        for (const d of onFields) form.setError(d.field as Path<T>, { type: 'server', message: d.message }, { shouldFocus: true });
        if (onFields.length) return;
      }
      setFailure(err);
    }
  });

  // Leaving a changed form asks first: a link or the back button inside the app, and closing the tab.
  const guard = (opts.guardLeaving ?? true) && isDirty && !isSubmitting;
  useEffect(() => {
    guardRef.current = guard;
    if (guard) void loadConfirmDialog();
  }, [guard]);
  useEffect(() => {
    if (!guard) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guard]);
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);
  const closeGuarded = (close: () => void) => (isDirty && !isSubmitting ? setPendingClose(() => close) : close());
  const leaveDialog = (
    <>
      {/* The router holds one blocker at a time: only a page's form with changes holds it (a dialog's never does). */}
      {guard && <PageLeaveGuard guardRef={guardRef} />}
      <Suspense fallback={null}>
        {pendingClose !== null && (
          <LeaveQuestion
            onLeave={() => {
              pendingClose();
              setPendingClose(null);
            }}
            onStay={() => setPendingClose(null)}
          />
        )}
      </Suspense>
    </>
  );

  return { form, onSubmit, formError: failure === undefined ? undefined : formError, failure, success, pending: isSubmitting, leaveDialog, closeGuarded };
}

/** "Leave without saving?" */
function LeaveQuestion({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open
      title={t('common.form.leaveTitle')}
      text={t('common.form.leaveText')}
      confirmLabel={t('common.form.leave')}
      destructive
      onConfirm={onLeave}
      onClose={onStay}
    />
  );
}

/** Holds the navigation away from a changed page form and asks first; mounted only while the form has changes. */
function PageLeaveGuard({ guardRef }: { guardRef: React.RefObject<boolean> }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => guardRef.current && currentLocation.pathname !== nextLocation.pathname);
  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <LeaveQuestion onLeave={() => blocker.proceed?.()} onStay={() => blocker.reset?.()} />
    </Suspense>
  );
}
