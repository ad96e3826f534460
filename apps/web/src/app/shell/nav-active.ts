import { matchPath } from 'react-router';
import type { NavigationItem } from '@cuadre/contracts';

/** Whether an item, or any item under it, links to the current route (a link also covers the routes under it). */
export function isItemActive(item: NavigationItem, pathname: string): boolean {
  if (item.link && !item.externalLink && matchPath({ path: item.link, end: item.exactMatch ?? false }, pathname)) return true;
  return (item.children ?? []).some((child) => isItemActive(child, pathname));
}
