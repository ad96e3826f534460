import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Box } from '@mui/material';

/**
 * A help article's HTML. It is made on the server from the repository's Markdown by markdown-it with
 * raw HTML turned off (any tag in the source comes out escaped) and its link check on, so it holds
 * only what Markdown can say; no user-written text ever reaches it.
 *
 * Its links to screens of the app (`/user/dailyincome`) open through the router, as every other
 * link in the app does, instead of reloading the whole app; a click with a modifier key or another
 * button is left to the browser (a new tab or window).
 */
export function Article({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    // One listener on the article (its links are plain HTML, not React elements): a click, or Enter on a focused link.
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest('a') : null;
      const href = link?.getAttribute('href');
      if (!link || !href || !box.contains(link) || !href.startsWith('/') || href.startsWith('//')) return;
      if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      e.preventDefault();
      void navigate(href);
    };
    box.addEventListener('click', onClick);
    return () => box.removeEventListener('click', onClick);
  }, [navigate]);
  return (
    <Box
      ref={ref}
      sx={{ '& p': { my: 1.25, lineHeight: 1.7 }, '& ul, & ol': { pl: 3 }, '& li': { my: 0.5 }, '& a': { color: 'primary.main' }, maxWidth: 720 }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
