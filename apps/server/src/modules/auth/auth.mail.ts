import type { Mail } from '../../lib/mail-queue.js';

/** The texts of the mails auth sends. Plain text first; the HTML part holds no user-written text but the name, escaped. */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (lines: string[], link: string, action: string) =>
  `<p>${lines.map(escape).join('</p><p>')}</p><p><a href="${escape(link)}">${escape(action)}</a></p>`;

export function confirmEmailMail(to: string, name: string, link: string): Mail {
  const lines = [`Hello ${name},`, 'Welcome to Cuadre. Confirm your email address to start keeping your books.', 'The link works for 24 hours.'];
  return {
    to,
    subject: 'Confirm your email address for Cuadre',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: html(lines, link, 'Confirm my email address'),
  };
}

export function resetPasswordMail(to: string, name: string, link: string): Mail {
  const lines = [`Hello ${name},`, 'Someone asked to reset the password of your Cuadre account. If it was you, choose a new password with the link below; it works once, for one hour.', 'If it was not you, ignore this mail: your password stays as it is.'];
  return {
    to,
    subject: 'Reset your Cuadre password',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: html(lines, link, 'Choose a new password'),
  };
}

export function alreadyRegisteredMail(to: string, name: string, signInLink: string): Mail {
  const lines = [`Hello ${name},`, 'Someone tried to create a Cuadre account with this email address, which already has one. If it was you, sign in, or reset your password from the sign-in page.'];
  return { to, subject: 'You already have a Cuadre account', text: `${lines.join('\n\n')}\n\n${signInLink}\n`, html: html(lines, signInLink, 'Sign in') };
}
