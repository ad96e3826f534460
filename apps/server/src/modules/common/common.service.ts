import { AVATAR_MAX_BYTES, AVATAR_TYPES, ErrorCode, type UpdateUserBody, type User } from '@cuadre/contracts';
import { AppError, notFound } from '../../lib/errors.js';
import { sniffReceipt } from '../../lib/file-store.js';
import { toUser, type UsersRepository } from '../users/index.js';
import type { Authenticated } from '../auth/index.js';

/** An avatar is an image: a receipt's types but a PDF, recognised by the bytes. */
function sniffImage(buf: Buffer): (typeof AVATAR_TYPES)[number] | undefined {
  const type = sniffReceipt(buf);
  return type === 'application/pdf' ? undefined : type;
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

  /** A user's avatar, to a viewer who can see that user (else 404, as when there is none). */
  async avatar(viewerId: string, userId: string) {
    const row = (await this.users.canSee(viewerId, userId)) ? await this.users.avatar(userId) : undefined;
    if (!row) throw notFound('Avatar');
    return row;
  }
}
