import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  NOTE_IMAGE_MAX_BYTES,
  ZApiError,
  ZPictureQuery,
  ZNote,
  ZNoteAddTaskBody,
  ZNoteBody,
  ZNoteIdQuery,
  ZNoteLabelBody,
  ZNoteLabelList,
  ZNoteLabelPatchBody,
  ZNoteList,
  ZNotePatchBody,
  ZOk,
  ZTask,
  ZTaskCreateBody,
  ZTaskIdQuery,
  ZTaskList,
  ZTaskOrderBody,
  ZTaskPatchBody,
  ZTaskSearchQuery,
  ZTaskSearchResult,
  ZTaskTag,
  ZTaskTagBody,
  ZTaskTagList,
  ZTaskTagPatchBody,
  ZUuid,
} from '@cuadre/contracts';
import { readUploadFor } from '../../lib/uploads.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { PictureAccess } from '../../plugins/pictures.js';
import type { NotesService } from './notes.service.js';
import type { TasksService } from './tasks.service.js';

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };

/** Spec 001 §7 "Notes", to the letter, plus the note's image. Signed-in users, any plan. */
export function noteRoutes(app: FastifyInstance, notes: NotesService, guards: Guards, pictures: PictureAccess) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireUser };
  const tags = ['notes'];
  const base = '/api/apps/notes';

  r.get(`${base}/labels`, { ...opts, schema: { tags, summary: 'My note labels', response: { 200: ZNoteLabelList, ...errors } } }, (req) =>
    notes.labels(authOf(req)),
  );
  r.post(
    `${base}/labels`,
    { ...opts, schema: { tags, summary: 'Create a note label; answers every label', body: ZNoteLabelBody, response: { 200: ZNoteLabelList, ...errors } } },
    (req) => notes.createLabel(authOf(req), req.body.title),
  );
  r.patch(
    `${base}/labels`,
    { ...opts, schema: { tags, summary: 'Rename a note label; answers every label', body: ZNoteLabelPatchBody, response: { 200: ZNoteLabelList, ...errors } } },
    (req) => notes.updateLabel(authOf(req), req.body.label.id, req.body.label.title),
  );
  r.delete(
    `${base}/labels`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Delete a note label and take it off every note; answers every label left',
        querystring: ZNoteIdQuery,
        response: { 200: ZNoteLabelList, ...errors },
      },
    },
    (req) => notes.removeLabel(authOf(req), req.query.id),
  );
  r.post(
    `${base}/tasks`,
    { ...opts, schema: { tags, summary: "Add an item to a note's checklist", body: ZNoteAddTaskBody, response: { 200: ZNote, ...errors } } },
    (req) => notes.addTask(authOf(req), req.body.note.id, req.body.task),
  );
  r.get(
    `${base}/all`,
    { ...opts, schema: { tags, summary: 'All my notes, their labels as objects, last changed first', response: { 200: ZNoteList, ...errors } } },
    (req) => notes.all(authOf(req)),
  );
  r.post(base, { ...opts, schema: { tags, summary: 'Create a note', body: ZNoteBody, response: { 200: ZNote, ...errors } } }, (req) =>
    notes.create(authOf(req), req.body.note),
  );
  r.patch(
    base,
    {
      ...opts,
      schema: { tags, summary: 'Merge changes into a note (image: null takes its image away)', body: ZNotePatchBody, response: { 200: ZNote, ...errors } },
    },
    (req) => {
      const { id, ...changes } = req.body.updatedNote;
      return notes.update(authOf(req), id, changes);
    },
  );
  r.delete(base, { ...opts, schema: { tags, summary: 'Delete a note and its image', querystring: ZNoteIdQuery, response: { 200: ZOk, ...errors } } }, (req) =>
    notes.remove(authOf(req), req.query.id),
  );

  r.post(
    `${base}/image`,
    {
      ...opts,
      bodyLimit: NOTE_IMAGE_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Set a note\'s image: multipart fields "id" then "image" (JPEG, PNG or WebP, up to 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: ZNote, ...errors, 413: ZApiError, 415: ZApiError },
      },
    },
    async (req) => {
      const file = await readUploadFor(req, {
        field: 'image',
        maxBytes: NOTE_IMAGE_MAX_BYTES,
        tooLarge: 'The image is larger than 5 MB',
        missing: 'Attach an image',
        idMissing: 'Name the note (field "id" before the file)',
      });
      return notes.setImage(authOf(req), file.id, file.data);
    },
  );
  // Its owner's only. An <img> sends no token: the address is signed for its viewer (plugins/pictures.ts), or a client sends its token.
  r.get(
    `${base}/images/:owner/:file`,
    {
      schema: {
        tags,
        summary: "A note's image",
        params: z.object({ owner: ZUuid, file: ZUuid }),
        querystring: ZPictureQuery,
        security: [],
        response: { 400: ZApiError, 404: ZApiError },
      },
    },
    async (req, reply) => {
      const viewer = await pictures.viewer(req, 'Image');
      const picture = await notes.image(viewer.id, req.params.owner, req.params.file);
      // Bytes, not JSON: the schemas above type the error answers only.
      return pictures.send(reply, picture, viewer.cacheControl);
    },
  );
}

