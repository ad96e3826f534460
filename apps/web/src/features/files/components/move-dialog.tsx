import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  Breadcrumbs,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { FileItem } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { QueryView } from '@/components/page-states';
import { folderQuery } from '../api/files-api';

/**
 * The folder picker of a move: browse from the root, open a folder, move the item here. The item
 * itself (a folder cannot go into itself or what is inside it) and the read-only Receipts folder are
 * not offered; the server refuses them anyway.
 */
export function MoveDialog({
  item,
  onClose,
  onMove,
  pending,
}: {
  item: FileItem | null;
  onClose: () => void;
  onMove: (folderId: string | null) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [at, setAt] = useState<string>('null');
  // The item stays named while the dialog fades out, and the picker starts at the root once it has.
  const [shown, setShown] = useState(item);
  if (item && item !== shown) setShown(item);
  const query = useQuery({ ...folderQuery(at), enabled: item !== null });
  const here = at === 'null' ? null : at;
  return (
    <Dialog
      open={item !== null}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
      aria-labelledby="move-title"
      slotProps={{ transition: { onExited: () => setAt('null') } }}
    >
      <DialogTitle id="move-title">{shown ? t('files.moveTitle', { name: shown.name }) : ''}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 260 }}>
        <Breadcrumbs aria-label={t('files.pickerPath')} sx={{ mb: 1 }}>
          <Link component="button" type="button" onClick={() => setAt('null')} underline="hover">
            {t('files.root')}
          </Link>
          {query.data?.path.map((p) => (
            <Link key={p.id} component="button" type="button" onClick={() => setAt(p.id)} underline="hover">
              {p.name}
            </Link>
          ))}
        </Breadcrumbs>
        <QueryView query={query}>
          {(data) => {
            const folders = data.folders.filter((f) => !f.readOnly && f.id !== item?.id);
            return folders.length ? (
              <List dense aria-label={t('files.pickerFolders')}>
                {folders.map((f) => (
                  <ListItemButton key={f.id} onClick={() => setAt(f.id)}>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <Icon name="heroicons_outline:folder" size={20} />
                    </ListItemIcon>
                    <ListItemText primary={f.name} />
                  </ListItemButton>
                ))}
              </List>
            ) : (
              <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('files.pickerEmpty')}</Typography>
            );
          }}
        </QueryView>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" disabled={pending || !item || (item.folderId ?? null) === here} onClick={() => onMove(here)}>
          {t('files.moveHere')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
