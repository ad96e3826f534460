import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardActionArea, CardActions, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { Board } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { EmptyState, QueryView } from '@/components/page-states';
import { useNotices } from '@/components/notice';
import { boardsQuery, deleteBoard, refreshScrumboard } from '../api/scrumboard-api';
import { BoardFormDialog } from '../components/board-form-dialog';

/** /apps/scrumboard: the owner's boards as cards, latest activity first; new, rename, delete (after a question). */
export default function Boards() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const boards = useQuery(boardsQuery);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Board | undefined>();
  const [removing, setRemoving] = useState<Board | null>(null);
  const [pending, setPending] = useState(false);
  const { done, failed, view } = useNotices();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setCreating(true)}>
      {t('scrumboard.boards.new')}
    </Button>
  );

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <PageHeader title={t('scrumboard.title')} subtitle={t('scrumboard.subtitle')} actions={newButton} />
      <QueryView
        query={boards}
        isEmpty={(rows) => rows.length === 0}
        empty={
          <EmptyState
            icon="heroicons_outline:view-columns"
            title={t('scrumboard.boards.emptyTitle')}
            text={t('scrumboard.boards.emptyText')}
            action={newButton}
          />
        }
      >
        {(rows) => (
          <Box
            component="ul"
            aria-label={t('scrumboard.boards.listLabel')}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
          >
            {rows.map((b) => (
              <Box component="li" key={b.id}>
                <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                  <CardActionArea component={RouterLink} to={`/apps/scrumboard/${b.id}`} sx={{ flex: 1, alignItems: 'flex-start' }}>
                    <CardContent>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
                        <Icon name={b.icon || 'heroicons_outline:view-columns'} size={24} />
                        <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
                          {b.title}
                        </Typography>
                      </Stack>
                      {b.description && (
                        <Typography sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{b.description}</Typography>
                      )}
                      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
                        {t('scrumboard.boards.lastActivity', { when: when.format(new Date(b.lastActivity)) })}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                  <CardActions sx={{ justifyContent: 'flex-end' }}>
                    <Tooltip title={t('scrumboard.boards.rename', { name: b.title })}>
                      <IconButton aria-label={t('scrumboard.boards.rename', { name: b.title })} onClick={() => setRenaming(b)}>
                        <Icon name="heroicons_outline:pencil-square" size={20} />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('scrumboard.boards.delete', { name: b.title })}>
                      <IconButton aria-label={t('scrumboard.boards.delete', { name: b.title })} onClick={() => setRemoving(b)}>
                        <Icon name="heroicons_outline:trash" size={20} />
                      </IconButton>
                    </Tooltip>
                  </CardActions>
                </Card>
              </Box>
            ))}
          </Box>
        )}
      </QueryView>
      <BoardFormDialog open={creating} onClose={() => setCreating(false)} onSaved={(b) => void navigate(`/apps/scrumboard/${b.id}`)} />
      <BoardFormDialog open={renaming !== undefined} board={renaming} onClose={() => setRenaming(undefined)} onSaved={() => done(t('scrumboard.saved'))} />
      <ConfirmDialog
        open={removing !== null}
        title={t('scrumboard.boards.deleteTitle')}
        text={t('scrumboard.boards.deleteText', { name: removing?.title ?? '' })}
        confirmLabel={t('scrumboard.delete')}
        destructive
        pending={pending}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          setPending(true);
          try {
            await deleteBoard(removing!.id);
            await refreshScrumboard(qc);
            done(t('scrumboard.boards.deleted'));
            setRemoving(null);
          } catch (err) {
            failed(err);
          } finally {
            setPending(false);
          }
        }}
      />
      {view}
    </Box>
  );
}
