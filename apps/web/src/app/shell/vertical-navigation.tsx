import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Avatar, Box, Collapse, Divider, List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Tooltip, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import type { NavigationItem } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import type { NavigationAppearance } from './layouts';
import { isItemActive } from './nav-active';
import { useNavTitle } from './nav-title';

const isNarrow = (appearance: NavigationAppearance) => appearance === 'dense' || appearance === 'thin';

const activeTint = (theme: Theme, alpha: number) => (theme.vars ? `rgba(${theme.vars.palette.primary.mainChannel} / ${alpha})` : theme.palette.action.selected);

function itemSx(appearance: NavigationAppearance, depth: number): SxProps<Theme> {
  const base = {
    borderRadius: 1.5,
    mb: 0.5,
    color: 'text.secondary',
    '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 0 },
    '&:hover': { color: 'text.primary' },
    '&.active': (theme: Theme) => ({
      bgcolor: activeTint(theme, 0.16),
      color: (theme.vars ?? theme).palette.primary.main,
      '& .MuiListItemText-primary': { fontWeight: 600 },
    }),
  };
  if (appearance === 'compact') return { ...base, flexDirection: 'column', gap: 0.5, py: 1.25, px: 0.5, textAlign: 'center' };
  if (isNarrow(appearance)) return { ...base, justifyContent: 'center', py: 1.25, px: 0 };
  return { ...base, gap: 2, py: 1, pl: 2 + depth * 2, pr: 2 };
}

function ItemIcon({ item, title, size }: { item: NavigationItem; title: string; size: number }) {
  if (item.icon)
    return (
      <ListItemIcon>
        <Icon name={item.icon} size={size} />
      </ListItemIcon>
    );
  // Icons-only appearances still need something to point at when the server sends no icon.
  return (
    <ListItemIcon>
      <Avatar sx={{ width: size, height: size, fontSize: size * 0.45, bgcolor: 'action.selected', color: 'inherit' }}>{title.slice(0, 2)}</Avatar>
    </ListItemIcon>
  );
}

function BasicItem({ item, appearance, depth }: { item: NavigationItem; appearance: NavigationAppearance; depth: number }) {
  const title = useNavTitle()(item);
  const narrow = isNarrow(appearance);
  const content = (
    <>
      {(item.icon || appearance !== 'default') && <ItemIcon item={item} title={title} size={appearance === 'default' ? 22 : 24} />}
      {appearance === 'default' && <ListItemText primary={title} secondary={item.subtitle} />}
      {appearance === 'compact' && (
        <Typography variant="caption" sx={{ lineHeight: 1.2, fontWeight: 500, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      )}
    </>
  );
  const sx = itemSx(appearance, depth);
  const button = item.externalLink ? (
    <ListItemButton
      component="a"
      href={item.link}
      target={item.target}
      rel="noopener noreferrer"
      disabled={item.disabled}
      aria-label={narrow ? title : undefined}
      sx={sx}
    >
      {content}
    </ListItemButton>
  ) : (
    <ListItemButton
      component={NavLink}
      to={item.link ?? '#'}
      end={item.exactMatch ?? false}
      disabled={item.disabled}
      aria-label={narrow ? title : undefined}
      sx={sx}
    >
      {content}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {narrow ? (
        <Tooltip title={title} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}

function CollapsableItem({ item, appearance, depth }: { item: NavigationItem; appearance: NavigationAppearance; depth: number }) {
  const title = useNavTitle()(item);
  const { pathname } = useLocation();
  const childActive = isItemActive(item, pathname);
  const [open, setOpen] = useState(childActive);
  // A collapsable expands by itself when one of its links becomes active (docs/product.md, "Layouts, themes and navigation").
  useEffect(() => {
    if (childActive) setOpen(true);
  }, [childActive]);
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open} sx={itemSx(appearance, depth)}>
        {item.icon && <ItemIcon item={item} title={title} size={22} />}
        <ListItemText primary={title} secondary={item.subtitle} />
        <Icon name="heroicons_outline:chevron-down" size={16} sx={{ transition: 'transform .2s', transform: open ? 'rotate(180deg)' : 'none' }} />
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <NavItems items={item.children ?? []} appearance={appearance} depth={depth + 1} />
      </Collapse>
    </ListItem>
  );
}

function GroupItem({ item, appearance, depth }: { item: NavigationItem; appearance: NavigationAppearance; depth: number }) {
  const title = useNavTitle()(item);
  const headed = appearance === 'default';
  return (
    <ListItem disablePadding sx={{ display: 'block', mt: 1 }}>
      {headed ? (
        <ListSubheader
          component="div"
          disableSticky
          sx={{
            bgcolor: 'transparent',
            color: 'primary.main',
            fontWeight: 700,
            fontSize: '0.75rem',
            letterSpacing: '0.06em',
            textTransform: 'uppercase',
            lineHeight: 2.5,
            px: 2,
          }}
        >
          {title}
        </ListSubheader>
      ) : (
        <Divider sx={{ my: 1 }} />
      )}
      <NavItems items={item.children ?? []} appearance={appearance} depth={depth} />
    </ListItem>
  );
}

function NavNode({ item, appearance, depth }: { item: NavigationItem; appearance: NavigationAppearance; depth: number }) {
  switch (item.type) {
    case 'divider':
      return <Divider component="li" sx={{ my: 1 }} />;
    case 'spacer':
      return <Box component="li" aria-hidden sx={{ flex: 1 }} />;
    case 'group':
      return <GroupItem item={item} appearance={appearance} depth={depth} />;
    case 'collapsable':
    case 'aside':
      // The narrow appearances have no room for a title to expand, so the children are listed in place.
      return appearance === 'default' ? (
        <CollapsableItem item={item} appearance={appearance} depth={depth} />
      ) : (
        <GroupItem item={item} appearance={appearance} depth={depth} />
      );
    default:
      return <BasicItem item={item} appearance={appearance} depth={depth} />;
  }
}

function NavItems({ items, appearance, depth }: { items: NavigationItem[]; appearance: NavigationAppearance; depth: number }) {
  return (
    <List disablePadding>
      {items.map((item) => (
        <NavNode key={item.id} item={item} appearance={appearance} depth={depth} />
      ))}
    </List>
  );
}

/** The vertical navigation's items in one of its appearances (full rows, compact, dense or thin). */
export function VerticalNavigation({ items, appearance }: { items: NavigationItem[]; appearance: NavigationAppearance }) {
  return (
    <Box sx={{ px: appearance === 'default' ? 1.5 : 1, py: 1 }}>
      <NavItems items={items} appearance={appearance} depth={0} />
    </Box>
  );
}
