import { Avatar, Badge, Box } from '@mui/material';
import type { User } from '@cuadre/contracts';
import { PRESENCE_COLORS, initialsOf } from '@/lib/presence';

/** The user's picture (or initials) with a dot in the colour of their presence status. */
export function UserAvatar({ user, size = 36 }: { user: Pick<User, 'name' | 'email' | 'avatar' | 'status'>; size?: number }) {
  const dot = Math.max(10, Math.round(size / 4));
  return (
    <Badge
      overlap="circular"
      variant="dot"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      data-status={user.status}
      sx={{
        '& .MuiBadge-badge': {
          width: dot,
          height: dot,
          borderRadius: '50%',
          bgcolor: PRESENCE_COLORS[user.status],
          boxShadow: (theme) => `0 0 0 2px ${theme.vars ? theme.vars.palette.background.paper : theme.palette.background.paper}`,
        },
      }}
    >
      <Avatar
        src={user.avatar ?? undefined}
        alt=""
        sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        {/* Drawn by CSS, not written: the initials are a picture of the person, and the button around
            the avatar carries the name (axe reads written text inside a named button as its label). */}
        <Box component="span" aria-hidden data-initials={initialsOf(user.name, user.email)} sx={{ '&::before': { content: 'attr(data-initials)' } }} />
      </Avatar>
    </Badge>
  );
}
