import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOARD_POSITION_STEP, type Board, type BoardCard, type BoardDetail, type BoardLabel, type BoardList } from '@cuadre/contracts';
import { scrumboardBoards, scrumboardCards, scrumboardLabels, scrumboardLists } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
let owner: string;
let other: string;
let ownerName: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const base = '/api/apps/scrumboard';
const api = (method: Method, url: string, body?: unknown, token = owner) => t.api(method, `${base}${url}`, { token, body });

const newBoard = async (title = 'Plan', token = owner) => expectOk(await api('POST', '/board', { board: { title } }, token)) as Board;
const newList = async (boardId: string, title: string, token = owner) =>
  expectOk(await api('POST', '/board/list', { list: { boardId, title } }, token)) as BoardList;
const newCard = async (listId: string, title: string, extra: Record<string, unknown> = {}, token = owner) =>
  expectOk(await api('PUT', '/board/card', { card: { listId, title, ...extra } }, token)) as BoardCard;
const load = async (id: string, token = owner) => expectOk(await api('GET', `/board?id=${id}`, undefined, token)) as BoardDetail;
const titles = (b: BoardDetail, listId: string) => b.lists.find((l) => l.id === listId)!.cards.map((c) => c.title);
const positions = (b: BoardDetail, listId: string) => b.lists.find((l) => l.id === listId)!.cards.map((c) => c.position);
const tick = () => new Promise((r) => setTimeout(r, 5));

beforeAll(async () => {
  t = await createTestApp();
  ownerName = 'Marta Horno';
  owner = (await t.ownerToken({ name: ownerName })).token;
  other = (await t.ownerToken({ name: 'Otro Dueño' })).token;
});
afterAll(async () => {
  await t?.close();
});

describe('scrumboard: boards', () => {
  it('creates, lists with the owner as the member object, renames and deletes a board', async () => {
    const fresh = (await t.ownerToken({ name: 'Nuevo Dueño' })).token;
    expect(expectOk(await api('GET', '/boards', undefined, fresh))).toEqual([]);
    const b = await newBoard('Weekly plan', fresh);
    expect(b).toEqual({
      id: expect.any(String),
      title: 'Weekly plan',
      description: '',
      icon: '',
      lastActivity: expect.any(String),
      members: [expect.any(Object)],
    });
    const me = expectOk(await t.api('GET', '/api/common/user', { token: fresh })) as { id?: string; user?: { id: string } };
    const list = expectOk(await api('GET', '/boards', undefined, fresh)) as Board[];
    expect(list).toHaveLength(1);
    expect(list[0]!.members).toEqual([{ id: expect.any(String), name: 'Nuevo Dueño', avatar: null }]);
    expect(JSON.stringify(me)).toContain(list[0]!.members[0]!.id);
    const renamed = expectOk(await api('PATCH', '/board', { id: b.id, board: { title: 'Monthly plan', description: 'Ovens' } }, fresh)) as Board;
    expect(renamed).toMatchObject({ title: 'Monthly plan', description: 'Ovens' });
    const detail = await load(b.id, fresh);
    expect(detail).toEqual({ ...renamed, members: [list[0]!.members[0]!.id], lists: [], labels: [] });
    expect(expectOk(await api('DELETE', `/board?id=${b.id}`, undefined, fresh))).toBe(true);
    expectError(await api('GET', `/board?id=${b.id}`, undefined, fresh), 404, 'NOT_FOUND');
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const before = await t.count(scrumboardBoards);
    const res = expectError(await api('POST', '/board', { board: { title: '   ' } }), 400, 'VALIDATION');
    expect(res.details).toEqual([expect.objectContaining({ path: 'board.title', message: 'The title is required' })]);
    expectError(await api('POST', '/board', { board: { title: 'x', colour: 'red' } }), 400, 'VALIDATION');
    expect(await t.count(scrumboardBoards)).toBe(before);
  });

  it('deleting a board takes its lists, cards and labels', async () => {
    const b = await newBoard();
    const l = await newList(b.id, 'To do');
    await newCard(l.id, 'Flour');
    expectOk(await api('PUT', '/board/label', { label: { boardId: b.id, title: 'Urgent' } }));
    expect(await t.count(scrumboardCards, eq(scrumboardCards.boardId, b.id))).toBe(1);
    expectOk(await api('DELETE', `/board?id=${b.id}`));
    expect(await t.count(scrumboardLists, eq(scrumboardLists.boardId, b.id))).toBe(0);
    expect(await t.count(scrumboardCards, eq(scrumboardCards.boardId, b.id))).toBe(0);
    expect(await t.count(scrumboardLabels, eq(scrumboardLabels.boardId, b.id))).toBe(0);
  });
});

