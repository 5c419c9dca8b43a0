import { queryOptions } from '@tanstack/react-query';
import { betCalls } from '../../../contract/bet';
import type { Api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

export interface Hand {
  cards?: string[];
  score?: number | string;
}

/** The vendor's detail JSON as far as the screens read it; every field may be missing. */
export interface BetDetailBody {
  dType?: string;
  url?: string;
  gameType?: string;
  gameProvider?: string;
  gameName?: string;
  id?: string;
  playerId?: string;
  startedAt?: string | null;
  settledAt?: string | null;
  status?: string;
  dealerName?: string;
  tableName?: string;
  result?: Record<string, unknown> & { seats?: Hand[]; legs?: Leg[]; winner?: string };
  bets?: { stake?: number; payout?: number; betAmount?: number; winAmount?: number; code?: string; target?: string; placedOn?: string; transactionId?: string }[];
}

export interface Leg {
  pick?: string;
  odds?: number;
  status?: string;
  home?: string;
  away?: string;
  home_score?: number | null;
  away_score?: number | null;
  start_at?: string;
}

export type ParsedDetail = { kind: 'none' } | { kind: 'frame'; url: string } | { kind: 'body'; body: BetDetailBody };

/** Empty text is 'no detail'; a url is shown in a frame; anything unreadable counts as empty. */
export function parseDetail(text: string | null | undefined): ParsedDetail {
  if (!text || !text.trim()) return { kind: 'none' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'none' };
  }
  if (!body || typeof body !== 'object' || Object.keys(body).length === 0) return { kind: 'none' };
  const b = body as BetDetailBody;
  if (typeof b.url === 'string' && /^https?:\/\//.test(b.url)) return { kind: 'frame', url: b.url };
  return { kind: 'body', body: b };
}

/** Hands in a result (player, banker, dragon, tiger, dealer, aSpot, bSpot, seats), in a fixed order. */
export function handsOf(result: BetDetailBody['result']): { key: string; hand: Hand }[] {
  if (!result) return [];
  const order = ['dealer', 'player', 'banker', 'dragon', 'tiger', 'aSpot', 'bSpot'];
  const isHand = (v: unknown): v is Hand => !!v && typeof v === 'object' && ('cards' in v || 'score' in v);
  const named = order.filter((k) => isHand(result[k])).map((k) => ({ key: k, hand: result[k] as Hand }));
  const seats = (Array.isArray(result.seats) ? result.seats : []).filter(isHand).map((hand, i) => ({ key: `seat${i + 1}`, hand }));
  return [...named, ...seats];
}

export const betDetailQueryOptions = (api: Api, prefix: string, me: string, betId: string) =>
  queryOptions({ queryKey: userKey(prefix, me, 'betDetail', betId), queryFn: () => api(betCalls.betDetail, { betId }), staleTime: 60_000 });
