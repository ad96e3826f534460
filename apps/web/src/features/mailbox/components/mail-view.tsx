import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, Box, Button, Chip, Divider, IconButton, Menu, MenuItem, Checkbox, ListItemText, Stack, Tooltip, Typography } from '@mui/material';
import { MAIL_FOLDERS, type Mail, type MailChanges, type MailLabel } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { downloadAttachment } from '../api/mailbox-api';
import { fileSize, nameOf } from '../lib/compose';
import { LABEL_COLORS } from './label-colors';

const folderSlug = (id: string) => MAIL_FOLDERS.find((f) => f.id === id)?.slug ?? 'inbox';
const folderIdOf = (slug: string) => MAIL_FOLDERS.find((f) => f.slug === slug)!.id;

export interface MailActions {
  change: (changes: MailChanges) => void;
  reply: (all: boolean) => void;
  forward: () => void;
  editDraft: () => void;
  onFailed: (err: unknown) => void;
}

/** One mail: who, when, the labels, the actions (reply, forward, flags, labels, spam, trash or restore), the content and the files. */
export function MailView({ mail, labels, actions, onBack }: { mail: Mail; labels: MailLabel[]; actions: MailActions; onBack?: () => void }) {
  const { t, i18n } = useTranslation();
  const [labelMenu, setLabelMenu] = useState<HTMLElement | null>(null);
  const slug = folderSlug(mail.folder);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(mail.date));
  const labelById = new Map(labels.map((l) => [l.id, l]));

  const toggleLabel = (id: string) => actions.change({ labels: mail.labels.includes(id) ? mail.labels.filter((l) => l !== id) : [...mail.labels, id] });

  // Restoring asks for the inbox: the server puts a draft back in drafts and a sent mail back in sent.
  const tool = (label: string, icon: string, onClick: () => void, pressed?: boolean) => (
    <Tooltip title={label}>
      <IconButton aria-label={label} aria-pressed={pressed} onClick={onClick} color={pressed ? 'primary' : 'default'}>
        <Icon name={icon} size={20} />
      </IconButton>
    </Tooltip>
  );

  return (
    <Box component="article" aria-labelledby="mail-subject" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        {onBack && tool(t('mailbox.back'), 'heroicons_outline:arrow-left', onBack)}
        {slug === 'drafts' ? (
          <Button variant="contained" size="small" onClick={actions.editDraft} startIcon={<Icon name="heroicons_outline:pencil" size={18} />}>
            {t('mailbox.editDraft')}
          </Button>
        ) : (
          <>
            {tool(t('mailbox.reply'), 'heroicons_outline:arrow-uturn-left', () => actions.reply(false))}
            {tool(t('mailbox.replyAll'), 'heroicons_outline:arrows-right-left', () => actions.reply(true))}
            {tool(t('mailbox.forward'), 'heroicons_outline:arrow-uturn-right', actions.forward)}
          </>
        )}
        <Box sx={{ flex: 1 }} />
        {tool(
          mail.starred ? t('mailbox.unstar') : t('mailbox.star'),
          mail.starred ? 'heroicons_solid:star' : 'heroicons_outline:star',
          () => actions.change({ starred: !mail.starred }),
          mail.starred,
        )}
        {tool(
          mail.important ? t('mailbox.notImportant') : t('mailbox.important'),
          'heroicons_outline:exclamation-circle',
          () => actions.change({ important: !mail.important }),
          mail.important,
        )}
        {tool(t('mailbox.markUnread'), 'heroicons_outline:envelope', () => actions.change({ unread: true }))}
        <Tooltip title={t('mailbox.labelsMenu')}>
          <IconButton aria-label={t('mailbox.labelsMenu')} aria-haspopup="menu" onClick={(e) => setLabelMenu(e.currentTarget)}>
            <Icon name="heroicons_outline:tag" size={20} />
          </IconButton>
        </Tooltip>
        <Menu anchorEl={labelMenu} open={!!labelMenu} onClose={() => setLabelMenu(null)}>
          {labels.length === 0 && <MenuItem disabled>{t('mailbox.noLabels')}</MenuItem>}
          {labels.map((l) => (
            <MenuItem key={l.id} onClick={() => toggleLabel(l.id)}>
              <Checkbox checked={mail.labels.includes(l.id)} size="small" sx={{ p: 0, mr: 1 }} />
              <ListItemText primary={l.title} />
            </MenuItem>
          ))}
        </Menu>
        {slug === 'inbox' && tool(t('mailbox.toSpam'), 'heroicons_outline:exclamation-triangle', () => actions.change({ folder: folderIdOf('spam') }))}
        {slug === 'spam' && tool(t('mailbox.notSpam'), 'heroicons_outline:inbox', () => actions.change({ folder: folderIdOf('inbox') }))}
        {slug === 'trash'
          ? tool(t('mailbox.restore'), 'heroicons_outline:arrow-uturn-up', () => actions.change({ folder: folderIdOf('inbox') }))
          : tool(t('mailbox.toTrash'), 'heroicons_outline:trash', () => actions.change({ folder: folderIdOf('trash') }))}
      </Stack>
      <Typography id="mail-subject" variant="h5" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {mail.subject || t('mailbox.noSubject')}
      </Typography>
      {mail.labels.length > 0 && (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {mail.labels.map((id) => {
            const l = labelById.get(id);
            return l ? <Chip key={id} size="small" label={l.title} sx={{ bgcolor: LABEL_COLORS[l.color], color: '#fff' }} /> : null;
          })}
        </Stack>
      )}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', mt: 2 }}>
        <Avatar src={mail.from.avatar ?? undefined} alt="">
          {nameOf(mail.from.contact).slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{mail.from.contact}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('mailbox.toLine', { to: mail.to.join(', ') || '—' })}
            {mail.ccCount > 0 && ` · ${t('mailbox.ccLine', { cc: mail.cc.join(', ') })}`}
            {mail.bccCount > 0 && ` · ${t('mailbox.bccLine', { bcc: mail.bcc.join(', ') })}`}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {date}
          </Typography>
        </Box>
      </Stack>
      <Divider sx={{ my: 2 }} />
      {/* Sanitised by the server with sanitize-html (mailbox.service.ts): text formatting and links only. */}
      <Box
        className="mail-content"
        sx={{ overflowWrap: 'anywhere', '& p': { mt: 0, mb: 1.5 }, '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 2, ml: 0 } }}
        dangerouslySetInnerHTML={{ __html: mail.content }}
      />
      {mail.attachments.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('mailbox.attachments', { count: mail.attachments.length })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {mail.attachments.map((a) => (
              <Button
                key={a.id}
                variant="outlined"
                size="small"
                startIcon={<Icon name={a.type.startsWith('image/') ? 'heroicons_outline:photo' : 'heroicons_outline:document'} size={18} />}
                onClick={() => downloadAttachment(a.downloadUrl, a.name).catch(actions.onFailed)}
                aria-label={t('mailbox.download', { name: a.name })}
                sx={{ textTransform: 'none' }}
              >
                {a.name} · {fileSize(a.size, i18n.language)}
              </Button>
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
