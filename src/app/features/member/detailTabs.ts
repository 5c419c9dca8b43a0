export const detailTabs = ['info', 'rate', 'login', 'notes', 'cash', 'rolling', 'games', 'bets'] as const;
export type DetailTab = (typeof detailTabs)[number];

/** URL search of the detail screens: the member id (numbers too: ids may be all digits) and the open tab. */
export function validateDetailSearch(s: Record<string, unknown>): { id: string; tab?: DetailTab } {
  const id = s.id == null ? '' : String(s.id).slice(0, 40);
  const tab = detailTabs.includes(s.tab as DetailTab) ? (s.tab as DetailTab) : undefined;
  return { id, ...(tab && tab !== 'info' ? { tab } : {}) };
}
