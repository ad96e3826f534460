import type { Language } from '@cuadre/contracts';
import type { Mail } from '../mail/index.js';

/**
 * The texts of the mails auth sends, in the account's language. Plain text first; the HTML part
 * holds no user-written text but the name, escaped.
 */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (lines: string[], link: string, action: string) =>
  `<p>${lines.map(escape).join('</p><p>')}</p><p><a href="${escape(link)}">${escape(action)}</a></p>`;

interface MailText {
  subject: string;
  lines: (name: string) => string[];
  action: string;
}

const TEXTS: Record<'confirm' | 'reset' | 'registered' | 'mfaReset', Record<Language, MailText>> = {
  mfaReset: {
    en: {
      subject: 'Two-step sign-in was turned off on your Cuadre account',
      lines: (name) => [
        `Hello ${name},`,
        'An administrator turned off two-step sign-in on your Cuadre account: for now your password alone signs you in, and your recovery codes no longer work.',
        'Turn it on again in Settings, Security. If you did not ask for this, change your password and tell your administrator.',
      ],
      action: 'Sign in',
    },
    es: {
      subject: 'Se desactivó el inicio de sesión en dos pasos de su cuenta de Cuadre',
      lines: (name) => [
        `Hola, ${name}:`,
        'Un administrador desactivó el inicio de sesión en dos pasos de su cuenta de Cuadre: por ahora basta su contraseña para entrar y sus códigos de recuperación ya no sirven.',
        'Vuelva a activarlo en Ajustes, Seguridad. Si usted no lo pidió, cambie su contraseña y avise a su administrador.',
      ],
      action: 'Iniciar sesión',
    },
    tr: {
      subject: 'Cuadre hesabınızda iki adımlı giriş kapatıldı',
      lines: (name) => [
        `Merhaba ${name},`,
        'Bir yönetici Cuadre hesabınızda iki adımlı girişi kapattı: şimdilik yalnızca parolanızla giriş yapabilirsiniz ve kurtarma kodlarınız artık çalışmaz.',
        'Ayarlar, Güvenlik bölümünden yeniden açın. Bunu siz istemediyseniz parolanızı değiştirin ve yöneticinize haber verin.',
      ],
      action: 'Giriş yap',
    },
  },
  confirm: {
    en: {
      subject: 'Confirm your email address for Cuadre',
      lines: (name) => [`Hello ${name},`, 'Welcome to Cuadre. Confirm your email address to start keeping your books.', 'The link works for 24 hours.'],
      action: 'Confirm my email address',
    },
    es: {
      subject: 'Confirme su dirección de correo para Cuadre',
      lines: (name) => [
        `Hola, ${name}:`,
        'Le damos la bienvenida a Cuadre. Confirme su dirección de correo para empezar a llevar sus libros.',
        'El enlace funciona durante 24 horas.',
      ],
      action: 'Confirmar mi dirección de correo',
    },
    tr: {
      subject: 'Cuadre için e-posta adresinizi doğrulayın',
      lines: (name) => [
        `Merhaba ${name},`,
        'Cuadre’ye hoş geldiniz. Defterlerinizi tutmaya başlamak için e-posta adresinizi doğrulayın.',
        'Bağlantı 24 saat geçerlidir.',
      ],
      action: 'E-posta adresimi doğrula',
    },
  },
  reset: {
    en: {
      subject: 'Reset your Cuadre password',
      lines: (name) => [
        `Hello ${name},`,
        'Someone asked to reset the password of your Cuadre account. If it was you, choose a new password with the link below; it works once, for one hour.',
        'If it was not you, ignore this mail: your password stays as it is.',
      ],
      action: 'Choose a new password',
    },
    es: {
      subject: 'Restablezca su contraseña de Cuadre',
      lines: (name) => [
        `Hola, ${name}:`,
        'Alguien pidió restablecer la contraseña de su cuenta de Cuadre. Si fue usted, elija una contraseña nueva con el enlace de abajo; funciona una vez, durante una hora.',
        'Si no fue usted, ignore este correo: su contraseña sigue igual.',
      ],
      action: 'Elegir una contraseña nueva',
    },
    tr: {
      subject: 'Cuadre parolanızı sıfırlayın',
      lines: (name) => [
        `Merhaba ${name},`,
        'Birisi Cuadre hesabınızın parolasını sıfırlamak istedi. Bu sizseniz aşağıdaki bağlantıyla yeni bir parola seçin; bağlantı bir kez ve bir saat boyunca çalışır.',
        'Bu siz değilseniz bu e-postayı yok sayın: parolanız olduğu gibi kalır.',
      ],
      action: 'Yeni bir parola seç',
    },
  },
  registered: {
    en: {
      subject: 'You already have a Cuadre account',
      lines: (name) => [
        `Hello ${name},`,
        'Someone tried to create a Cuadre account with this email address, which already has one. If it was you, sign in, or reset your password from the sign-in page.',
      ],
      action: 'Sign in',
    },
    es: {
      subject: 'Ya tiene una cuenta de Cuadre',
      lines: (name) => [
        `Hola, ${name}:`,
        'Alguien intentó crear una cuenta de Cuadre con esta dirección de correo, que ya tiene una. Si fue usted, inicie sesión o restablezca su contraseña desde la página de inicio de sesión.',
      ],
      action: 'Iniciar sesión',
    },
    tr: {
      subject: 'Zaten bir Cuadre hesabınız var',
      lines: (name) => [
        `Merhaba ${name},`,
        'Birisi bu e-posta adresiyle bir Cuadre hesabı oluşturmaya çalıştı, ancak bu adresin zaten bir hesabı var. Bu sizseniz giriş yapın ya da giriş sayfasından parolanızı sıfırlayın.',
      ],
      action: 'Giriş yap',
    },
  },
};

function compose(kind: keyof typeof TEXTS, lang: Language, to: string, name: string, link: string): Mail {
  const t = TEXTS[kind][lang];
  const lines = t.lines(name);
  return { to, subject: t.subject, text: `${lines.join('\n\n')}\n\n${link}\n`, html: html(lines, link, t.action) };
}

export const confirmEmailMail = (lang: Language, to: string, name: string, link: string) => compose('confirm', lang, to, name, link);
export const resetPasswordMail = (lang: Language, to: string, name: string, link: string) => compose('reset', lang, to, name, link);
export const alreadyRegisteredMail = (lang: Language, to: string, name: string, signInLink: string) => compose('registered', lang, to, name, signInLink);
export const mfaResetMail = (lang: Language, to: string, name: string, signInLink: string) => compose('mfaReset', lang, to, name, signInLink);
