import { useTranslation } from 'react-i18next';
import { usePreferences } from '@/lib/preferences';
import { LanguageSwitcher } from './language-switcher';
import { FullscreenToggle } from './panels/fullscreen-toggle';
import { SearchBox } from './panels/search-box';
import { ShellPanels } from './panels/shell-panels';
import { SchemeToggle } from './scheme-toggle';
import { ShellSnackbar } from './shell-snackbar';
import { useSavePreferences } from './use-update-user';
import { UserMenu } from './user-menu';
import css from './shell.module.css';

/** The right side of the top bar: search, language, scheme, fullscreen, the panels and the user menu. Choices here are saved on the server too. */
export function TopBarActions() {
  const { t } = useTranslation();
  const { language, scheme } = usePreferences();
  const { save, error, reset } = useSavePreferences();
  return (
    <div className={css.actions}>
      <SearchBox />
      <LanguageSwitcher value={language} onChange={(lang) => save({ language: lang })} />
      <SchemeToggle value={scheme} onChange={(next) => save({ scheme: next })} />
      <FullscreenToggle />
      <ShellPanels />
      <UserMenu />
      <ShellSnackbar message={error ? t('shell.preferenceFailed', { message: error.message }) : undefined} onClose={reset} />
    </div>
  );
}
