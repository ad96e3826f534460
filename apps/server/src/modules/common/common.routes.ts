import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, ZApiError, ZIdParam, ZNavigation, ZUpdateUserBody, ZUser } from '@cuadre/contracts';
import { readUpload } from '../../lib/uploads.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { CommonService } from './common.service.js';
import { navigationFor } from './navigation.js';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 413: ZApiError, 415: ZApiError };

export function commonRoutes(app: FastifyInstance, common: CommonService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['common'];

  r.get(
    '/api/common/navigation',
    {
      onRequest: guards.requireUser,
      schema: { tags, summary: 'The navigation menus for the role of the signed-in user', response: { 200: ZNavigation, ...errors } },
    },
    (req) => navigationFor(authOf(req).user.role),
  );
  r.get('/api/common/user', { onRequest: guards.requireUser, schema: { tags, summary: 'The signed-in user', response: { 200: ZUser, ...errors } } }, (req) =>
    common.me(authOf(req)),
  );
  r.patch(
    '/api/common/user',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: 'Change the name, presence, company or preferences of the signed-in user',
        body: ZUpdateUserBody,
        response: { 200: ZUser, ...errors },
      },
    },
    (req) => common.updateMe(authOf(req), req.body.user),
  );

  r.post(
    '/api/common/user/avatar',
    {
      onRequest: guards.requireUser,
      schema: { tags, summary: 'Upload an avatar (JPEG, PNG or WebP, up to 2 MB)', consumes: ['multipart/form-data'], response: { 200: ZUser, ...errors } },
    },
    async (req) => {
      const file = await readUpload(req, {
        field: 'avatar',
        maxBytes: AVATAR_MAX_BYTES,
        tooLarge: 'The image is larger than 2 MB',
        missing: 'Attach an image',
      });
      return common.setAvatar(authOf(req), file.data);
    },
  );
  r.delete(
    '/api/common/user/avatar',
    { onRequest: guards.requireUser, schema: { tags, summary: 'Remove the avatar', response: { 200: ZUser, ...errors } } },
    (req) => common.removeAvatar(authOf(req)),
  );

  // Public by design: an <img> cannot send a bearer token. The id is a random UUID and avatars hold nothing else.
  r.get(
    '/api/avatars/:id',
    { schema: { tags, summary: 'The avatar image of a user', params: ZIdParam, security: [], response: { 400: ZApiError, 404: ZApiError } } },
    async (req, reply) => {
      const avatar = await common.avatar(req.params.id);
      // Bytes, not JSON: the schemas above type the error answers only.
      return (reply as FastifyReply)
        .header('content-type', avatar.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(avatar.data);
    },
  );
}
