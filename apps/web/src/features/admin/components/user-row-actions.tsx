import { Box, IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@cuadre/contracts';
import { Icon } from '@/components/icon';

export interface UserRowActionsProps {
  user: AdminUser;
  isSelf: boolean;
  onEdit: (u: AdminUser) => void;
  onSendReset: (u: AdminUser) => void;
  onDisable: (u: AdminUser) => void;
  onEnable: (u: AdminUser) => void;
  /** Turns the user's two-step sign-in off (shown only when it is on, and not on one's own row). */
  onResetMfa: (u: AdminUser) => void;
}

/**
 * Edit, reset mail, disable or enable. On the administrator's own row disabling is off: the server
 * refuses it (403), and a button that can only fail is worse than none.
 */
export function UserRowActions({ user, isSelf, onEdit, onSendReset, onDisable, onEnable, onResetMfa }: UserRowActionsProps) {
  const { t } = useTranslation();
  const disabled = user.accountStatus === 'disabled';
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      <Tooltip title={t('admin.actions.edit')}>
        <IconButton size="small" sx={{ p: 1 }} aria-label={t('admin.actions.editNamed', { name: user.name })} onClick={() => onEdit(user)}>
          <Icon name="heroicons_outline:pencil-square" size={20} />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('admin.actions.sendReset')}>
        {/* A disabled account cannot sign in, so a reset mail would only confuse. */}
        <span>
          <IconButton
            size="small"
            sx={{ p: 1 }}
            aria-label={t('admin.actions.sendResetNamed', { name: user.name })}
            onClick={() => onSendReset(user)}
            disabled={disabled}
          >
            <Icon name="heroicons_outline:key" size={20} />
          </IconButton>
        </span>
      </Tooltip>
      {user.mfaEnabled && !isSelf && (
        <Tooltip title={t('admin.actions.resetMfa')}>
          <IconButton size="small" sx={{ p: 1 }} aria-label={t('admin.actions.resetMfaNamed', { name: user.name })} onClick={() => onResetMfa(user)}>
            <Icon name="heroicons_outline:device-phone-mobile" size={20} />
          </IconButton>
        </Tooltip>
      )}
      {disabled ? (
        <Tooltip title={t('admin.actions.enable')}>
          <IconButton
            size="small"
            sx={{ p: 1 }}
            color="success"
            aria-label={t('admin.actions.enableNamed', { name: user.name })}
            onClick={() => onEnable(user)}
          >
            <Icon name="heroicons_outline:check-circle" size={20} />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title={isSelf ? t('admin.actions.selfDisable') : t('admin.actions.disable')}>
          <span>
            <IconButton
              size="small"
              sx={{ p: 1 }}
              color="error"
              aria-label={t('admin.actions.disableNamed', { name: user.name })}
              onClick={() => onDisable(user)}
              disabled={isSelf}
            >
              <Icon name="heroicons_outline:no-symbol" size={20} />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}
