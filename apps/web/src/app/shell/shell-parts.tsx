import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import css from './shell.module.css';

export const MAIN_CONTENT_ID = 'main-content';
export const NAVIGATION_ID = 'main-navigation';

/** Lets a keyboard user jump past the navigation; visible only while focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={css.skip}>
      {t('shell.skipToContent')}
    </a>
  );
}

/** Cuadre's mark and name; the name is left out where the navigation is too narrow for it. */
export function Logo({ withName = true }: { withName?: boolean }) {
  const { t } = useTranslation();
  return (
    <RouterLink
      to="/"
      // With the name showing, the visible "Cuadre" is the link's name; the mark alone gets one.
      aria-label={withName ? undefined : t('shell.home')}
      className={css.logo}
    >
      <span aria-hidden data-logo-mark className={css.mark}>
        C
      </span>
      {withName && <span className={css.name}>{t('common.appName')}</span>}
    </RouterLink>
  );
}

export function Footer() {
  const { t } = useTranslation();
  return <footer className={css.footer}>{t('common.footer', { year: new Date().getFullYear() })}</footer>;
}

/** The page's padding inside the shell: tight on a phone, roomier from sm and md up (the `content` class in shell.module.css says the same). */
export const CONTENT_PADDING = { px: { xs: 2, sm: 3, md: 4 }, py: { xs: 2.5, sm: 3, md: 4 } } as const;
