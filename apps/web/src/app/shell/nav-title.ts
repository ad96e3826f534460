import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavigationItem } from '@cuadre/contracts';

/**
 * The server sends Spanish titles (docs/product.md, "Layouts, themes and navigation"); every item is retitled by its id in the
 * active language, and an id without a translation keeps the server's title.
 */
export function useNavTitle() {
  const { t } = useTranslation();
  return useCallback((item: Pick<NavigationItem, 'id' | 'title'>) => t(`nav.${item.id}`, { defaultValue: item.title ?? item.id, nsSeparator: false }), [t]);
}
