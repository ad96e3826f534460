import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useErrorText } from '@/lib/error-text';
import { Icon } from './icon';

/** A list or page still loading. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Stack
      role="status"
      spacing={2}
      sx={{
        alignItems: 'center',
        justifyContent: 'center',
        py: 8,
      }}
    >
      <CircularProgress size={32} />
      <Typography
        sx={{
          color: 'text.secondary',
        }}
      >
        {label ?? t('common.loading')}
      </Typography>
    </Stack>
  );
}

/** A failed load, with the server's words and a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = useErrorText(error);
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ my: 2 }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      <strong>{t('common.errorTitle')}.</strong> {message}
    </Alert>
  );
}

/** Nothing to show yet, and the action that fills it. */
export function EmptyState({ icon = 'heroicons_outline:inbox', title, text, action }: { icon?: string; title: string; text?: string; action?: ReactNode }) {
  return (
    <Stack
      spacing={1.5}
      sx={{
        alignItems: 'center',
        py: 8,
        px: 2,
        textAlign: 'center',
      }}
    >
      <Box sx={{ color: 'text.disabled' }}>
        <Icon name={icon} size={48} />
      </Box>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {text && (
        <Typography
          sx={{
            color: 'text.secondary',
            maxWidth: 420,
          }}
        >
          {text}
        </Typography>
      )}
      {action}
    </Stack>
  );
}

/** What QueryView reads of a TanStack query (a `useQuery` result, or `allOf` of several). */
export interface QueryState<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * Several queries as one: pending while any is, failed when any has (the first failure's words;
 * retry refetches the failed ones), and their data side by side once all have it.
 */
export function allOf<A, B>(a: UseQueryResult<A>, b: UseQueryResult<B>): QueryState<[A, B]> {
  const failed = [a, b].filter((q) => q.isError);
  return {
    isPending: a.isPending || b.isPending,
    isError: failed.length > 0,
    error: failed[0]?.error ?? null,
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    refetch: () => Promise.all(failed.map((q) => q.refetch())),
  };
}

/**
 * The one view of a query's states: loading, the failure with a retry (which refetches), nothing to
 * show yet (`empty`, shown when `isEmpty` says so, with the action that fills it), then the data.
 */
export function QueryView<T>({
  query,
  children,
  isEmpty,
  empty,
  loading,
}: {
  query: QueryState<T>;
  children: (data: T) => ReactNode;
  /** Whether the data counts as nothing yet; `empty` is shown then. */
  isEmpty?: (data: T) => boolean;
  /** What stands for no data: usually an `EmptyState` with its action. */
  empty?: ReactNode;
  /** What stands while loading; a `LoadingState` by default. */
  loading?: ReactNode;
}) {
  if (query.isPending) return <>{loading ?? <LoadingState />}</>;
  const failure = query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null;
  // A first load that failed has nothing else to show; a refresh that failed keeps what was shown, under the failure.
  if (query.data === undefined) return failure;
  const data = query.data;
  return (
    <>
      {failure}
      {isEmpty?.(data) ? empty : children(data)}
    </>
  );
}
