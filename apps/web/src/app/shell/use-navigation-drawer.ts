import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';

/** Whether the side navigation is open on a wide screen; kept while the layout remounts between route groups. */
let sideOpenMemory = true;

/**
 * The navigation's two modes (docs/product.md, "Layouts, themes and navigation"): below md an over-layer drawer, closed at first and
 * closed by any route navigation; from md a side panel, open at first, that the same button hides.
 */
export function useNavigationDrawer() {
  const theme = useTheme();
  const isOver = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [overOpen, setOverOpen] = useState(false);
  const [sideOpen, setSideOpen] = useState(sideOpenMemory);
  const location = useLocation();

  useEffect(() => setOverOpen(false), [location.pathname, location.search, isOver]);

  const toggle = useCallback(() => {
    if (isOver) setOverOpen((o) => !o);
    else
      setSideOpen((o) => {
        sideOpenMemory = !o;
        return !o;
      });
  }, [isOver]);

  return { isOver, overOpen, sideOpen, isOpen: isOver ? overOpen : sideOpen, toggle, closeOver: useCallback(() => setOverOpen(false), []) };
}
