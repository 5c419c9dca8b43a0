/** Bet row `type` to its label (win PASS, lose FAIL, draw TIE, wait WAIT, anything else CANCEL). */
export function betResultLabel(type: string): 'PASS' | 'FAIL' | 'TIE' | 'WAIT' | 'CANCEL' {
  return ({ win: 'PASS', lose: 'FAIL', draw: 'TIE', wait: 'WAIT' } as const)[type as 'win'] ?? 'CANCEL';
}

/** What the bet brought: winCash - cash (a loss is negative; a bet still open counts its stake). */
export const betResultCash = (r: { cash: number; winCash: number }) => r.winCash - r.cash;

export interface ParsedBetDetail {
  dType: string;
  gameType?: string;
  gameProvider?: string;
  gameName?: string;
  status?: string;
  result?: Record<string, unknown>;
  bets?: Record<string, unknown>[];
}

/** The vendor's detail text; a broken one shows as no detail rather than an error. */
export function parseBetDetail(text: string): ParsedBetDetail | null {
  try {
    const d = JSON.parse(text) as ParsedBetDetail;
    return d && typeof d === 'object' ? d : null;
  } catch {
    return null;
  }
}
