import { useEffect, useSyncExternalStore } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box } from '@mui/material';

/** What a route may say about itself in `handle`: the translation key of its page title. */
export interface RouteHandle {
  title?: string;
}

const BRAND = 'Cuadre';

/** The catch-all route's id: its loader data says whether the 404 shows inside the shell. */
export const NOT_FOUND_ROUTE = 'not-found';

/** Every page names itself in the tab: "Users · Cuadre"; pages without a title are just "Cuadre". */
function useDocumentTitle() {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const key = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  useEffect(() => {
    document.title = key?.title ? `${t(key.title)} · ${BRAND}` : BRAND;
  }, [key, t, i18n.language]);
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser says it is offline (it may be wrong the other way: online says little). */
export const useOffline = () =>
  useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );

/**
 * A banner at the bottom of every page while the browser is offline; the page under it stays. Drawn
 * with Box alone (already in the first load): code fetched lazily could not load once offline.
 */
function OfflineBanner() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      sx={{
        position: 'fixed',
        left: 16,
        right: 16,
        bottom: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
        maxWidth: 560,
        mx: 'auto',
        px: 2,
        py: 1.5,
        borderRadius: 1,
        boxShadow: 6,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
        fontWeight: 500,
      }}
    >
      {t('common.offlineBanner')}
    </Box>
  );
}

/** Above every route: the page title and the offline banner. */
export function Root() {
  useDocumentTitle();
  return (
    <>
      <Outlet />
      {useOffline() && <OfflineBanner />}
    </>
  );
}
