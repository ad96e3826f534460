import type { Language } from '@cuadre/contracts';
import type { Mail } from '../mail/index.js';

/** What the mailbox says outside its screen: the notification of a new mail and its e-mail. Plain text. */
export const MAILBOX_TEXTS: Record<
  Language,
  {
    newMail: (from: string) => string;
    noSubject: string;
    subject: (from: string, s: string) => string;
    lines: (from: string, s: string) => string[];
    footer: (link: string) => string;
  }
> = {
  en: {
    newMail: (from) => `New mail from ${from}`,
    noSubject: '(no subject)',
    subject: (from, s) => `New mail from ${from}: ${s}`,
    lines: (from, s) => [`${from} wrote to you in your Cuadre mailbox.`, `Subject: ${s}`],
    footer: (link) => `Read it at ${link}`,
  },
  es: {
    newMail: (from) => `Nuevo correo de ${from}`,
    noSubject: '(sin asunto)',
    subject: (from, s) => `Nuevo correo de ${from}: ${s}`,
    lines: (from, s) => [`${from} le escribió en su buzón de Cuadre.`, `Asunto: ${s}`],
    footer: (link) => `Léalo en ${link}`,
  },
  tr: {
    newMail: (from) => `${from} kişisinden yeni posta`,
    noSubject: '(konu yok)',
    subject: (from, s) => `${from} kişisinden yeni posta: ${s}`,
    lines: (from, s) => [`${from} size Cuadre posta kutunuzda yazdı.`, `Konu: ${s}`],
    footer: (link) => `Okumak için: ${link}`,
  },
};

/** The e-mail that tells of a new mail: who wrote and the subject, never the content (it stays in the service). */
export function newMailMail(lang: Language, to: string, from: string, subject: string, link: string): Mail {
  const t = MAILBOX_TEXTS[lang];
  const s = subject || t.noSubject;
  return { to, subject: t.subject(from, s), text: [...t.lines(from, s), '', t.footer(link)].join('\n') };
}
