import type { RouteObject } from 'react-router';
import type { RouteHandle } from './root';

/** Each screen's code loads with the screen (`lazy`), so the first load stays small. */
export const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});
export const title = (key: string): { handle: RouteHandle } => ({ handle: { title: key } });
