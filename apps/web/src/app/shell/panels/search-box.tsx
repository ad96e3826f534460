import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Box, ClickAwayListener, IconButton, InputBase, Paper, Popper, Typography, useMediaQuery, useTheme } from '@mui/material';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, type SearchResult } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { search } from '@/lib/panels';
import { useDebounced } from '@/lib/use-debounced';

/**
 * The search box (docs/product.md, "Top bar, user menu and panels"): `basic` in the top bar on larger screens, `bar` (a button that opens
 * a bar across the top) on a phone. It asks the server 300 ms after typing stops, from 2
 * characters; below that the results clear. `/` or Ctrl+K focuses it, the arrows move through the
 * results, Enter opens one, Escape closes the bar (or the list first).
 */
export function SearchBox() {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [barOpen, setBarOpen] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const listId = useId();
  const debounced = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const enough = debounced.length >= SEARCH_MIN_LENGTH;
  const results = useQuery({
    queryKey: ['panels', 'search', debounced],
    queryFn: ({ signal }) => search(debounced, signal),
    enabled: enough,
    staleTime: 10_000,
  });
  const sets = enough ? (results.data ?? []) : [];
  const flat = sets.flatMap((s) => s.results);

  // The field takes the focus in the same event that asks for it (the phone's bar is rendered at
  // once for that): a key typed right after `/` goes into it, not to the page behind.
  const openAndFocus = useCallback(() => {
    flushSync(() => setBarOpen(true));
    input.current?.focus();
  }, []);

  // `/` (outside a field) or Ctrl/Cmd+K: to the search. Listened to from before the top bar is first
  // painted (a layout effect), so the shortcut works as soon as the bar can be seen.
  useLayoutEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const typing = e.target instanceof HTMLElement && (e.target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName));
      if ((e.key === '/' && !typing) || (e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        openAndFocus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openAndFocus]);
  useEffect(() => setActive(0), [debounced]);

  const close = () => {
    setListOpen(false);
    setBarOpen(false);
    setQuery('');
  };
  const go = (r: SearchResult) => {
    close();
    void navigate(r.link);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && flat.length) {
      e.preventDefault();
      setListOpen(true);
      setActive((a) => (a + 1) % flat.length);
    } else if (e.key === 'ArrowUp' && flat.length) {
      e.preventDefault();
      setActive((a) => (a - 1 + flat.length) % flat.length);
    } else if (e.key === 'Enter' && flat[active]) {
      e.preventDefault();
      go(flat[active]);
    } else if (e.key === 'Escape') {
      if (listOpen && query) setListOpen(false);
      else close();
    }
  };

  const showList = listOpen && enough && (barOpen || !phone);
  const field = (
    <Box
      ref={anchor}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        height: 40,
        borderRadius: phone ? 0 : 2,
        bgcolor: phone ? 'background.paper' : 'action.hover',
        width: phone ? '100%' : { md: 220, lg: 300 },
      }}
    >
      <Icon name="heroicons_outline:magnifying-glass" size={20} sx={{ color: 'text.secondary' }} />
      <InputBase
        inputRef={input}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setListOpen(true);
        }}
        onFocus={() => setListOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={t('shell.search.placeholder')}
        sx={{ flex: 1, fontSize: 14 }}
        inputProps={{
          role: 'combobox',
          'aria-label': t('shell.search.label'),
          'aria-expanded': showList,
          'aria-controls': listId,
          'aria-autocomplete': 'list',
          'aria-activedescendant': showList && flat[active] ? `${listId}-${active}` : undefined,
          maxLength: 100,
        }}
      />
      {phone && (
        <IconButton size="small" onClick={close} aria-label={t('shell.search.close')}>
          <Icon name="heroicons_outline:x-mark" size={20} />
        </IconButton>
      )}
    </Box>
  );

  let index = -1;
  return (
    <ClickAwayListener onClickAway={() => setListOpen(false)}>
      <Box>
        {phone && !barOpen ? (
          <IconButton onClick={openAndFocus} aria-label={t('shell.search.label')}>
            <Icon name="heroicons_outline:magnifying-glass" size={22} />
          </IconButton>
        ) : phone ? (
          <Box sx={{ position: 'absolute', inset: 0, zIndex: 2, display: 'flex', alignItems: 'center', bgcolor: 'background.paper', boxShadow: 2 }}>
            {field}
          </Box>
        ) : (
          field
        )}
        <Popper open={showList} anchorEl={anchor.current} placement="bottom-start" sx={{ zIndex: theme.zIndex.modal, width: phone ? '100%' : 360 }}>
          <Paper elevation={8} sx={{ maxHeight: 256 * 1.5, overflowY: 'auto', mt: 0.5 }}>
            <Box component="ul" role="listbox" id={listId} aria-label={t('shell.search.results')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {results.isFetching && !results.data ? (
                <Typography
                  component="li"
                  role="presentation"
                  sx={{
                    color: 'text.secondary',
                    p: 2,
                  }}
                >
                  {t('shell.search.searching')}
                </Typography>
              ) : flat.length === 0 ? (
                <Typography
                  component="li"
                  role="presentation"
                  sx={{
                    color: 'text.secondary',
                    p: 2,
                  }}
                >
                  {t('shell.search.none')}
                </Typography>
              ) : (
                sets.map((set) => (
                  <Box component="li" role="presentation" key={set.id}>
                    <Typography
                      role="presentation"
                      sx={{ px: 2, pt: 1.5, pb: 0.5, fontSize: 12, fontWeight: 700, letterSpacing: 0.5, textTransform: 'uppercase', color: 'text.secondary' }}
                    >
                      {set.label}
                    </Typography>
                    <Box component="ul" role="group" aria-label={set.label} sx={{ m: 0, p: 0, listStyle: 'none' }}>
                      {set.results.map((r) => {
                        index += 1;
                        const i = index;
                        return (
                          <Box
                            component="li"
                            role="option"
                            id={`${listId}-${i}`}
                            aria-selected={i === active}
                            key={`${set.id}-${r.link}-${i}`}
                            onMouseDown={(e) => e.preventDefault()}
                            onClick={() => go(r)}
                            onMouseEnter={() => setActive(i)}
                            sx={{
                              px: 2,
                              py: 1,
                              cursor: 'pointer',
                              bgcolor: i === active ? 'action.selected' : undefined,
                              // A contact carries its avatar (spec 000's contact result): drawn beside its name.
                              ...(r.avatar !== undefined ? { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, alignItems: 'center' } : {}),
                            }}
                          >
                            {r.avatar !== undefined && (
                              <Avatar src={r.avatar ?? undefined} alt="" sx={{ width: 28, height: 28, fontSize: 14, gridRow: 'span 2' }}>
                                {r.title.slice(0, 1).toUpperCase()}
                              </Avatar>
                            )}
                            <Typography sx={{ fontSize: 14 }}>{r.title}</Typography>
                            {r.subtitle && (
                              <Typography
                                variant="caption"
                                sx={{
                                  color: 'text.secondary',
                                }}
                              >
                                {r.subtitle}
                              </Typography>
                            )}
                          </Box>
                        );
                      })}
                    </Box>
                  </Box>
                ))
              )}
            </Box>
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
