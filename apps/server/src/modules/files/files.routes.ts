import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  MAX_STORED_FILE_BYTES,
  ZApiError,
  ZDownloadQuery,
  ZFileItem,
  ZFileItemIdQuery,
  ZFileItemPatch,
  ZFileManagerListing,
  ZFileManagerQuery,
  ZFileQuota,
  ZFolderCreateBody,
  ZUploadQuery,
} from '@cuadre/contracts';
import { readUpload } from '../../lib/uploads.js';
import { sendStoredFile } from '../../lib/downloads.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { FilesService } from './files.service.js';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const uploadErrors = { ...errors, 413: ZApiError, 415: ZApiError };
const MB = MAX_STORED_FILE_BYTES / 1024 / 1024;

/** `/api/apps/file-manager`: the listing of spec 001 §7 to the letter, and the calls that change folders and files. */
export function fileRoutes(app: FastifyInstance, files: FilesService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireUser };
  const tags = ['file-manager'];
  const base = '/api/apps/file-manager';

  r.get(
    base,
    {
      ...opts,
      schema: {
        tags,
        summary:
          'A folder’s folders and files, each sorted by name, and the breadcrumb path (folderId: a folder’s id, `receipts…`, or the text `null` for the root)',
        querystring: ZFileManagerQuery,
        response: { 200: ZFileManagerListing, ...errors },
      },
    },
    (req) => files.list(authOf(req), req.query.folderId),
  );
  r.get(
    `${base}/quota`,
    { ...opts, schema: { tags, summary: 'The account’s storage: bytes used, the quota, what is left', response: { 200: ZFileQuota, ...errors } } },
    (req) => files.quota(authOf(req)),
  );
  r.post(
    `${base}/folder`,
    {
      ...opts,
      schema: { tags, summary: 'Make a folder, at the root or inside another (folderId)', body: ZFolderCreateBody, response: { 201: ZFileItem, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await files.createFolder(authOf(req), req.body)),
  );
  r.post(
    `${base}/upload`,
    {
      ...opts,
      bodyLimit: MAX_STORED_FILE_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: `Upload a file (multipart field "file", at most ${MB} MB) into a folder; its type is read from its bytes (PDF, JPG, PNG, WebP, GIF, TXT, CSV, DOC, XLS, DOCX, XLSX). 413 STORAGE_FULL when the quota would be passed`,
        consumes: ['multipart/form-data'],
        querystring: ZUploadQuery,
        response: { 201: ZFileItem, ...uploadErrors },
      },
    },
    async (req, reply) => {
      const upload = await readUpload(req, {
        field: 'file',
        maxBytes: MAX_STORED_FILE_BYTES,
        tooLarge: `The file is larger than ${MB} MB`,
        missing: 'Send the file',
      });
      return reply.status(201).send(await files.upload(authOf(req), req.query.folderId, upload));
    },
  );
  r.get(
    `${base}/download`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'A file’s bytes with its stored type (a receipt: `receipt:<id>`); ?download=1 to save it',
        querystring: ZDownloadQuery,
        response: { ...errors },
      },
    },
    async (req, reply) => {
      const file = await files.download(authOf(req), req.query.id);
      return sendStoredFile(reply, file, req.query.download);
    },
  );
  r.patch(
    base,
    {
      ...opts,
      schema: {
        tags,
        summary:
          'Rename, describe or move a folder or a file (folderId: the folder to move it into, null for the root; never into itself or a folder inside it)',
        body: ZFileItemPatch,
        response: { 200: ZFileItem, ...errors },
      },
    },
    (req) => files.update(authOf(req), req.body),
  );
  r.delete(
    base,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Delete a file, or a folder with everything inside it',
        querystring: ZFileItemIdQuery,
        response: { 200: z.literal(true), ...errors },
      },
    },
    (req) => files.remove(authOf(req), req.query.id),
  );
}
