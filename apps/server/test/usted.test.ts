import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES, DEFAULT_SUBCATEGORIES, MILEAGE_LINE_NAMES } from '../src/db/default-chart.js';
import { alreadyRegisteredMail, confirmEmailMail, resetPasswordMail } from '../src/modules/auth/auth.mail.js';
import { supportAnswerMail } from '../src/modules/help/support.mail.js';
import { PANEL_TEXTS } from '../src/modules/panels/texts.js';
import { textFor } from '../src/modules/reports/report-doc.js';

/**
 * The server's Spanish (mails, notifications, report files, help articles) speaks to the reader as
 * "usted", as the interface does: the same tell-tale signs of "tú" as apps/web/src/i18n/usted.test.ts,
 * where the choice of words is explained.
 */
const TU_WORDS =
  'tu|tus|tú|te|ti|contigo|tuyo|tuya|tuyos|tuyas|puedes|tienes|quieres|necesitas|debes|estás|eres|has|podrás|sabes|fuiste|hiciste|escribiste|olvidaste|confirmaste|recordaste|cambiaste';
const TU_OPENINGS =
  'elige|escoge|introduce|añade|agrega|escribe|pulsa|haz|revisa|comprueba|inicia|mira|pide|indica|usa|sigue|guarda|exporta|empieza|acepta|intenta|adjunta|sube|abre|selecciona|cambia|busca|elimina|borra|cierra|lleva|anota|repite|registra|confirma|ponte|asegúrate|regístrate|inténtalo|cuéntanos|escríbenos|contáctanos|ábrelo|reábrelo|desactívalo|desactívala|déjala|déjalo|úsalo';
const letter = 'a-záéíóúüñ';
const anywhere = new RegExp(`(?<![${letter}])(${TU_WORDS})(?![${letter}])`, 'iu');
const opening = new RegExp(`(?:^|[.!?:;¿¡(—]\\s*|\\n\\s*(?:[-*#]+\\s*|\\d+\\.\\s*)?)(${TU_OPENINGS})(?![${letter}])`, 'iu');

const tuteo = (text: string) => [anywhere.exec(text)?.[1], opening.exec(text)?.[1], /vuelve a intentarlo/iu.exec(text)?.[0]].filter((w): w is string => !!w);
/**
 * An article's worked examples tell what the demo's owner does in the third person ("Marta abre los
 * meses... Elige Cerrar sesión"), which is the same word as a "tú" command. So in an article a command
 * counts where instructions are written, at the start of a line, a step or a list item; the words that
 * can only be "tú" count anywhere.
 */
const lineOpening = new RegExp(`(?:^|\\n)\\s*(?:[-*#]+\\s*|\\d+\\.\\s*)?(?:\\*\\*)?(${TU_OPENINGS})(?![${letter}])`, 'iu');
const tuteoInArticle = (text: string) =>
  [anywhere.exec(text)?.[1], lineOpening.exec(text)?.[1], /vuelve a intentarlo/iu.exec(text)?.[0]].filter((w): w is string => !!w);

/** Every string a value holds; a function is called with placeholders for its arguments. */
const strings = (value: unknown): string[] =>
  typeof value === 'function'
    ? strings((value as (...a: string[]) => unknown)('«A»', '«B»', '«C»'))
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : typeof value === 'string'
          ? [value]
          : [];

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? files(path.join(dir, name)) : [path.join(dir, name)]));

describe('the server’s Spanish', () => {
  it('knows "tú" when it sees it', () => {
    expect(tuteo('Confirma tu dirección de correo')).not.toEqual([]);
    expect(tuteo('Si fuiste tú, elige una contraseña nueva')).not.toEqual([]);
    expect(tuteo('Hola:\n\nRevisa el mes.')).not.toEqual([]);
    expect(tuteo('1. Abre **Configuración**')).not.toEqual([]);
    expect(tuteo('Confirme su dirección de correo. Cuadre usa la tarifa vigente.')).toEqual([]);
    expect(tuteoInArticle('Intro.\n\n1. Abre **Configuración**')).not.toEqual([]);
    expect(tuteoInArticle('Intro.\n\nElige la fecha.')).not.toEqual([]);
    expect(tuteoInArticle('Marta abre los meses. Elige **Cerrar sesión** en esa.')).toEqual([]);
    expect(tuteoInArticle('Marta abre los meses; tu cuenta sigue.')).not.toEqual([]);
  });

  it('addresses the reader as "usted" in mails, notifications and report files', () => {
    const texts = [
      ...strings([confirmEmailMail, resetPasswordMail, alreadyRegisteredMail].map((mail) => mail('es', 'a@example.com', 'Ana', 'https://x.test'))),
      ...strings(supportAnswerMail('es', 'a@example.com', 'Ana', 'Asunto', 'Respuesta', 'https://x.test')),
      ...strings(PANEL_TEXTS.es),
      ...strings(textFor('es')),
      ...DEFAULT_CATEGORIES.map((c) => c.names.es),
      ...DEFAULT_SUBCATEGORIES.map((s) => s.names.es),
      MILEAGE_LINE_NAMES.es,
    ];
    expect(texts.length).toBeGreaterThan(80);
    expect(texts.filter((text) => tuteo(text).length > 0)).toEqual([]);
  });

  it('addresses the reader as "usted" in the help center', () => {
    const dir = path.resolve(import.meta.dirname, '../content/help/es');
    const articles = files(dir);
    expect(articles.length).toBeGreaterThan(5);
    const found = articles
      .map((file) => ({ file: path.relative(dir, file), words: tuteoInArticle(readFileSync(file, 'utf8')) }))
      .filter(({ words }) => words.length > 0);
    expect(found).toEqual([]);
  });
});
