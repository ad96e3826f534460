import type { ChatMessage } from '@cuadre/contracts';
import { dayLabel, groupByDay, listTime, localDay, messageTime } from './group-messages';

const at = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).toISOString();
const msg = (createdAt: string, value = 'x'): ChatMessage => ({ id: createdAt, chatId: 'c', contactId: 'u', value, createdAt, isMine: false });

describe('chat messages by day', () => {
  it('puts each local day’s messages together, in order', () => {
    const groups = groupByDay([
      msg(at(2026, 3, 1, 9, 0), 'a'),
      msg(at(2026, 3, 1, 23, 59), 'b'),
      msg(at(2026, 3, 2, 0, 0), 'c'),
      msg(at(2026, 3, 5, 12, 0), 'd'),
    ]);
    expect(groups.map((g) => [g.day, g.messages.map((m) => m.value).join('')])).toEqual([
      ['2026-03-01', 'ab'],
      ['2026-03-02', 'c'],
      ['2026-03-05', 'd'],
    ]);
    expect(groupByDay([])).toEqual([]);
  });

  it('names today and yesterday, and any other day by its date in the reader’s language', () => {
    const now = new Date(2026, 2, 10, 15, 0);
    const words = { today: 'Today', yesterday: 'Yesterday' };
    expect(dayLabel('2026-03-10', 'en', words, now)).toBe('Today');
    expect(dayLabel('2026-03-09', 'en', words, now)).toBe('Yesterday');
    expect(dayLabel('2026-03-01', 'en', words, now)).toBe('Sunday, March 1, 2026');
    expect(dayLabel('2026-03-01', 'es', words, now)).toBe('domingo, 1 de marzo de 2026');
  });

  it('shows times as HH:mm in every language, and the list’s time or date', () => {
    expect(messageTime(at(2026, 3, 1, 7, 5), 'en')).toBe('07:05');
    expect(messageTime(at(2026, 3, 1, 19, 30), 'en')).toBe('19:30');
    expect(messageTime(at(2026, 3, 1, 0, 0), 'tr')).toBe('00:00');
    const now = new Date(2026, 2, 10, 15, 0);
    expect(listTime(at(2026, 3, 10, 8, 15), 'en', now)).toBe('08:15');
    expect(listTime(at(2026, 3, 2, 8, 15), 'en', now)).toBe('Mar 2');
    expect(localDay(at(2026, 12, 31, 23, 0))).toBe('2026-12-31');
  });
});
