import { useState, type ReactElement } from 'react';
import { Alert, Snackbar } from '@mui/material';
import { useErrorText } from '@/lib/error-text';

export interface Notices {
  /** Confirms what was done, in words. */
  done: (text: string) => void;
  /** Says what failed, in the reader's language where the failure is one we know. */
  failed: (error: unknown) => void;
  /** The snackbar: render it once in the page. */
  view: ReactElement;
}

/** A page's one line of feedback after an action: a success, or a failure in words. */
export function useNotices(): Notices {
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>();
  const failureText = useErrorText(failure);
  const isError = failure !== undefined;
  const close = () => {
    setSuccess(null);
    setFailure(undefined);
  };
  const view = (
    <Snackbar
      open={isError || success !== null}
      autoHideDuration={isError ? 8000 : 5000}
      onClose={(_e, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={isError ? 'error' : 'success'} variant="filled" role={isError ? 'alert' : 'status'} onClose={close} sx={{ width: '100%' }}>
        {isError ? failureText : success}
      </Alert>
    </Snackbar>
  );
  return {
    done: (text) => {
      setFailure(undefined);
      setSuccess(text);
    },
    failed: (error) => {
      setSuccess(null);
      setFailure(error);
    },
    view,
  };
}
