import { AVATAR_MAX_BYTES, AVATAR_TYPES, ErrorCode, type UpdateUserBody, type User } from '@cuadre/contracts';
import { AppError, notFound } from '../../lib/errors.js';
import { toUser } from '../users/users.mapper.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { Authenticated } from '../auth/auth.service.js';

/** Recognises an image by its first bytes; the declared content type is not trusted. */
function sniffImage(buf: Buffer): (typeof AVATAR_TYPES)[number] | undefined {
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length > 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

export class CommonService {
  constructor(private readonly users: UsersRepository) {}

  me(auth: Authenticated): User {
    return toUser(auth.user);
  }

  async updateMe(auth: Authenticated, patch: UpdateUserBody['user']): Promise<User> {
    const u = auth.user;
    const row = await this.users.update(u.id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.status !== undefined ? { presence: patch.status } : {}),
      ...(patch.company !== undefined ? { company: patch.company || null } : {}),
      ...(patch.preferences ? { preferences: { ...u.preferences, ...patch.preferences } } : {}),
    });
    return toUser(row!);
  }

  async setAvatar(auth: Authenticated, data: Buffer): Promise<User> {
    if (data.length > AVATAR_MAX_BYTES) throw new AppError(413, ErrorCode.TOO_LARGE, 'The image is larger than 2 MB');
    const mime = sniffImage(data);
    if (!mime) throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Use a JPEG, PNG or WebP image');
    return toUser(await this.users.setAvatar(auth.user.id, mime, data));
  }

  async removeAvatar(auth: Authenticated): Promise<User> {
    return toUser(await this.users.removeAvatar(auth.user.id));
  }

  async avatar(userId: string) {
    const row = await this.users.avatar(userId);
    if (!row) throw notFound('Avatar');
    return row;
  }
}
