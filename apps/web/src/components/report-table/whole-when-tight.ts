import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether a table's compact columns show whole units. Exact figures first; when the table is wider
 * than its frame, whole units are tried; if the table still does not fit (a phone), it scrolls with
 * the exact figures, since rounding would then hide the cents for nothing. Measured again at every
 * new width or new figures, before the browser paints, so no step of the trial is ever seen.
 */
export function useWholeWhenTight(frame: RefObject<HTMLElement | null>, figures: unknown, enabled = true): boolean {
  const [width, setWidth] = useState<number | null>(null);
  const [fit, setFit] = useState<{ width: number | null; figures: unknown; mode: 'exact' | 'whole' | 'scroll' }>({ width: null, figures, mode: 'exact' });
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el || !enabled) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame, enabled]);
  const current = fit.width === width && fit.figures === figures ? fit.mode : 'exact';
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el || width === null || !enabled) return;
    const overflows = el.scrollWidth > el.clientWidth;
    if (current === 'exact' && overflows) setFit({ width, figures, mode: 'whole' });
    else if (current === 'whole' && overflows) setFit({ width, figures, mode: 'scroll' });
    else if (fit.width !== width || fit.figures !== figures) setFit({ width, figures, mode: current });
  }, [frame, width, current, figures, fit.width, fit.figures, enabled]);
  return enabled && current === 'whole';
}
