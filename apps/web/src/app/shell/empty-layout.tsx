import { Outlet } from 'react-router';

/** The empty layout: the loading bar and the routed content only. */
export default function EmptyLayout() {
  return <Outlet />;
}