describe('scrumboard: lists and cards', () => {
  it('adds lists and cards at the end in steps of 65536 and loads them sorted, with labels', async () => {
    const b = await newBoard();
    const todo = await newList(b.id, 'To do');
    const done = await newList(b.id, 'Done');
    expect([todo.position, done.position]).toEqual([BOARD_POSITION_STEP, 2 * BOARD_POSITION_STEP]);
    expect(todo).toMatchObject({ boardId: b.id, title: 'To do', cards: [] });
    const label = expectOk(await api('PUT', '/board/label', { label: { boardId: b.id, title: 'Bread' } })) as BoardLabel;
    const a = await newCard(todo.id, 'Knead', { labels: [label.id], dueDate: '2026-12-01', description: 'Rye' });
    expect(a).toEqual({
      id: expect.any(String),
      boardId: b.id,
      listId: todo.id,
      position: BOARD_POSITION_STEP,
      title: 'Knead',
      description: 'Rye',
      labels: [label.id],
      dueDate: '2026-12-01T12:00:00.000Z',
    });
    const c2 = await newCard(todo.id, 'Bake');
    expect(c2.position).toBe(2 * BOARD_POSITION_STEP);
    const d = await load(b.id);
    expect(d.lists.map((l) => l.title)).toEqual(['To do', 'Done']);
    expect(titles(d, todo.id)).toEqual(['Knead', 'Bake']);
    expect(d.labels).toEqual([label]);
    expect(expectOk(await api('GET', `/board/labels?boardId=${b.id}`))).toEqual([label]);
  });

  it('moves a card between two neighbours to their midpoint, and into another list', async () => {
    const b = await newBoard();
    const l1 = await newList(b.id, 'A');
    const l2 = await newList(b.id, 'B');
    const [x, y, z] = [await newCard(l1.id, 'x'), await newCard(l1.id, 'y'), await newCard(l1.id, 'z')];
    const moved = expectOk(await api('PATCH', '/board/card', { id: z.id, card: { index: 1 } })) as BoardCard;
    expect(moved.position).toBe((x.position + y.position) / 2);
    expect(titles(await load(b.id), l1.id)).toEqual(['x', 'z', 'y']);
    const across = expectOk(await api('PATCH', '/board/card', { id: x.id, card: { listId: l2.id, index: 0 } })) as BoardCard;
    expect(across).toMatchObject({ listId: l2.id, position: BOARD_POSITION_STEP });
    const d = await load(b.id);
    expect(titles(d, l1.id)).toEqual(['z', 'y']);
    expect(titles(d, l2.id)).toEqual(['x']);
  });

  it('renumbers the list in steps of 65536 when two neighbours leave no room', async () => {
    const b = await newBoard();
    const l = await newList(b.id, 'A');
    const cards = [await newCard(l.id, 'a'), await newCard(l.id, 'b'), await newCard(l.id, 'c'), await newCard(l.id, 'd')];
    // Squeeze a and b together: positions 10 and 11 leave no integer between them.
    expectOk(
      await api('PATCH', '/board/card/positions', {
        cards: [
          { id: cards[0]!.id, listId: l.id, position: 10 },
          { id: cards[1]!.id, listId: l.id, position: 11 },
        ],
      }),
    );
    const moved = expectOk(await api('PATCH', '/board/card', { id: cards[3]!.id, card: { index: 1 } })) as BoardCard;
    expect(moved.position).toBe(2 * BOARD_POSITION_STEP);
    const d = await load(b.id);
    expect(titles(d, l.id)).toEqual(['a', 'd', 'b', 'c']);
    expect(positions(d, l.id)).toEqual([1, 2, 3, 4].map((n) => n * BOARD_POSITION_STEP));
  });

  it('renumbers when a card goes first and the first sits at position 1', async () => {
    const b = await newBoard();
    const l = await newList(b.id, 'A');
    const a = await newCard(l.id, 'a');
    const c = await newCard(l.id, 'c');
    expectOk(await api('PATCH', '/board/card/positions', { cards: [{ id: a.id, listId: l.id, position: 1 }] }));
    expectOk(await api('PATCH', '/board/card', { id: c.id, card: { index: 0 } }));
    const d = await load(b.id);
    expect(titles(d, l.id)).toEqual(['c', 'a']);
    expect(positions(d, l.id)).toEqual([BOARD_POSITION_STEP, 2 * BOARD_POSITION_STEP]);
  });

  it('moves lists by place (midpoint, then renumbering) and by the lists call', async () => {
    const b = await newBoard();
    const [p, q, r] = [await newList(b.id, 'p'), await newList(b.id, 'q'), await newList(b.id, 'r')];
    const moved = expectOk(await api('PATCH', '/board/list', { list: { id: r.id, index: 0 } })) as BoardList;
    expect(moved.position).toBe(BOARD_POSITION_STEP / 2);
    expect((await load(b.id)).lists.map((l) => l.title)).toEqual(['r', 'p', 'q']);
    const all = expectOk(
      await api('PATCH', '/board/lists', {
        lists: [
          { id: p.id, position: 5 },
          { id: q.id, position: 6, title: 'Q' },
        ],
      }),
    ) as BoardList[];
    expect(all.map((l) => l.title)).toEqual(['p', 'Q', 'r']);
    expectOk(await api('PATCH', '/board/list', { list: { id: r.id, index: 1 } }));
    const d = await load(b.id);
    expect(d.lists.map((l) => l.title)).toEqual(['p', 'r', 'Q']);
    expect(d.lists.map((l) => l.position)).toEqual([1, 2, 3].map((n) => n * BOARD_POSITION_STEP));
  });

  it('deleting a list takes its cards; a card changes and is deleted', async () => {
    const b = await newBoard();
    const l = await newList(b.id, 'A');
    const keep = await newList(b.id, 'B');
    const c = await newCard(l.id, 'gone');
    const k = await newCard(keep.id, 'kept');
    const changed = expectOk(await api('PATCH', '/board/cards', { cards: [{ id: k.id, title: 'Kept', dueDate: null, description: 'ok' }] })) as BoardCard[];
    expect(changed[0]).toMatchObject({ title: 'Kept', description: 'ok', listId: keep.id, position: k.position });
    expectOk(await api('DELETE', `/board/list?id=${l.id}`));
    expect(await t.count(scrumboardCards, eq(scrumboardCards.id, c.id))).toBe(0);
    expectOk(await api('DELETE', `/board/card?id=${k.id}`));
    expect((await load(b.id)).lists).toEqual([{ ...keep, cards: [] }]);
    expectError(await api('DELETE', `/board/card?id=${k.id}`), 404, 'NOT_FOUND');
  });

  it('deleting a label takes it off every card', async () => {
    const b = await newBoard();
    const l = await newList(b.id, 'A');
    const [x, y] = [
      expectOk(await api('PUT', '/board/label', { label: { boardId: b.id, title: 'x' } })) as BoardLabel,
      expectOk(await api('PUT', '/board/label', { label: { boardId: b.id, title: 'y' } })) as BoardLabel,
    ];
    expect(expectOk(await api('PATCH', '/board/label', { id: x.id, label: { title: 'X' } }))).toEqual({ ...x, title: 'X' });
    const c = await newCard(l.id, 'c', { labels: [x.id, y.id] });
    expectOk(await api('DELETE', `/board/label?id=${x.id}`));
    const d = await load(b.id);
    expect(d.labels.map((z) => z.id)).toEqual([y.id]);
    expect(d.lists[0]!.cards.find((z) => z.id === c.id)!.labels).toEqual([y.id]);
  });

  it("refuses another board's label, a card moved to another board's list, and writes nothing", async () => {
    const b1 = await newBoard();
    const b2 = await newBoard();
    const l1 = await newList(b1.id, 'A');
    const l2 = await newList(b2.id, 'B');
    const foreign = expectOk(await api('PUT', '/board/label', { label: { boardId: b2.id, title: 'elsewhere' } })) as BoardLabel;
    const cards = await t.count(scrumboardCards);
    expectError(await api('PUT', '/board/card', { card: { listId: l1.id, title: 'c', labels: [foreign.id] } }), 400, 'VALIDATION');
    expectError(await api('PUT', '/board/card', { card: { listId: l1.id, boardId: b2.id, title: 'c' } }), 400, 'VALIDATION');
    expectError(await api('PUT', '/board/card', { card: { listId: l1.id, title: 'c', dueDate: '2026-02-31x' } }), 400, 'VALIDATION');
    expect(await t.count(scrumboardCards)).toBe(cards);
    const c = await newCard(l1.id, 'c');
    expectError(await api('PATCH', '/board/card', { id: c.id, card: { listId: l2.id, title: 'moved?' } }), 400, 'VALIDATION');
    expectError(await api('PATCH', '/board/card/positions', { cards: [{ id: c.id, listId: l2.id, position: 1 }] }), 400, 'VALIDATION');
    expect((await load(b1.id)).lists[0]!.cards).toEqual([c]);
  });

  it('moves lastActivity on every change inside the board, and lists boards latest first', async () => {
    const b = await newBoard('Activity');
    const seen = async () => (await load(b.id)).lastActivity;
    let last = await seen();
    const changes: (() => Promise<unknown>)[] = [];
    let listId = '';
    let cardId = '';
    let labelId = '';
    changes.push(async () => (listId = (await newList(b.id, 'A')).id));
    changes.push(async () => (cardId = (await newCard(listId, 'c')).id));
    changes.push(() => api('PATCH', '/board/card', { id: cardId, card: { title: 'C' } }));
    changes.push(() => api('PATCH', '/board/card/positions', { cards: [{ id: cardId, listId, position: 7 }] }));
    changes.push(async () => (labelId = (expectOk(await api('PUT', '/board/label', { label: { boardId: b.id, title: 'l' } })) as BoardLabel).id));
    changes.push(() => api('DELETE', `/board/label?id=${labelId}`));
    changes.push(() => api('DELETE', `/board/card?id=${cardId}`));
    changes.push(() => api('DELETE', `/board/list?id=${listId}`));
    for (const change of changes) {
      await tick();
      await change();
      const now = await seen();
      expect(Date.parse(now)).toBeGreaterThan(Date.parse(last));
      last = now;
    }
    const boards = expectOk(await api('GET', '/boards')) as Board[];
    expect(boards[0]!.id).toBe(b.id);
  });
});

