import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Breadcrumbs, Button, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import type { FileItem } from '@cuadre/contracts';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { useListParams } from '@/components/list-kit/list-params';
import { useRowActions } from '@/components/list-kit/row-actions';
import { Icon } from '@/components/icon';
import { useNotices } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api';
import { formatDate, formatMonth } from '@/lib/format';
import { createFolder, deleteItem, downloadItem, filesKeys, folderQuery, quotaQuery, updateItem, uploadFile } from '../api/files-api';
import { arrangeItems, FILE_LIST, formatBytes, type FileSort } from '../components/arrange';
import { FolderNameDialog } from '../components/folder-name-dialog';
import { MoveDialog } from '../components/move-dialog';
import { QuotaBar } from '../components/quota-bar';
import { UploadButton, UploadZone } from '../components/upload-zone';

const column = listColumns<FileItem>();
const FOLDER_PATTERN = /^(null|receipts(:\d{4}(-\d{2})?)?|[0-9a-f-]{36})$/;

/** /apps/file-manager: the owner's folders and files, the upload, and the read-only Receipts folder (spec 001 "File manager"). */
export default function FileManager() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const queryClient = useQueryClient();
  const notices = useNotices();
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('folderId') ?? 'null';
  const folderId = FOLDER_PATTERN.test(raw) ? raw : 'null';
  const list = useListParams<FileSort>(FILE_LIST);
  const folder = useQuery(folderQuery(folderId));
  const quota = useQuery(quotaQuery);
  // What the name dialog is for (a new folder, or the item renamed), kept while it fades out.
  const [naming, setNaming] = useState<{ item?: FileItem; open: boolean }>({ open: false });
  const [moving, setMoving] = useState<FileItem | null>(null);
  const [uploading, setUploading] = useState(false);
  const readOnly = folderId.startsWith('receipts');

  const open = useCallback(
    (id: string) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        next.delete('search');
        if (id === 'null') next.delete('folderId');
        else next.set('folderId', id);
        return next;
      }),
    [setSearchParams],
  );
  // The Receipts folder's and its months' names in the reader's language.
  const nameOf = useCallback(
    (item: FileItem) => (item.id === 'receipts' ? t('files.receipts') : /^receipts:\d{4}-\d{2}$/.test(item.id) ? formatMonth(item.name, lang) : item.name),
    [t, lang],
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: filesKeys.all });

  const failedText = (err: unknown, name?: string) => {
    if (err instanceof ApiError && err.code === 'STORAGE_FULL' && err.statusCode === 507) return new Error(t('common.diskFull'));
    if (err instanceof ApiError && err.code === 'STORAGE_FULL') return new Error(t('files.storageFull', { name }));
    if (err instanceof ApiError && err.code === 'UNSUPPORTED_MEDIA_TYPE') return new Error(t('files.unsupported', { name }));
    if (err instanceof ApiError && err.code === 'TOO_LARGE') return new Error(t('files.tooLarge', { name }));
    return err;
  };

  const upload = async (files: File[]) => {
    setUploading(true);
    let kept = 0;
    try {
      for (const file of files) {
        try {
          await uploadFile(folderId, file);
          kept += 1;
        } catch (err) {
          notices.failed(failedText(err, file.name));
          return;
        }
      }
      notices.done(t('files.uploaded', { count: kept }));
    } finally {
      setUploading(false);
      await refresh();
    }
  };

  const move = useMutation({
    mutationFn: ({ item, to }: { item: FileItem; to: string | null }) => updateItem({ id: item.id, folderId: to }),
    onSuccess: (moved) => {
      notices.done(t('files.moved', { name: moved.name }));
      setMoving(null);
    },
    onError: (err) => notices.failed(err),
    onSettled: refresh,
  });

  const download = (item: FileItem) => void downloadItem(item.id, item.name).catch((err: unknown) => notices.failed(err));

  const actions = useRowActions<FileItem>({
    nameOf: (r) => r.name,
    onEdit: (r) => setNaming({ item: r, open: true }),
    remove: {
      title: t('files.deleteTitle'),
      text: (r) => (r.type === 'folder' ? t('files.deleteFolderText', { name: r.name }) : t('files.deleteFileText', { name: r.name })),
      run: (r) => deleteItem(r.id),
      onDone: (r) => {
        notices.done(t('files.deleted', { name: r.name }));
        return refresh();
      },
      onError: (err) => notices.failed(err),
    },
    extra: (r) => (
      <>
        {r.type !== 'folder' && <DownloadButton item={r} onDownload={download} />}
        <Tooltip title={t('files.move')}>
          <IconButton aria-label={`${t('files.move')} ${r.name}`} onClick={() => setMoving(r)}>
            <Icon name="heroicons_outline:arrow-right-circle" size={18} />
          </IconButton>
        </Tooltip>
      </>
    ),
  });

  const columns = useMemo(
    () => [
      column.accessor('name', {
        meta: { label: t('files.name'), sortKey: 'name', card: 'title' },
        cell: ({ row: { original: r } }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Icon
              name={r.type === 'folder' ? (r.readOnly ? 'heroicons_outline:archive-box' : 'heroicons_outline:folder') : 'heroicons_outline:document'}
              size={20}
              sx={{ color: r.type === 'folder' ? 'primary.main' : 'text.secondary' }}
            />
            {r.type === 'folder' ? (
              <Link component="button" type="button" onClick={() => open(r.id)} underline="hover" sx={{ textAlign: 'left', wordBreak: 'break-word' }}>
                {nameOf(r)}
              </Link>
            ) : r.link ? (
              <Link component={RouterLink} to={r.link} underline="hover" sx={{ wordBreak: 'break-word' }} title={t('files.openEntry')}>
                {r.name}
              </Link>
            ) : (
              <Typography component="span" sx={{ wordBreak: 'break-word' }}>
                {r.name}
              </Typography>
            )}
          </Stack>
        ),
      }),
      column.accessor('type', {
        meta: { label: t('files.type'), sortKey: 'type' },
        cell: (c) => (c.getValue() === 'folder' ? t('files.folder') : c.getValue()),
      }),
      column.accessor('size', {
        meta: { label: t('files.size'), sortKey: 'size', align: 'right' },
        cell: ({ row: { original: r } }) =>
          r.type === 'folder' ? `${formatBytes(r.size, lang)} · ${t('files.items', { count: r.contents ?? 0 })}` : formatBytes(r.size, lang),
      }),
      column.accessor('modifiedAt', { meta: { label: t('files.modified'), sortKey: 'modifiedAt' }, cell: (c) => formatDate(c.getValue(), lang) }),
      column.accessor('description', { meta: { label: t('files.description'), card: 'detail' }, cell: (c) => c.getValue() ?? '—' }),
    ],
    [t, lang, open, nameOf],
  );

  const arranged = useMemo(() => (folder.data ? arrangeItems(folder.data, list.params, lang) : undefined), [folder.data, list.params, lang]);
  const listQuery = { ...folder, data: arranged };
  const path = folder.data?.path ?? [];
  const isEmptyRoot = folderId === 'null' && folder.data && folder.data.files.length === 0 && folder.data.folders.every((f) => f.readOnly);

  return (
    <Box>
      <PageHeader
        title={t('files.title')}
        subtitle={t('files.subtitle')}
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<Icon name="heroicons_outline:folder-plus" size={20} />}
              disabled={readOnly}
              onClick={() => setNaming({ open: true })}
            >
              {t('files.newFolder')}
            </Button>
            <UploadButton disabled={readOnly || uploading} onFiles={(f) => void upload(f)} />
          </>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Breadcrumbs aria-label={t('files.path')} sx={{ minWidth: 0 }}>
          {path.length === 0 ? (
            <Typography sx={{ color: 'text.primary' }} aria-current="page">
              {t('files.root')}
            </Typography>
          ) : (
            <Link component="button" type="button" onClick={() => open('null')} underline="hover">
              {t('files.root')}
            </Link>
          )}
          {path.map((p, i) =>
            i === path.length - 1 ? (
              <Typography key={p.id} sx={{ color: 'text.primary' }} aria-current="page">
                {nameOf(p)}
              </Typography>
            ) : (
              <Link key={p.id} component="button" type="button" onClick={() => open(p.id)} underline="hover">
                {nameOf(p)}
              </Link>
            ),
          )}
        </Breadcrumbs>
        {quota.data && <QuotaBar quota={quota.data} />}
      </Stack>
      {readOnly && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('files.receiptsNote')}
        </Typography>
      )}
      {isEmptyRoot && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }} role="note">
          {t('files.emptyRoot')}
        </Typography>
      )}
      <UploadZone disabled={readOnly} busy={uploading} onFiles={(f) => void upload(f)}>
        <ListToolbar
          list={list}
          searchLabel={t('files.search')}
          sortLabels={{ name: t('files.name'), type: t('files.type'), size: t('files.size'), modifiedAt: t('files.modified') }}
        />
        <DataList<FileItem, FileSort, never>
          label={t('files.listLabel')}
          list={list}
          query={listQuery}
          columns={columns}
          getRowId={(r) => r.id}
          rowActions={(r) => (r.readOnly ? r.type !== 'folder' ? <DownloadButton item={r} onDownload={download} /> : null : actions.render(r))}
          empty={{
            title: readOnly ? t('files.receiptsEmpty') : t('files.emptyTitle'),
            text: readOnly ? t('files.receiptsEmptyText') : t('files.emptyText'),
            icon: 'heroicons_outline:folder-open',
          }}
          noMatch={{ title: t('files.noMatch') }}
        />
      </UploadZone>
      {actions.confirm}
      <FolderNameDialog
        open={naming.open}
        item={naming.item}
        onClose={() => setNaming((n) => ({ ...n, open: false }))}
        save={(name) => (naming.item ? updateItem({ id: naming.item.id, name }) : createFolder({ folderId: folderId === 'null' ? null : folderId, name }))}
        onSaved={() => {
          notices.done(naming.item ? t('files.renamed') : t('files.folderMade'));
          setNaming((n) => ({ ...n, open: false }));
          void refresh();
        }}
      />
      <MoveDialog item={moving} onClose={() => setMoving(null)} pending={move.isPending} onMove={(to) => moving && move.mutate({ item: moving, to })} />
      {notices.view}
    </Box>
  );
}

function DownloadButton({ item, onDownload }: { item: FileItem; onDownload: (item: FileItem) => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('files.download')}>
      <IconButton aria-label={`${t('files.download')} ${item.name}`} onClick={() => onDownload(item)}>
        <Icon name="heroicons_outline:arrow-down-tray" size={18} />
      </IconButton>
    </Tooltip>
  );
}
