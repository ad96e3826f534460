import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  MAIL_ATTACHMENT_MAX_BYTES,
  ZApiError,
  ZMail,
  ZMailAttachmentDownloadQuery,
  ZMailAttachmentQuery,
  ZMailboxSettings,
  ZMailboxSettingsBody,
  ZMailDraftBody,
  ZMailEmptied,
  ZMailFilterList,
  ZMailFolderList,
  ZMailIdQuery,
  ZMailLabel,
  ZMailLabelBody,
  ZMailLabelList,
  ZMailLabelPatchBody,
  ZMailList,
  ZMailListQuery,
  ZMailPatchBody,
  ZMailSendBody,
  ZOk,
} from '@cuadre/contracts';
import { readUpload } from '../../lib/uploads.js';
import { sendStoredFile } from '../../lib/downloads.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { MailboxService } from './mailbox.service.js';

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };
const tags = ['mailbox'];
const base = '/api/apps/mailbox';

/** Spec 001 §7 "Mailbox", to the letter, plus writing: drafts, sending, attachments, emptying the trash. Signed-in users, any plan. */
export function mailboxRoutes(app: FastifyInstance, mailbox: MailboxService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireUser };

  r.get(`${base}/settings`, { ...opts, schema: { tags, summary: 'My mailbox settings', response: { 200: ZMailboxSettings, ...errors } } }, (req) =>
    mailbox.settings(authOf(req)),
  );
  r.patch(
    `${base}/settings`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Merge changes into my mailbox settings; answers the merged settings',
        body: ZMailboxSettingsBody,
        response: { 200: ZMailboxSettings, ...errors },
      },
    },
    (req) => mailbox.updateSettings(authOf(req), req.body.settings),
  );
  r.get(
    `${base}/folders`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'The folders with their counts (sent and trash 0, drafts and spam their total, inbox its unread)',
        response: { 200: ZMailFolderList, ...errors },
      },
    },
    (req) => mailbox.folders(authOf(req)),
  );
  r.get(`${base}/filters`, { ...opts, schema: { tags, summary: 'The filters: starred, important', response: { 200: ZMailFilterList, ...errors } } }, () =>
    mailbox.filters(),
  );
  r.get(`${base}/labels`, { ...opts, schema: { tags, summary: 'My mail labels', response: { 200: ZMailLabelList, ...errors } } }, (req) =>
    mailbox.labels(authOf(req)),
  );
  r.post(
    `${base}/label`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Create a label; its slug is derived from the title and made unique with -1, -2, …',
        body: ZMailLabelBody,
        response: { 200: ZMailLabel, ...errors },
      },
    },
    (req) => mailbox.createLabel(authOf(req), req.body.label.title, req.body.label.color),
  );
  r.patch(
    `${base}/label`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Merge changes into a label (a new title re-derives the slug); answers the label, or null when I have no such label',
        body: ZMailLabelPatchBody,
        response: { 200: z.nullable(ZMailLabel), ...errors },
      },
    },
    (req) => mailbox.updateLabel(authOf(req), req.body.id, req.body.label),
  );
  r.delete(
    `${base}/label`,
    { ...opts, schema: { tags, summary: 'Delete a label and take it off every mail', querystring: ZMailIdQuery, response: { 200: ZOk, ...errors } } },
    (req) => mailbox.removeLabel(authOf(req), req.query.id),
  );
  r.get(
    `${base}/mails`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'A page of mails (10, newest first) of a folder, else a filter, else a label (slug); past the last page no mails and only lastPage',
        querystring: ZMailListQuery,
        response: { 200: ZMailList, ...errors },
      },
    },
    (req) => mailbox.list(authOf(req), req.query),
  );
  r.get(`${base}/mail`, { ...opts, schema: { tags, summary: 'One mail', querystring: ZMailIdQuery, response: { 200: ZMail, ...errors } } }, (req) =>
    mailbox.get(authOf(req), req.query.id),
  );
  r.patch(
    `${base}/mail`,
    {
      ...opts,
      schema: { tags, summary: 'Merge flag, folder (a folder id) and label changes into a mail', body: ZMailPatchBody, response: { 200: ZMail, ...errors } },
    },
    (req) => mailbox.update(authOf(req), req.body.id, req.body.mail),
  );
  r.put(
    `${base}/draft`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Save a draft as it is written: new without id (attachmentsFrom: a mail whose attachments a forward carries), else that draft replaced',
        body: ZMailDraftBody,
        response: { 200: ZMail, ...errors },
      },
    },
    (req) => mailbox.saveDraft(authOf(req), req.body.id, req.body.draft, req.body.attachmentsFrom),
  );
  r.post(
    `${base}/send`,
    {
      ...opts,
      schema: {
        tags,
        summary:
          'Send a mail (a saved draft by id, or a new one) to users of the service by address; an address that is not a user answers 400 naming it, and nothing is sent',
        body: ZMailSendBody,
        response: { 200: ZMail, ...errors },
      },
    },
    (req) => mailbox.send(authOf(req), req.body.id, req.body.mail, req.body.attachmentsFrom),
  );
  r.delete(
    `${base}/trash`,
    { ...opts, schema: { tags, summary: 'Empty the trash: its mails deleted for good', response: { 200: ZMailEmptied, ...errors } } },
    (req) => mailbox.emptyTrash(authOf(req)),
  );
  r.post(
    `${base}/attachment`,
    {
      ...opts,
      bodyLimit: MAIL_ATTACHMENT_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Attach a file to a draft (multipart field "file", at most 10 MB, 20 MB a mail); its type is read from its bytes',
        consumes: ['multipart/form-data'],
        querystring: ZMailAttachmentQuery,
        response: { 200: ZMail, ...errors, 413: ZApiError, 415: ZApiError },
      },
    },
    async (req) => {
      const file = await readUpload(req, {
        field: 'file',
        maxBytes: MAIL_ATTACHMENT_MAX_BYTES,
        tooLarge: 'The file is larger than 10 MB',
        missing: 'Attach a file',
      });
      return mailbox.attach(authOf(req), req.query.mailId, file);
    },
  );
  r.delete(
    `${base}/attachment`,
    { ...opts, schema: { tags, summary: 'Take an attachment off a draft', querystring: ZMailIdQuery, response: { 200: ZMail, ...errors } } },
    (req) => mailbox.detach(authOf(req), req.query.id),
  );
  r.get(
    `${base}/attachment`,
    {
      ...opts,
      schema: {
        tags,
        summary: "An attachment's bytes, for the reader of the mail it is on; ?download=1 to save it",
        querystring: ZMailAttachmentDownloadQuery,
        response: { ...errors },
      },
    },
    async (req, reply) => {
      const file = await mailbox.download(authOf(req), req.query.id);
      return sendStoredFile(reply, file, req.query.download);
    },
  );
}
