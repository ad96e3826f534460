import type { Language } from '@cuadre/contracts';
import type { Mail } from '../mail/index.js';

/** The mail that carries an administrator's answer, in the asker's language; plain text only (the answer is a person's words). */
const TEXTS: Record<Language, { subject: (s: string) => string; lines: (name: string, subject: string) => string[]; footer: (link: string) => string }> = {
  en: {
    subject: (s) => `Your support request: ${s}`,
    lines: (name, s) => [`Hello ${name},`, `We answered your support request "${s}":`],
    footer: (link) => `You will find it, and can write again, at ${link}`,
  },
  es: {
    subject: (s) => `Su solicitud de soporte: ${s}`,
    lines: (name, s) => [`Hola, ${name}:`, `Respondimos a su solicitud de soporte «${s}»:`],
    footer: (link) => `La encontrará, y podrá escribirnos de nuevo, en ${link}`,
  },
  tr: {
    subject: (s) => `Destek talebiniz: ${s}`,
    lines: (name, s) => [`Merhaba ${name},`, `"${s}" konulu destek talebinizi yanıtladık:`],
    footer: (link) => `Yanıtı ${link} adresinde bulabilir ve yeniden yazabilirsiniz.`,
  },
};

export function supportAnswerMail(lang: Language, to: string, name: string, subject: string, answer: string, link: string): Mail {
  const t = TEXTS[lang];
  return { to, subject: t.subject(subject), text: [...t.lines(name, subject), '', answer, '', t.footer(link)].join('\n') };
}
