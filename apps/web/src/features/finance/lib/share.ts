/** The whole percent of a budget spent, rounded down (so 79.9 % never reads as the 80 % that warns); integers only. */
export function usedShare(spent: number, budget: number): number {
  return budget > 0 ? Math.floor((spent * 100) / budget) : 0;
}
