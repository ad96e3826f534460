import { Box } from '@mui/material';

/**
 * A help article's HTML. It is made on the server from the repository's Markdown by markdown-it with
 * raw HTML turned off (any tag in the source comes out escaped) and its link check on, so it holds
 * only what Markdown can say; no user-written text ever reaches it.
 */
export function Article({ html }: { html: string }) {
  return (
    <Box
      sx={{ '& p': { my: 1.25, lineHeight: 1.7 }, '& ul, & ol': { pl: 3 }, '& li': { my: 0.5 }, '& a': { color: 'primary.main' }, maxWidth: 720 }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
