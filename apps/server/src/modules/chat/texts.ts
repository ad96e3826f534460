import type { Language } from '@cuadre/contracts';
import type { Mail } from '../mail/index.js';

/** The chat's words, in the reader's language. */
export const CHAT_TEXTS: Record<
  Language,
  {
    /** A person's status text (spec: "default is a greeting saying the person uses the chat app"). */
    about: string;
    /** An administrator's, so an owner sees who answers. */
    aboutSupport: string;
    supportTitle: string;
    /** The notification of a message that arrived while no tab was open. */
    notification: (from: string) => string;
    mail: (from: string, value: string, link: string) => { subject: string; text: string };
  }
> = {
  en: {
    about: "Hi there! I'm using the chat.",
    aboutSupport: 'Cuadre support: write to us here.',
    supportTitle: 'Support',
    notification: (from) => `New message from ${from}`,
    mail: (from, value, link) => ({
      subject: `New message from ${from}`,
      text: [`${from} wrote to you:`, '', value, '', `Read and answer it at ${link}`, '', 'You can turn these mails off in your settings (Preferences).'].join(
        '\n',
      ),
    }),
  },
  es: {
    about: '¡Hola! Estoy usando el chat.',
    aboutSupport: 'Soporte de Cuadre: escríbanos aquí.',
    supportTitle: 'Soporte',
    notification: (from) => `Nuevo mensaje de ${from}`,
    mail: (from, value, link) => ({
      subject: `Nuevo mensaje de ${from}`,
      text: [
        `${from} le escribió:`,
        '',
        value,
        '',
        `Léalo y respóndalo en ${link}`,
        '',
        'Puede desactivar estos correos en su configuración (Preferencias).',
      ].join('\n'),
    }),
  },
  tr: {
    about: 'Merhaba! Sohbeti kullanıyorum.',
    aboutSupport: 'Cuadre destek: bize buradan yazın.',
    supportTitle: 'Destek',
    notification: (from) => `${from} kişisinden yeni mesaj`,
    mail: (from, value, link) => ({
      subject: `${from} kişisinden yeni mesaj`,
      text: [
        `${from} size yazdı:`,
        '',
        value,
        '',
        `Okumak ve yanıtlamak için: ${link}`,
        '',
        'Bu e-postaları ayarlarınızdan (Tercihler) kapatabilirsiniz.',
      ].join('\n'),
    }),
  },
};

export function chatMessageMail(lang: Language, to: string, from: string, value: string, link: string): Mail {
  return { to, ...CHAT_TEXTS[lang].mail(from, value, link) };
}
