import type { ChatMessage } from '@cuadre/contracts';
import { dateFormat } from '@/lib/intl';

/** A calendar day in the reader's time zone, as YYYY-MM-DD. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export interface DayGroup {
  day: string;
  messages: ChatMessage[];
}

/** Messages (oldest first) in runs of one local day each, in order (spec 000 "Quick chat": grouped by day). */
export function groupByDay(messages: ChatMessage[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const m of messages) {
    const day = localDay(m.createdAt);
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(m);
    else groups.push({ day, messages: [m] });
  }
  return groups;
}

/** A day's heading: today, yesterday, or the date in the reader's language. */
export function dayLabel(day: string, lang: string, words: { today: string; yesterday: string }, now = new Date()): string {
  const today = localDay(now.toISOString());
  const y = new Date(now);
  y.setDate(y.getDate() - 1);
  if (day === today) return words.today;
  if (day === localDay(y.toISOString())) return words.yesterday;
  // Noon of that day, so no time-zone shift moves it to another date.
  return dateFormat(lang, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(`${day}T12:00:00`));
}

/** A message's time as HH:mm (spec 000 "Quick chat"), 24-hour in every language. */
export const messageTime = (iso: string, lang: string) => dateFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** A chat's last activity in the list: the time today, else the short date. */
export function listTime(iso: string, lang: string, now = new Date()): string {
  if (localDay(iso) === localDay(now.toISOString())) return messageTime(iso, lang);
  return dateFormat(lang, { month: 'short', day: 'numeric' }).format(new Date(iso));
}
