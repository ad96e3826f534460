import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  ZBoard,
  ZBoardCard,
  ZBoardDetail,
  ZBoardLabel,
  ZBoardList,
  ZBoardSummaryList,
  ZOk,
  type BoardCardChanges,
  type BoardCreateBody,
  type BoardPatchBody,
} from '@cuadre/contracts';
import { api } from '@/lib/api';

/** Every scrumboard query lives under this key; a write refreshes them all. */
export const scrumboardKeys = {
  all: ['scrumboard'] as const,
  boards: ['scrumboard', 'boards'] as const,
  board: (id: string) => ['scrumboard', 'board', id] as const,
};

export const boardsQuery = queryOptions({
  queryKey: scrumboardKeys.boards,
  queryFn: ({ signal }) => api('apps/scrumboard/boards', { schema: ZBoardSummaryList, signal }),
});
export const boardQuery = (id: string) =>
  queryOptions({ queryKey: scrumboardKeys.board(id), queryFn: ({ signal }) => api('apps/scrumboard/board', { query: { id }, schema: ZBoardDetail, signal }) });

export const refreshScrumboard = (qc: QueryClient) => qc.invalidateQueries({ queryKey: scrumboardKeys.all });

const base = 'apps/scrumboard';
export const createBoard = (board: BoardCreateBody['board']) => api(`${base}/board`, { method: 'POST', body: { board }, schema: ZBoard });
export const updateBoard = (id: string, board: BoardPatchBody['board']) => api(`${base}/board`, { method: 'PATCH', body: { id, board }, schema: ZBoard });
export const deleteBoard = (id: string) => api(`${base}/board`, { method: 'DELETE', query: { id }, schema: ZOk });

export const createList = (boardId: string, title: string) =>
  api(`${base}/board/list`, { method: 'POST', body: { list: { boardId, title } }, schema: ZBoardList });
export const updateList = (list: { id: string; title?: string; index?: number }) =>
  api(`${base}/board/list`, { method: 'PATCH', body: { list }, schema: ZBoardList });
export const deleteList = (id: string) => api(`${base}/board/list`, { method: 'DELETE', query: { id }, schema: ZOk });

export const createCard = (listId: string, title: string) =>
  api(`${base}/board/card`, { method: 'PUT', body: { card: { listId, title } }, schema: ZBoardCard });
export const updateCard = (id: string, card: BoardCardChanges) => api(`${base}/board/card`, { method: 'PATCH', body: { id, card }, schema: ZBoardCard });
export const deleteCard = (id: string) => api(`${base}/board/card`, { method: 'DELETE', query: { id }, schema: ZOk });

export const createLabel = (boardId: string, title: string) =>
  api(`${base}/board/label`, { method: 'PUT', body: { label: { boardId, title } }, schema: ZBoardLabel });
