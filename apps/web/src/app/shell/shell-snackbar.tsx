import { Alert, Snackbar } from '@mui/material';

/** A short report at the bottom of the screen, for a top-bar action that failed (the server's words). */
export function ShellSnackbar({ message, onClose }: { message: string | undefined; onClose: () => void }) {
  return (
    <Snackbar
      open={!!message}
      autoHideDuration={8000}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="error" variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
