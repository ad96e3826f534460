import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Chat } from '@cuadre/contracts';
import { json, renderApp } from '@/test/render';
import { setScreenWide } from '@/test/screen';
import { Conversation } from './conversation';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setScreenWide(true));

const at = (d: number, h: number, m: number) => new Date(2026, 2, d, h, m).toISOString();
const contact = { id: 'admin-1', avatar: null, background: null, name: 'Ana Soporte', about: 'Cuadre support: write to us here.' };
const chatOf = (over: Partial<Chat> = {}): Chat => ({
  id: 'chat-1',
  contactId: 'admin-1',
  contact,
  unreadCount: 1,
  muted: false,
  lastMessage: 'Reopen the month.',
  lastMessageAt: at(2, 9, 5),
  messages: [
    { id: 'm1', chatId: 'chat-1', contactId: 'me-1', value: 'Can I fix a closed month?', createdAt: at(1, 18, 30), isMine: true },
    { id: 'm2', chatId: 'chat-1', contactId: 'admin-1', value: 'Reopen the month.', createdAt: at(2, 9, 5), isMine: false },
  ],
  ...over,
});

describe('a conversation', () => {
  it('groups messages by day with HH:mm times, marks the chat read, sends with Enter and keeps Shift+Enter a new line', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    let chat = chatOf();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const method = init?.method ?? 'GET';
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
        sent.push({ method, path: url.pathname, body });
        if (url.pathname === '/api/apps/chat/chat' && method === 'PATCH') {
          chat = { ...chat, unreadCount: 0 };
          const { messages: _m, ...rest } = chat;
          return json(rest);
        }
        if (url.pathname === '/api/apps/chat/chat') return json(chat);
        if (url.pathname === '/api/apps/chat/message') {
          const message = { id: 'm3', chatId: 'chat-1', contactId: 'me-1', value: String(body!.value), createdAt: at(2, 9, 7), isMine: true };
          chat = { ...chat, messages: [...chat.messages!, message] };
          const { messages: _m, ...rest } = chat;
          return json({ message, chat: rest });
        }
        return json([]);
      }),
    );
    renderApp(<Conversation chatId="chat-1" />);
    const log = await screen.findByRole('log');
    expect(
      within(log)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Sunday, March 1, 2026', 'Monday, March 2, 2026']);
    expect(
      within(log)
        .getAllByText(/^\d{2}:\d{2}$/)
        .map((t) => t.textContent),
    ).toEqual(['18:30', '09:05']);
    // Shown, so read: its unread count goes to 0.
    await waitFor(() => expect(sent).toContainEqual({ method: 'PATCH', path: '/api/apps/chat/chat', body: { id: 'chat-1', chat: { unreadCount: 0 } } }));

    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Thanks!{Shift>}{Enter}{/Shift}It worked.');
    expect(box).toHaveValue('Thanks!\nIt worked.');
    expect(sent.some((r) => r.path === '/api/apps/chat/message')).toBe(false);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(sent).toContainEqual({ method: 'POST', path: '/api/apps/chat/message', body: { chatId: 'chat-1', value: 'Thanks!\nIt worked.' } }),
    );
    await within(log).findByText(/Thanks!\s+It worked\./);
    expect(box).toHaveValue('');
  });

  it('says what the server said when the chat is not there, with a retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ statusCode: 404, code: 'NOT_FOUND', message: 'Could not found chat with id of nope!' }, 404)),
    );
    renderApp(<Conversation chatId="nope" />);
    await screen.findByRole('button', { name: /try again|retry/i });
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});
