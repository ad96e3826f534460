import { useId, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import type { NavigationItem } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { isItemActive } from './nav-active';
import { useNavTitle } from './nav-title';

const GAP = 4;

const buttonSx = {
  whiteSpace: 'nowrap',
  flexShrink: 0,
  px: 1.5,
  color: 'text.secondary',
  '&:hover': { color: 'text.primary' },
  '&.active, &[data-active="true"]': (theme: Theme) => ({
    color: (theme.vars ?? theme).palette.primary.main,
    bgcolor: theme.vars ? `rgba(${theme.vars.palette.primary.mainChannel} / 0.12)` : theme.palette.action.selected,
  }),
} as const;

const iconOf = (item: NavigationItem) => (item.icon ? <Icon name={item.icon} size={20} /> : undefined);
const chevron = <Icon name="heroicons_outline:chevron-down" size={16} />;
const isShown = (item: NavigationItem) => item.type !== 'divider' && item.type !== 'spacer';

/** The links under an item, however deeply grouped, for listing in a menu. */
const leavesOf = (items: NavigationItem[]): NavigationItem[] =>
  items.flatMap((item) => (item.children?.length ? leavesOf(item.children) : item.type === 'basic' ? [item] : []));

/** A button that opens links in a menu: a group or collapsable, or "More" for the items that do not fit. */
function MenuButton({ label, icon, items }: { label: string; icon?: string; items: NavigationItem[] }) {
  const title = useNavTitle();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const leaves = leavesOf(items);
  return (
    <>
      <Button
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={icon ? <Icon name={icon} size={20} /> : undefined}
        endIcon={chevron}
        data-active={leaves.some((leaf) => isItemActive(leaf, pathname))}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        sx={buttonSx}
      >
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {leaves.map((leaf) => (
          <MenuItem
            key={leaf.id}
            component={NavLink}
            to={leaf.link ?? '#'}
            end={leaf.exactMatch ?? false}
            onClick={() => setAnchor(null)}
            selected={isItemActive(leaf, pathname)}
          >
            {leaf.icon && (
              <ListItemIcon>
                <Icon name={leaf.icon} size={20} />
              </ListItemIcon>
            )}
            <ListItemText>{title(leaf)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function TopItem({ item }: { item: NavigationItem }) {
  const title = useNavTitle()(item);
  if (item.type !== 'basic') return <MenuButton label={title} icon={item.icon} items={item.children ?? []} />;
  if (item.externalLink)
    return (
      <Button component="a" href={item.link} target={item.target} rel="noopener noreferrer" startIcon={iconOf(item)} sx={buttonSx}>
        {title}
      </Button>
    );
  return (
    <Button component={NavLink} to={item.link ?? '#'} end={item.exactMatch ?? false} startIcon={iconOf(item)} disabled={item.disabled} sx={buttonSx}>
      {title}
    </Button>
  );
}

/**
 * How many items fit in the bar: measured from an invisible copy of the row (every item, then "More"),
 * again whenever the bar's width changes. Without ResizeObserver (tests) every item shows.
 */
function useFittingCount(count: number, signature: string) {
  const bar = useRef<HTMLDivElement>(null);
  const ruler = useRef<HTMLUListElement>(null);
  const [fitting, setFitting] = useState(count);
  useLayoutEffect(() => {
    const barEl = bar.current;
    const rulerEl = ruler.current;
    if (!barEl || !rulerEl || typeof ResizeObserver === 'undefined') return setFitting(count);
    const measure = () => {
      const widths = Array.from(rulerEl.children, (el) => (el as HTMLElement).offsetWidth + GAP);
      const more = widths.pop() ?? 0;
      const available = barEl.clientWidth;
      if (widths.reduce((a, w) => a + w, 0) <= available) return setFitting(widths.length);
      let used = more;
      let n = 0;
      while (n < widths.length && used + widths[n]! <= available) used += widths[n++]!;
      setFitting(n);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(barEl);
    return () => observer.disconnect();
  }, [count, signature]);
  return { bar, ruler, fitting };
}

/**
 * The top menu of the horizontal layouts. Items that do not fit the bar's width (the administrator's
 * twelve at 960 px) move into a "More" menu, so nothing is cut off and the bar keeps one line.
 */
export function HorizontalNavigation({ items, label }: { items: NavigationItem[]; label: string }) {
  const { t } = useTranslation();
  const title = useNavTitle();
  const shown = items.filter(isShown);
  // The titles change the widths (another language), so they are part of what triggers a new measure.
  const { bar, ruler, fitting } = useFittingCount(shown.length, shown.map(title).join('|') + t('shell.more'));
  const overflow = shown.slice(fitting);
  return (
    <Box component="nav" aria-label={label} ref={bar} sx={{ flex: 1, minWidth: 0, position: 'relative', overflow: 'hidden' }}>
      <Box
        component="ul"
        aria-hidden
        ref={ruler}
        sx={{
          position: 'absolute',
          top: 0,
          left: 0,
          display: 'flex',
          gap: `${GAP}px`,
          listStyle: 'none',
          m: 0,
          p: 0,
          visibility: 'hidden',
          pointerEvents: 'none',
        }}
      >
        {shown.map((item) => (
          <li key={item.id}>
            <Button component="span" tabIndex={-1} startIcon={iconOf(item)} endIcon={item.type === 'basic' ? undefined : chevron} sx={buttonSx}>
              {title(item)}
            </Button>
          </li>
        ))}
        <li>
          <Button component="span" tabIndex={-1} endIcon={chevron} sx={buttonSx}>
            {t('shell.more')}
          </Button>
        </li>
      </Box>
      <Box component="ul" sx={{ display: 'flex', alignItems: 'center', gap: `${GAP}px`, listStyle: 'none', m: 0, py: 0.5, px: 0 }}>
        {shown.slice(0, fitting).map((item) => (
          <li key={item.id}>
            <TopItem item={item} />
          </li>
        ))}
        {overflow.length > 0 && (
          <li>
            <MenuButton label={t('shell.more')} items={overflow} />
          </li>
        )}
      </Box>
    </Box>
  );
}
