import type { Language } from '@cuadre/contracts';

/** The budget warnings, in the account's language (plain text: the shell renders it as text). */
export const BUDGET_TEXTS: Record<
  Language,
  (threshold: number, category: string, month: string, spent: string, budget: string) => { title: string; description: string }
> = {
  en: (threshold, category, month, spent, budget) =>
    threshold >= 100
      ? { title: `${category} is over budget`, description: `${spent} spent in ${month}, over its budget of ${budget}.` }
      : { title: `${category} is at ${threshold} % of its budget`, description: `${spent} spent in ${month} of a budget of ${budget}.` },
  es: (threshold, category, month, spent, budget) =>
    threshold >= 100
      ? { title: `${category} superó su presupuesto`, description: `Gastó ${spent} en ${month}, más que su presupuesto de ${budget}.` }
      : { title: `${category} llegó al ${threshold} % de su presupuesto`, description: `Gastó ${spent} en ${month} de un presupuesto de ${budget}.` },
  tr: (threshold, category, month, spent, budget) =>
    threshold >= 100
      ? { title: `${category} bütçeyi aştı`, description: `${month} içinde ${spent} harcandı; bütçe ${budget}.` }
      : { title: `${category} bütçesinin %${threshold} kadarına ulaştı`, description: `${month} içinde ${budget} bütçenin ${spent} kadarı harcandı.` },
};
