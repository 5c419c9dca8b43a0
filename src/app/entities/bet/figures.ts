/** A per-group settlement figure (casinoBetAmt, slotBetAmtWin, ...): the contract builds those keys, so their types are lost. */
export const figure = (row: object, key: string): number => Number((row as Record<string, unknown>)[key] ?? 0);
