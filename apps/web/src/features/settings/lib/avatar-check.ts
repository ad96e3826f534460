import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@cuadre/contracts';

export type AvatarProblem = 'type' | 'size';

/**
 * The server's own limits (JPEG, PNG or WebP, at most 2 MB), checked before the upload so a phone
 * on a slow line does not send 10 MB only to be refused. The server still checks the bytes.
 */
export function checkAvatar(file: Pick<File, 'type' | 'size'>): AvatarProblem | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return undefined;
}