describe('scrumboard: isolation', () => {
  it("answers 404 for another owner's boards, lists, cards and labels, and never lists them", async () => {
    const b = await newBoard('Mine');
    const l = await newList(b.id, 'A');
    const c = await newCard(l.id, 'c');
    const label = expectOk(await api('PUT', '/board/label', { label: { boardId: b.id, title: 'l' } })) as BoardLabel;
    expect(JSON.stringify(expectOk(await api('GET', '/boards', undefined, other)))).not.toContain(b.id);
    const counts = async () => Promise.all([scrumboardBoards, scrumboardLists, scrumboardCards, scrumboardLabels].map((x) => t.count(x)));
    const before = await counts();
    const o = (m: Method, url: string, body?: unknown) => api(m, url, body, other);
    for (const res of [
      await o('GET', `/board?id=${b.id}`),
      await o('PATCH', '/board', { id: b.id, board: { title: 'x' } }),
      await o('DELETE', `/board?id=${b.id}`),
      await o('POST', '/board/list', { list: { boardId: b.id, title: 'x' } }),
      await o('PATCH', '/board/list', { list: { id: l.id, title: 'x' } }),
      await o('PATCH', '/board/lists', { lists: [{ id: l.id, position: 1 }] }),
      await o('DELETE', `/board/list?id=${l.id}`),
      await o('PUT', '/board/card', { card: { listId: l.id, title: 'x' } }),
      await o('PATCH', '/board/card', { id: c.id, card: { title: 'x' } }),
      await o('PATCH', '/board/cards', { cards: [{ id: c.id, title: 'x' }] }),
      await o('PATCH', '/board/card/positions', { cards: [{ id: c.id, listId: l.id, position: 1 }] }),
      await o('DELETE', `/board/card?id=${c.id}`),
      await o('GET', `/board/labels?boardId=${b.id}`),
      await o('PUT', '/board/label', { label: { boardId: b.id, title: 'x' } }),
      await o('PATCH', '/board/label', { id: label.id, label: { title: 'x' } }),
      await o('DELETE', `/board/label?id=${label.id}`),
    ])
      expectError(res, 404, 'NOT_FOUND');
    expect(await counts()).toEqual(before);
  });

  it("moves no card into another owner's list: 404 and nothing written", async () => {
    const theirs = await newList((await newBoard('Theirs', other)).id, 'T', other);
    const b = await newBoard('Mine');
    const l = await newList(b.id, 'A');
    const c = await newCard(l.id, 'c');
    expectError(await api('PATCH', '/board/card', { id: c.id, card: { listId: theirs.id, title: 'changed' } }), 404, 'NOT_FOUND');
    expectError(await api('PATCH', '/board/card/positions', { cards: [{ id: c.id, listId: theirs.id, position: 1 }] }), 404, 'NOT_FOUND');
    expect((await load(b.id)).lists[0]!.cards).toEqual([c]);
    expect(await t.count(scrumboardCards, eq(scrumboardCards.listId, theirs.id))).toBe(0);
  });
});
