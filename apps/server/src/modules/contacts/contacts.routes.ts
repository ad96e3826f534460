import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  CONTACT_AVATAR_MAX_BYTES,
  ZApiError,
  ZPictureQuery,
  ZContact,
  ZContactIdQuery,
  ZContactList,
  ZContactPatchBody,
  ZContactPurchases,
  ZContactSearchQuery,
  ZContactTag,
  ZContactTagBody,
  ZContactTagList,
  ZContactTagPatchBody,
  ZCountryList,
  ZOk,
  ZUuid,
} from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { PictureAccess } from '../../plugins/pictures.js';
import { notFound } from '../../lib/errors.js';
import { readUploadFor } from '../../lib/uploads.js';
import type { ContactsService } from './contacts.service.js';
import { flagSvg } from './countries.js';

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };
const tags = ['contacts'];
const base = '/api/apps/contacts';

/** Spec 001 §7 "Contacts", to the letter, plus what a contact bought. Signed-in users, any plan. */
export function contactRoutes(app: FastifyInstance, contacts: ContactsService, guards: Guards, pictures: PictureAccess) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireUser };

  r.get(`${base}/all`, { ...opts, schema: { tags, summary: 'All my contacts, sorted by name', response: { 200: ZContactList, ...errors } } }, (req) =>
    contacts.all(authOf(req)),
  );
  r.get(
    `${base}/search`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'My contacts whose name contains the query (any case)',
        querystring: ZContactSearchQuery,
        response: { 200: ZContactList, ...errors },
      },
    },
    (req) => contacts.search(authOf(req), req.query.query),
  );
  r.get(`${base}/contact`, { ...opts, schema: { tags, summary: 'One contact', querystring: ZContactIdQuery, response: { 200: ZContact, ...errors } } }, (req) =>
    contacts.get(authOf(req), req.query.id),
  );
  r.post(
    `${base}/contact`,
    { ...opts, schema: { tags, summary: 'Create an empty contact named "New Contact"', response: { 200: ZContact, ...errors } } },
    (req) => contacts.create(authOf(req)),
  );
  r.patch(
    `${base}/contact`,
    { ...opts, schema: { tags, summary: 'Merge changes into a contact', body: ZContactPatchBody, response: { 200: ZContact, ...errors } } },
    (req) => contacts.update(authOf(req), req.body.id, req.body.contact),
  );
  r.delete(
    `${base}/contact`,
    {
      ...opts,
      schema: { tags, summary: 'Delete a contact (its income entries stay, naming no one)', querystring: ZContactIdQuery, response: { 200: ZOk, ...errors } },
    },
    (req) => contacts.remove(authOf(req), req.query.id),
  );
  r.get(
    `${base}/purchases`,
    {
      ...opts,
      schema: {
        tags,
        summary: "What a contact bought: their income entries, this year's total, the last date",
        querystring: ZContactIdQuery,
        response: { 200: ZContactPurchases, ...errors },
      },
    },
    (req) => contacts.purchases(authOf(req), req.query.id),
  );
  r.get(
    `${base}/countries`,
    { ...opts, schema: { tags, summary: 'Countries with dial codes, named in my language', response: { 200: ZCountryList, ...errors } } },
    (req) => contacts.countries(authOf(req)),
  );

  r.get(`${base}/tags`, { ...opts, schema: { tags, summary: 'My contact tags', response: { 200: ZContactTagList, ...errors } } }, (req) =>
    contacts.tags(authOf(req)),
  );
  r.post(
    `${base}/tag`,
    { ...opts, schema: { tags, summary: 'Create a contact tag', body: ZContactTagBody, response: { 200: ZContactTag, ...errors } } },
    (req) => contacts.createTag(authOf(req), req.body.tag.title),
  );
  r.patch(
    `${base}/tag`,
    { ...opts, schema: { tags, summary: 'Rename a contact tag', body: ZContactTagPatchBody, response: { 200: ZContactTag, ...errors } } },
    (req) => contacts.updateTag(authOf(req), req.body.id, req.body.tag.title),
  );
  r.delete(
    `${base}/tag`,
    {
      ...opts,
      schema: { tags, summary: 'Delete a contact tag and take it off every contact', querystring: ZContactIdQuery, response: { 200: ZOk, ...errors } },
    },
    (req) => contacts.removeTag(authOf(req), req.query.id),
  );

  r.post(
    `${base}/avatar`,
    {
      ...opts,
      bodyLimit: CONTACT_AVATAR_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Set a contact\'s avatar: multipart fields "id" then "avatar" (JPEG, PNG or WebP, up to 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: ZContact, ...errors, 413: ZApiError, 415: ZApiError },
      },
    },
    async (req) => {
      const file = await readUploadFor(req, {
        field: 'avatar',
        maxBytes: CONTACT_AVATAR_MAX_BYTES,
        tooLarge: 'The image is larger than 2 MB',
        missing: 'Attach an image',
        idMissing: 'Name the contact (field "id" before the file)',
      });
      return contacts.setAvatar(authOf(req), file.id, file.data);
    },
  );
  // Its owner's only. An <img> sends no token: the address is signed for its viewer (plugins/pictures.ts), or a client sends its token.
  r.get(
    `${base}/avatars/:owner/:file`,
    {
      schema: {
        tags,
        summary: "A contact's avatar image",
        params: z.object({ owner: ZUuid, file: ZUuid }),
        querystring: ZPictureQuery,
        security: [],
        response: { 400: ZApiError, 404: ZApiError },
      },
    },
    async (req, reply) => {
      const viewer = await pictures.viewer(req, 'Avatar');
      const picture = await contacts.avatar(viewer.id, req.params.owner, req.params.file);
      // Bytes, not JSON: the schemas above type the error answers only.
      return pictures.send(reply, picture, viewer.cacheControl);
    },
  );
  // Public: the flags are the flag-icons package's images, the same for everyone, shown by an <img>.
  r.get(
    `${base}/flags/:file`,
    {
      schema: {
        tags,
        summary: "A country's flag (SVG, 4×3), by its ISO code in lower case: the address a country's flagImagePos gives",
        params: z.object({ file: z.string().check(z.regex(/^[a-z]{2}\.svg$/, 'A two-letter code and .svg')) }),
        security: [],
        response: { 400: ZApiError, 404: ZApiError },
      },
    },
    async (req, reply) => {
      const svg = await flagSvg(req.params.file.slice(0, 2));
      if (!svg) throw notFound('Flag');
      // Bytes, not JSON; the package's own drawing, sandboxed like any SVG this site serves.
      return (reply as FastifyReply)
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=604800')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(svg);
    },
  );
}
