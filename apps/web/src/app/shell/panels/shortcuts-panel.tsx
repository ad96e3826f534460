import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import { SHORTCUT_ICONS, ZShortcutInput, type Shortcut, type ShortcutInput } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { FormFooter, FormTextField } from '@/components/form/fields';
import { useAppForm } from '@/components/form/use-app-form';
import { useNotices } from '@/components/notice';
import { shortcutCalls, shortcutsQuery } from '@/lib/panels';
import { PanelHeader } from './panel-button';

type Mode = { kind: 'view' } | { kind: 'modify' } | { kind: 'add' } | { kind: 'edit'; shortcut: Shortcut };

/**
 * The shortcuts panel (docs/product.md, "Top bar, user menu and panels"): view → modify by the edit button; modify → view by
 * cancel, → add by the new button, → edit by clicking a shortcut; save or delete → modify; cancel
 * in add or edit → modify. A grid of two columns.
 */
export default function ShortcutsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useQuery(shortcutsQuery);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const shortcuts = list.data ?? [];
  const title = t('shell.panels.shortcuts.title');

  const open = (s: Shortcut) => {
    if (mode.kind === 'modify') return setMode({ kind: 'edit', shortcut: s });
    onClose();
    if (s.useRouter) void navigate(s.link);
    else window.open(s.link, '_blank', 'noopener,noreferrer');
  };

  return (
    <>
      <PanelHeader title={title} onClose={onClose}>
        {mode.kind === 'view' && (
          <Tooltip title={t('shell.panels.shortcuts.enterEdit')}>
            <IconButton size="small" sx={{ color: 'inherit' }} onClick={() => setMode({ kind: 'modify' })} aria-label={t('shell.panels.shortcuts.enterEdit')}>
              <Icon name="heroicons_outline:pencil" size={20} />
            </IconButton>
          </Tooltip>
        )}
        {mode.kind === 'modify' && (
          <>
            <Tooltip title={t('shell.panels.shortcuts.add')}>
              <IconButton size="small" sx={{ color: 'inherit' }} onClick={() => setMode({ kind: 'add' })} aria-label={t('shell.panels.shortcuts.add')}>
                <Icon name="heroicons_outline:plus-circle" size={20} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('shell.panels.shortcuts.exitEdit')}>
              <IconButton size="small" sx={{ color: 'inherit' }} onClick={() => setMode({ kind: 'view' })} aria-label={t('shell.panels.shortcuts.exitEdit')}>
                <Icon name="heroicons_outline:check-circle" size={20} />
              </IconButton>
            </Tooltip>
          </>
        )}
      </PanelHeader>
      <Box sx={{ overflowY: 'auto', flex: 1 }}>
        {mode.kind === 'add' || mode.kind === 'edit' ? (
          <ShortcutForm shortcut={mode.kind === 'edit' ? mode.shortcut : undefined} onDone={() => setMode({ kind: 'modify' })} />
        ) : shortcuts.length === 0 && !list.isPending ? (
          <Box sx={{ p: 4, textAlign: 'center' }}>
            <Icon name="heroicons_outline:bookmark" size={40} sx={{ color: 'text.disabled' }} />
            <Typography sx={{ mt: 1, fontWeight: 600 }}>{t('shell.panels.shortcuts.empty')}</Typography>
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
              }}
            >
              {t('shell.panels.shortcuts.emptyText')}
            </Typography>
          </Box>
        ) : (
          <Box component="ul" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', m: 0, p: 0, listStyle: 'none' }} aria-label={title}>
            {shortcuts.map((s) => (
              <Box component="li" key={s.id} sx={{ borderRight: 1, borderBottom: 1, borderColor: 'divider', '&:nth-of-type(2n)': { borderRight: 0 } }}>
                <Box
                  component="button"
                  type="button"
                  onClick={() => open(s)}
                  aria-label={mode.kind === 'modify' ? t('shell.panels.shortcuts.editOne', { label: s.label }) : s.label}
                  sx={{
                    all: 'unset',
                    boxSizing: 'border-box',
                    width: '100%',
                    cursor: 'pointer',
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    textAlign: 'center',
                    gap: 0.5,
                    p: 2,
                    minHeight: 112,
                    position: 'relative',
                    '&:hover': { bgcolor: 'action.hover' },
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: -2 },
                  }}
                >
                  {mode.kind === 'modify' && (
                    <Icon name="heroicons_outline:pencil" size={16} sx={{ position: 'absolute', top: 8, right: 8, color: 'text.secondary' }} />
                  )}
                  <Box sx={{ width: 40, height: 40, borderRadius: '50%', bgcolor: 'action.selected', display: 'grid', placeItems: 'center' }}>
                    <Icon name={s.icon} size={22} />
                  </Box>
                  <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{s.label}</Typography>
                  {s.description && (
                    <Typography
                      variant="caption"
                      sx={{
                        color: 'text.secondary',
                      }}
                    >
                      {s.description}
                    </Typography>
                  )}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </>
  );
}

/** Add or edit one shortcut (the form pattern, on the contract's schema); an edited one can be deleted. */
function ShortcutForm({ shortcut, onDone }: { shortcut?: Shortcut; onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const notices = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: shortcutsQuery.queryKey });
  const f = useAppForm<ShortcutInput>(ZShortcutInput, {
    defaultValues: shortcut
      ? { label: shortcut.label, description: shortcut.description ?? '', icon: shortcut.icon, link: shortcut.link, useRouter: shortcut.useRouter }
      : { label: '', description: '', icon: SHORTCUT_ICONS[0], link: '', useRouter: true },
    submit: (values) => (shortcut ? shortcutCalls.update(shortcut.id, values) : shortcutCalls.create(values)),
    onSuccess: () => {
      void refresh();
      onDone();
    },
    guardLeaving: false,
  });
  const remove = useMutation({
    mutationFn: () => shortcutCalls.remove(shortcut!.id),
    onSuccess: () => {
      void refresh();
      onDone();
    },
    onError: notices.failed,
  });
  const c = f.form.control;
  return (
    <Box component="form" noValidate onSubmit={f.onSubmit} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <FormTextField control={c} name="label" label={t('shell.panels.shortcuts.label')} required size="small" />
        <FormTextField control={c} name="description" label={t('shell.panels.shortcuts.description')} size="small" />
        <FormTextField control={c} name="icon" label={t('shell.panels.shortcuts.icon')} select required size="small">
          {SHORTCUT_ICONS.map((i) => (
            <MenuItem key={i} value={i}>
              <Icon name={i} size={20} sx={{ mr: 1 }} />
              {i.split(':')[1]}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={c}
          name="link"
          label={t('shell.panels.shortcuts.link')}
          required
          size="small"
          helperText={t('shell.panels.shortcuts.linkHint')}
        />
        <Controller
          control={c}
          name="useRouter"
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={t('shell.panels.shortcuts.useRouter')}
            />
          )}
        />
        <FormFooter
          formError={f.formError}
          pending={f.pending}
          disabled={!f.form.formState.isValid}
          submitLabel={shortcut ? t('shell.panels.shortcuts.update') : t('shell.panels.shortcuts.addButton')}
          extra={
            <Stack direction="row" spacing={1}>
              <Button onClick={onDone}>{t('shell.panels.shortcuts.cancel')}</Button>
              {shortcut && (
                <Button color="error" onClick={() => remove.mutate()} disabled={remove.isPending}>
                  {t('shell.panels.shortcuts.delete')}
                </Button>
              )}
            </Stack>
          }
        />
      </Stack>
      {notices.view}
    </Box>
  );
}