/** Spec 001 §7 "Tasks", to the letter. Signed-in users, any plan. */
export function taskRoutes(app: FastifyInstance, tasks: TasksService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireUser };
  const tags = ['tasks'];
  const base = '/api/apps/tasks';

  r.get(`${base}/tags`, { ...opts, schema: { tags, summary: 'My task tags', response: { 200: ZTaskTagList, ...errors } } }, (req) => tasks.tags(authOf(req)));
  r.post(`${base}/tag`, { ...opts, schema: { tags, summary: 'Create a task tag', body: ZTaskTagBody, response: { 200: ZTaskTag, ...errors } } }, (req) =>
    tasks.createTag(authOf(req), req.body.tag.title),
  );
  r.patch(`${base}/tag`, { ...opts, schema: { tags, summary: 'Rename a task tag', body: ZTaskTagPatchBody, response: { 200: ZTaskTag, ...errors } } }, (req) =>
    tasks.updateTag(authOf(req), req.body.id, req.body.tag.title),
  );
  r.delete(
    `${base}/tag`,
    { ...opts, schema: { tags, summary: 'Delete a task tag and take it off every task', querystring: ZTaskIdQuery, response: { 200: ZOk, ...errors } } },
    (req) => tasks.removeTag(authOf(req), req.query.id),
  );
  r.get(`${base}/all`, { ...opts, schema: { tags, summary: 'All my tasks and sections, in their order', response: { 200: ZTaskList, ...errors } } }, (req) =>
    tasks.all(authOf(req)),
  );
  r.get(
    `${base}/search`,
    {
      ...opts,
      schema: {
        tags,
        summary:
          'My tasks whose title or notes contain the query (any case); titles as HTML with the matches in <mark>, the rest escaped; null for an empty query',
        querystring: ZTaskSearchQuery,
        response: { 200: ZTaskSearchResult, ...errors },
      },
    },
    (req) => tasks.search(authOf(req), req.query.query),
  );
  r.patch(
    `${base}/order`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Put my tasks in the order given (those left out follow in theirs), numbered from 0 in one transaction; answers them all',
        body: ZTaskOrderBody,
        response: { 200: ZTaskList, ...errors },
      },
    },
    (req) =>
      tasks.reorder(
        authOf(req),
        req.body.tasks.map((t) => t.id),
      ),
  );
  r.get(`${base}/task`, { ...opts, schema: { tags, summary: 'One task', querystring: ZTaskIdQuery, response: { 200: ZTask, ...errors } } }, (req) =>
    tasks.get(authOf(req), req.query.id),
  );
  r.post(
    `${base}/task`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Create an empty task or section with priority 1, first in the order',
        body: ZTaskCreateBody,
        response: { 200: ZTask, ...errors },
      },
    },
    (req) => tasks.create(authOf(req), req.body.type),
  );
  r.patch(
    `${base}/task`,
    { ...opts, schema: { tags, summary: 'Merge changes into a task', body: ZTaskPatchBody, response: { 200: ZTask, ...errors } } },
    (req) => tasks.update(authOf(req), req.body.id, req.body.task),
  );
  r.delete(
    `${base}/task`,
    { ...opts, schema: { tags, summary: 'Delete a task or section', querystring: ZTaskIdQuery, response: { 200: ZOk, ...errors } } },
    (req) => tasks.remove(authOf(req), req.query.id),
  );
}
