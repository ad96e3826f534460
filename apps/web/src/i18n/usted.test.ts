// @vitest-environment node
import path from 'node:path';
import { mergeLocales } from '../../i18n-plugin';

/**
 * The Spanish interface speaks to the reader as "usted", everywhere. These are the tell-tale signs of
 * "tú", chosen so that none of them is ever anything else in our texts:
 * - words that only address someone as "tú" (possessives, pronouns, second-person verb forms);
 * - "tú" imperatives opening a sentence or a clause (mid-sentence "añade" or "usa" may be a third
 *   person: "Cuadre añade…"; as an opening they are an order to the reader). Nouns that look like one
 *   (Marca, Consulta, Descarga, Prueba) are left out.
 * The server's Spanish texts are held to the same list in apps/server/test/usted.test.ts.
 */
const TU_WORDS = [
  'tu',
  'tus',
  'tú',
  'te',
  'ti',
  'contigo',
  'tuyo',
  'tuya',
  'tuyos',
  'tuyas',
  'puedes',
  'tienes',
  'quieres',
  'necesitas',
  'debes',
  'estás',
  'eres',
  'has',
  'podrás',
  'sabes',
  'fuiste',
  'hiciste',
  'escribiste',
  'olvidaste',
  'confirmaste',
  'recordaste',
  'cambiaste',
];
const TU_OPENINGS = [
  'elige',
  'escoge',
  'introduce',
  'añade',
  'agrega',
  'escribe',
  'pulsa',
  'haz',
  'revisa',
  'comprueba',
  'inicia',
  'mira',
  'pide',
  'indica',
  'usa',
  'sigue',
  'guarda',
  'exporta',
  'empieza',
  'acepta',
  'intenta',
  'adjunta',
  'sube',
  'abre',
  'selecciona',
  'cambia',
  'busca',
  'elimina',
  'borra',
  'cierra',
  'lleva',
  'anota',
  'repite',
  'registra',
  'confirma',
  'ponte',
  'asegúrate',
  'regístrate',
  'inténtalo',
  'cuéntanos',
  'escríbenos',
  'contáctanos',
  'ábrelo',
  'reábrelo',
  'desactívalo',
  'desactívala',
  'déjala',
  'déjalo',
  'úsalo',
];
const letter = 'a-záéíóúüñ';
const anywhere = new RegExp(`(?<![${letter}])(${TU_WORDS.join('|')})(?![${letter}])`, 'iu');
const opening = new RegExp(`(?:^|[.!?:;¿¡(—]\\s*)(${TU_OPENINGS.join('|')})(?![${letter}])`, 'iu');
const phrases = /vuelve a intentarlo/iu;

/** The "tú" a text uses, if any: the words that give it away. */
export function tuteo(text: string): string[] {
  // Placeholders and markup are not words of the sentence.
  const plain = text.replace(/\{\{[^}]*\}\}/g, '·').replace(/<\/?[a-z]+>/gi, '');
  return [anywhere.exec(plain)?.[1], opening.exec(plain)?.[1], phrases.exec(plain)?.[0]].filter((w): w is string => !!w);
}

const strings = (value: unknown, at: string): [string, string][] =>
  Array.isArray(value)
    ? value.flatMap((v, i) => strings(v, `${at}[${i}]`))
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k))
      : [[at, String(value)]];

describe('the Spanish interface', () => {
  it('knows "tú" when it sees it', () => {
    for (const text of [
      'Escribe tu nombre',
      'Revisa los campos marcados.',
      '¿Aún no tienes cuenta?',
      'Esta contraseña es demasiado común; elige otra',
      'Demasiados intentos. Espere unos minutos y vuelve a intentarlo.',
      'Te llevamos a la página de inicio de sesión en {{count}} segundos.',
      'Cuadre no está disponible. Inténtalo de nuevo.',
      '¿No eres tú?',
      'Añade el primer registro del mes ({{type}}) o elige otro mes.',
    ])
      expect(tuteo(text), text).not.toEqual([]);
    for (const text of [
      'Escriba su nombre',
      'Revise los campos marcados.',
      '¿Aún no tiene cuenta?',
      'Esta contraseña es demasiado común; elija otra',
      'Le llevamos a la página de inicio de sesión en {{count}} segundos.',
      'Marca y modelo',
      'Cuadre usa la tarifa vigente y añade la deducción.',
      'Si vuelve a ocurrir, cuéntenos qué hizo.',
      'Teléfono',
    ])
      expect(tuteo(text), text).toEqual([]);
  });

  it('addresses the reader as "usted" in every string', () => {
    const es = strings(mergeLocales(path.resolve(import.meta.dirname, 'locales'), 'es'), '');
    expect(es.length).toBeGreaterThan(500);
    expect(es.map(([key, text]) => ({ key, text, found: tuteo(text) })).filter(({ found }) => found.length > 0)).toEqual([]);
  });

  it('writes "Cerrar sesión" and "Iniciar sesión" in sentence case', () => {
    const es = strings(mergeLocales(path.resolve(import.meta.dirname, 'locales'), 'es'), '');
    expect(es.filter(([, text]) => /\b(Cerrar|Iniciar|Cierre|Inicie) Sesión/u.test(text))).toEqual([]);
    expect(es.filter(([, text]) => text === 'Cerrar sesión').length).toBeGreaterThan(0);
  });
});
