import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, ZApiError, ZIdParam, ZNavigation, ZPictureQuery, ZUpdateUserBody, ZUser } from '@cuadre/contracts';
import { readUpload } from '../../lib/uploads.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { PictureAccess } from '../../plugins/pictures.js';
import type { CommonService } from './common.service.js';
import { navigationFor } from './navigation.js';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 413: ZApiError, 415: ZApiError };

export function commonRoutes(app: FastifyInstance, common: CommonService, guards: Guards, pictures: PictureAccess) {
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

  // An <img> sends no token: the address is signed for its viewer (plugins/pictures.ts), or a client sends its token.
  r.get(
    '/api/avatars/:id',
    {
      schema: {
        tags,
        summary: 'The avatar image of a user, to the people who can see that user (a signed address, or a bearer token); 404 otherwise',
        params: ZIdParam,
        querystring: ZPictureQuery,
        security: [],
        response: { 400: ZApiError, 404: ZApiError },
      },
    },
    async (req, reply) => {
      const viewer = await pictures.viewer(req, 'Avatar');
      // Bytes, not JSON: the schemas above type the error answers only.
      return pictures.send(reply, await common.avatar(viewer.id, req.params.id), viewer.cacheControl);
    },
  );
}
