/** Bet row `type` to its label (win PASS, lose FAIL, draw TIE, wait WAIT, anything else CANCEL). */
export function betResultLabel(type: string): 'PASS' | 'FAIL' | 'TIE' | 'WAIT' | 'CANCEL' {
  return ({ win: 'PASS', lose: 'FAIL', draw: 'TIE', wait: 'WAIT' } as const)[type as 'win'] ?? 'CANCEL';
}

/** What the bet brought: winCash - cash (a loss is negative; a bet still open counts its stake). */
export const betResultCash = (r: { cash: number; winCash: number }) => r.winCash - r.cash;
