import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, ButtonBase, Skeleton, Tooltip, Typography } from '@mui/material';
import type { IconDrawing, IconSetId } from '@cuadre/contracts';
import { iconDrawingsQuery } from '../api/icons-api';

/** The full name an icon is used by: `namespace:name`, or the bare name for a set without a namespace. */
export const fullName = (namespace: string, name: string) => (namespace ? `${namespace}:${name}` : name);

/**
 * One page of a set's icons, each a button that copies its name. The drawings of the page are asked
 * for together (one call a page), so a set of thousands of icons draws only what is on screen.
 */
export function IconGrid({
  set,
  namespace,
  names,
  px,
  onCopy,
}: {
  set: IconSetId;
  namespace: string;
  names: string[];
  px: number;
  onCopy: (full: string) => void;
}) {
  const { t } = useTranslation();
  const drawings = useQuery(iconDrawingsQuery(set, names));
  return (
    <Box
      component="ul"
      aria-label={t('icons.gridLabel')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))', gap: 1 }}
    >
      {names.map((name) => {
        const full = fullName(namespace, name);
        return (
          <Box component="li" key={name}>
            <Tooltip title={t('icons.copyHint', { name: full })}>
              <ButtonBase
                onClick={() => onCopy(full)}
                aria-label={t('icons.copy', { name: full })}
                focusRipple
                sx={{
                  width: '100%',
                  flexDirection: 'column',
                  gap: 1,
                  p: 1.5,
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                  '&:hover, &.Mui-focusVisible': { borderColor: 'primary.main', bgcolor: 'action.hover' },
                }}
              >
                <Drawing drawing={drawings.data?.icons[name]} px={px} loading={drawings.isPending} />
                <Typography variant="caption" sx={{ color: 'text.secondary', wordBreak: 'break-all', textAlign: 'center', lineHeight: 1.2 }}>
                  {name}
                </Typography>
              </ButtonBase>
            </Tooltip>
          </Box>
        );
      })}
    </Box>
  );
}

function Drawing({ drawing, px, loading }: { drawing: IconDrawing | undefined; px: number; loading: boolean }) {
  if (!drawing) return loading ? <Skeleton variant="rounded" width={px} height={px} /> : <Box sx={{ width: px, height: px }} />;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${drawing.width} ${drawing.height}`}
      aria-hidden
      // The SVG body comes from the Iconify package the server reads, never from a user.
      dangerouslySetInnerHTML={{ __html: drawing.body }}
      sx={{ width: px, height: px, color: 'text.primary' }}
    />
  );
}
