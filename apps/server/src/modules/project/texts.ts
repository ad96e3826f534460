import type { Language } from '@cuadre/contracts';

/** The project dashboard's own words, in the reader's language (tag names and people's names are the owner's). */
export const PROJECT_TEXTS: Record<Language, { other: string; noTag: string; owner: string; support: string; months: string[] }> = {
  en: {
    other: 'Other',
    noTag: 'No tag',
    owner: 'Owner',
    support: 'Support',
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
  es: {
    other: 'Otras',
    noTag: 'Sin etiqueta',
    owner: 'Propietario',
    support: 'Soporte',
    months: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
  },
  tr: {
    other: 'Diğer',
    noTag: 'Etiketsiz',
    owner: 'Sahip',
    support: 'Destek',
    months: ['Oca', 'Şub', 'Mar', 'Nis', 'May', 'Haz', 'Tem', 'Ağu', 'Eyl', 'Eki', 'Kas', 'Ara'],
  },
};
