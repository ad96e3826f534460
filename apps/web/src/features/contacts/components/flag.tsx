import { Box } from '@mui/material';

/**
 * A country's flag: the image the server gives as the country's `flagImagePos` (an SVG of the
 * flag-icons package, served by Cuadre itself), not an emoji, which shows as two letters or a box
 * where no emoji font is installed. Decorative: the country's name or code is always beside it.
 */
export function Flag({ src, size = 20 }: { src: string | undefined; size?: number }) {
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={size}
      height={Math.round((size * 3) / 4)}
      loading="lazy"
      sx={{ display: 'inline-block', flexShrink: 0, verticalAlign: 'middle', borderRadius: '2px', boxShadow: (th) => `0 0 0 1px ${th.palette.divider}` }}
    />
  );
}
