import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingBar } from './loading-bar';

/** The empty layout: the loading bar and the routed content only (no query client: see lib/query-provider.tsx). */
export default function EmptyLayout() {
  return (
    <>
      <LoadingBar />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
