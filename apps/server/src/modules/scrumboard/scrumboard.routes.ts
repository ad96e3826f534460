import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZBoard,
  ZBoardCard,
  ZBoardCardCreateBody,
  ZBoardCardList,
  ZBoardCardPatchBody,
  ZBoardCardPositionsBody,
  ZBoardCardsPatchBody,
  ZBoardCreateBody,
  ZBoardDetail,
  ZBoardIdQuery,
  ZBoardLabel,
  ZBoardLabelCreateBody,
  ZBoardLabelList,
  ZBoardLabelPatchBody,
  ZBoardLabelsQuery,
  ZBoardList,
  ZBoardListCreateBody,
  ZBoardListList,
  ZBoardListPatchBody,
  ZBoardListsPatchBody,
  ZBoardPatchBody,
  ZBoardSummaryList,
  ZOk,
} from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { ScrumboardService } from './scrumboard.service.js';

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['scrumboard'];
const base = '/api/apps/scrumboard';

/** Spec 001 §7 "Scrumboard", to the letter, plus boards' create, rename and delete. Signed-in users, any plan. */
export function scrumboardRoutes(app: FastifyInstance, board: ScrumboardService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireUser };

  r.get(
    `${base}/boards`,
    { ...opts, schema: { tags, summary: 'My boards, latest activity first, members expanded', response: { 200: ZBoardSummaryList, ...errors } } },
    (req) => board.boards(authOf(req)),
  );
  r.get(
    `${base}/board`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'One board: its lists sorted by position, each with its cards sorted by position, and its labels',
        querystring: ZBoardIdQuery,
        response: { 200: ZBoardDetail, ...errors },
      },
    },
    (req) => board.board(authOf(req), req.query.id),
  );
  r.post(`${base}/board`, { ...opts, schema: { tags, summary: 'Create a board', body: ZBoardCreateBody, response: { 200: ZBoard, ...errors } } }, (req) =>
    board.createBoard(authOf(req), req.body.board),
  );
  r.patch(
    `${base}/board`,
    { ...opts, schema: { tags, summary: "Change a board's title, description or icon", body: ZBoardPatchBody, response: { 200: ZBoard, ...errors } } },
    (req) => board.updateBoard(authOf(req), req.body.id, req.body.board),
  );
  r.delete(
    `${base}/board`,
    {
      ...opts,
      schema: { tags, summary: 'Delete a board with its lists, cards and labels', querystring: ZBoardIdQuery, response: { 200: ZOk, ...errors } },
    },
    (req) => board.removeBoard(authOf(req), req.query.id),
  );

  r.post(
    `${base}/board/list`,
    { ...opts, schema: { tags, summary: 'Add a list at the end of a board', body: ZBoardListCreateBody, response: { 200: ZBoardList, ...errors } } },
    (req) => board.createList(authOf(req), req.body.list),
  );
  r.patch(
    `${base}/board/list`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Rename a list and/or move it to a place among the board\'s lists ("index": midpoint of its neighbours, renumbered when they leave no room)',
        body: ZBoardListPatchBody,
        response: { 200: ZBoardList, ...errors },
      },
    },
    (req) => board.updateList(authOf(req), req.body.list),
  );
  r.patch(
    `${base}/board/lists`,
    {
      ...opts,
      schema: {
        tags,
        summary: "Change several lists of one board (titles, positions as given); answers the board's lists",
        body: ZBoardListsPatchBody,
        response: { 200: ZBoardListList, ...errors },
      },
    },
    (req) => board.updateLists(authOf(req), req.body.lists),
  );
  r.delete(
    `${base}/board/list`,
    { ...opts, schema: { tags, summary: 'Delete a list and its cards', querystring: ZBoardIdQuery, response: { 200: ZOk, ...errors } } },
    (req) => board.removeList(authOf(req), req.query.id),
  );

  r.put(
    `${base}/board/card`,
    { ...opts, schema: { tags, summary: 'Add a card at the end of a list', body: ZBoardCardCreateBody, response: { 200: ZBoardCard, ...errors } } },
    (req) => board.createCard(authOf(req), req.body.card),
  );
  r.patch(
    `${base}/board/card`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Change a card; "listId" and/or "index" move it (midpoint of its new neighbours, the list renumbered when they leave no room)',
        body: ZBoardCardPatchBody,
        response: { 200: ZBoardCard, ...errors },
      },
    },
    (req) => board.updateCard(authOf(req), req.body.id, req.body.card),
  );
  r.patch(
    `${base}/board/cards`,
    { ...opts, schema: { tags, summary: "Change several cards' fields at once", body: ZBoardCardsPatchBody, response: { 200: ZBoardCardList, ...errors } } },
    (req) => board.updateCards(authOf(req), req.body.cards),
  );
  r.delete(
    `${base}/board/card`,
    { ...opts, schema: { tags, summary: 'Delete a card', querystring: ZBoardIdQuery, response: { 200: ZOk, ...errors } } },
    (req) => board.removeCard(authOf(req), req.query.id),
  );
  r.patch(
    `${base}/board/card/positions`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Place cards as given: each in a list of its own board, at a position',
        body: ZBoardCardPositionsBody,
        response: { 200: ZBoardCardList, ...errors },
      },
    },
    (req) => board.cardPositions(authOf(req), req.body.cards),
  );

  r.get(
    `${base}/board/labels`,
    { ...opts, schema: { tags, summary: "A board's labels", querystring: ZBoardLabelsQuery, response: { 200: ZBoardLabelList, ...errors } } },
    (req) => board.labels(authOf(req), req.query.boardId),
  );
  r.put(
    `${base}/board/label`,
    { ...opts, schema: { tags, summary: 'Add a label to a board', body: ZBoardLabelCreateBody, response: { 200: ZBoardLabel, ...errors } } },
    (req) => board.createLabel(authOf(req), req.body.label),
  );
  r.patch(
    `${base}/board/label`,
    { ...opts, schema: { tags, summary: 'Rename a label', body: ZBoardLabelPatchBody, response: { 200: ZBoardLabel, ...errors } } },
    (req) => board.updateLabel(authOf(req), req.body.id, req.body.label.title),
  );
  r.delete(
    `${base}/board/label`,
    {
      ...opts,
      schema: { tags, summary: 'Delete a label and take it off every card', querystring: ZBoardIdQuery, response: { 200: ZOk, ...errors } },
    },
    (req) => board.removeLabel(authOf(req), req.query.id),
  );
}
