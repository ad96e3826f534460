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
  // The last notice stays set while the snackbar slides away, so its text does not vanish mid-animation.
  const [notice, setNotice] = useState<{ success: string } | { failure: unknown } | null>(null);
  const [open, setOpen] = useState(false);
  const failure = notice && 'failure' in notice ? notice.failure : undefined;
  const failureText = useErrorText(failure);
  const isError = notice !== null && 'failure' in notice;
  const close = () => setOpen(false);
  const view = (
    <Snackbar
      open={open}
      autoHideDuration={isError ? 8000 : 5000}
      onClose={(_e, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={isError ? 'error' : 'success'} variant="filled" role={isError ? 'alert' : 'status'} onClose={close} sx={{ width: '100%' }}>
        {notice && 'success' in notice ? notice.success : failureText}
      </Alert>
    </Snackbar>
  );
  return {
    done: (text) => {
      setNotice({ success: text });
      setOpen(true);
    },
    failed: (error) => {
      setNotice({ failure: error });
      setOpen(true);
    },
    view,
  };
}
