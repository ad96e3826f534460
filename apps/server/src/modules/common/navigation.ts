import type { Navigation, NavigationItem, Role } from '@cuadre/contracts';

// Titles are Spanish (docs/product.md, "Layouts, themes and navigation"); the client retitles every item by id in the active language.
const item = (id: string, title: string, icon: string, link: string): NavigationItem => ({ id, type: 'basic', title, icon, link });

const SHARED: NavigationItem[] = [
  item('workers', 'Trabajadores', 'heroicons_outline:user-group', '/user/workers'),
  item('providers', 'Proveedores', 'heroicons_outline:truck', '/user/providers'),
  item('vehicles', 'Vehiculos', 'heroicons_outline:map', '/user/vehicles'),
  item('help-center', 'Centro de ayuda', 'heroicons_outline:lifebuoy', '/user/help-center'),
];

const USER_MENU: NavigationItem[] = [item('dashboard', 'Dashboard', 'heroicons_outline:chart-pie', '/user/dashboard'), ...SHARED];

const ADMIN_MENU: NavigationItem[] = [
  item('dashboard', 'Dashboard', 'heroicons_outline:chart-pie', '/dashboard'),
  item('users', 'Usuarios', 'heroicons_outline:users', '/users'),
  item('categories', 'Cuentas', 'heroicons_outline:rectangle-stack', '/categories'),
  item('subcategories', 'SubCuentas', 'heroicons_outline:queue-list', '/subcategories'),
  item('user-dashboard', 'Dashboard de usuario', 'heroicons_outline:home', '/user/dashboard'),
  ...SHARED,
  item('pricing', 'Precios', 'heroicons_outline:currency-dollar', '/user/pricing'),
  item('purchase-confirmation', 'Confirmacion de compra', 'heroicons_outline:check-circle', '/user/purchaseconfirmation'),
  item('purchase-error', 'Error de compra', 'heroicons_outline:x-circle', '/user/purchaseerror'),
];

/**
 * The admin menu for an administrator, the regular menu otherwise. The compact, futuristic and
 * horizontal variants carry the same items (the template's placeholder "Example" left those
 * layouts without a way around), so every layout is usable.
 */
export function navigationFor(role: Role): Navigation {
  const items = role === 'admin' ? ADMIN_MENU : USER_MENU;
  const copy = () => items.map((i) => ({ ...i }));
  return { default: copy(), compact: copy(), futuristic: copy(), horizontal: copy() };
}
