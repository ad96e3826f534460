import icons from 'virtual:icons';
import { Box, type SxProps, type Theme } from '@mui/material';

export interface IconProps {
  /** An icon name such as `heroicons_outline:home` (docs/product.md, "Layouts, themes and navigation"); write it as a literal so the build bundles it. */
  name: string;
  size?: number;
  sx?: SxProps<Theme>;
  title?: string;
}

/**
 * An icon from the offline Iconify sets, bundled at build time (see icons-plugin.ts). The SVG body is
 * build-time data from the icon package, never user text. Decorative unless a title is given.
 */
export function Icon({ name, size = 24, sx, title }: IconProps) {
  const data = icons[name];
  // Without an sx, the icon's few fixed styles go inline (issue 30): an icon is the app's most repeated
  // element (the top bar, every button and row action), and a Box would cost each one a style
  // serialized and hashed at run time. With an sx, the Box merges it.
  if (!sx) {
    const style = { width: size, height: size, flexShrink: 0, display: 'inline-block', verticalAlign: 'middle' } as const;
    if (!data) return <span style={{ display: 'inline-block', width: size, height: size }} aria-hidden />;
    return (
      <svg
        viewBox={`0 0 ${data.width} ${data.height}`}
        role={title ? 'img' : undefined}
        aria-hidden={title ? undefined : true}
        aria-label={title}
        dangerouslySetInnerHTML={{ __html: data.body }}
        style={style}
      />
    );
  }
  if (!data) return <Box component="span" sx={{ display: 'inline-block', width: size, height: size, ...sx }} aria-hidden />;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${data.width} ${data.height}`}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      dangerouslySetInnerHTML={{ __html: data.body }}
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        display: 'inline-block',
        verticalAlign: 'middle',
        ...sx,
      }}
    />
  );
}
