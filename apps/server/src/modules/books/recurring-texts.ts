import type { Language } from '@cuadre/contracts';

type Texts = {
  due: (what: string, date: string) => { title: string; description: string };
  closed: (what: string, date: string) => { title: string; description: string };
  failed: (what: string, date: string) => { title: string; description: string };
  untitled: string;
};

/** What the recurring entries' notifications say, in the account's language. Plain text: the shell never renders it as HTML. */
export const RECURRING_TEXTS: Record<Language, Texts> = {
  en: {
    due: (what, date) => ({ title: 'A recurring entry is due', description: `${what}, ${date}: open to record it` }),
    closed: (what, date) => ({ title: 'A recurring entry was not recorded', description: `${what}, ${date}: that month is closed` }),
    failed: (what, date) => ({ title: 'A recurring entry could not be recorded', description: `${what}, ${date}: open it to check and record it` }),
    untitled: 'A recurring entry',
  },
  es: {
    due: (what, date) => ({ title: 'Vence un asiento periódico', description: `${what}, ${date}: ábralo para registrarlo` }),
    closed: (what, date) => ({ title: 'Un asiento periódico no se registró', description: `${what}, ${date}: ese mes está cerrado` }),
    failed: (what, date) => ({ title: 'Un asiento periódico no pudo registrarse', description: `${what}, ${date}: ábralo para revisarlo y registrarlo` }),
    untitled: 'Un asiento periódico',
  },
  tr: {
    due: (what, date) => ({ title: 'Tekrarlanan bir kaydın zamanı geldi', description: `${what}, ${date}: kaydetmek için açın` }),
    closed: (what, date) => ({ title: 'Tekrarlanan bir kayıt yazılmadı', description: `${what}, ${date}: o ay kapalı` }),
    failed: (what, date) => ({ title: 'Tekrarlanan bir kayıt yazılamadı', description: `${what}, ${date}: kontrol edip kaydetmek için açın` }),
    untitled: 'Tekrarlanan bir kayıt',
  },
};
