import type { ColumnType, Generated } from 'kysely';
import type { BetPick, BetStatus, GameCategory as Category, LegStatus } from '../../../contract/gameConcepts.js';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Jsonb<T> = ColumnType<T, string | undefined | null, string | null>;
/** numeric(5,2) comes back as a number (driver parser); written as a number or text. */
type Rate = ColumnType<number, number | string | undefined, number | string>;

export type { BetStatus, Category };

/** One member's betting figures in one scope ('O' its own, 'T' its subtree's) and category. */
interface StatFigures {
  member_id: number;
  scope: 'O' | 'T';
  category: Category;
  bet_cnt: number;
  stake: number;
  win: number;
  rolling: number;
  losing: number;
}

export interface GameTables {
  vendor: {
    id: Generated<number>;
    site_id: string;
    code: string;
    name: string;
    /** display names per locale (ko, en, vi) */
    names: Jsonb<Record<string, string>>;
    category: Category;
    wallet_mode: 'seamless' | 'transfer';
    secret: string;
    status: Generated<string>;
    min_bet: Generated<number>;
    max_bet: Generated<number>;
    max_win: Generated<number>;
    ord: Generated<number>;
    created_at: Generated<Date>;
    /** a sandbox credential: plays for test players only (migration 430) */
    sandbox: Generated<boolean>;
    revoked_at: Date | null;
  };
  game: {
    id: Generated<number>;
    site_id: string;
    vendor_id: number;
    code: string;
    name: string;
    names: Jsonb<Record<string, string>>;
    kind: string;
    status: Generated<string>;
    ord: Generated<number>;
  };
  rate: {
    site_id: string;
    member_id: number;
    category: Category;
    point_rate: Rate;
    lose_rate: Rate;
    locked_until: Date | null;
    updated_at: Stamp & Generated<Date>;
  };
  rate_detail: {
    site_id: string;
    member_id: number;
    vendor_id: number;
    rate_type: string;
    point_rate: Rate;
    lose_rate: Rate;
    locked_until: Date | null;
    updated_at: Stamp & Generated<Date>;
  };
  rate_change: {
    id: Generated<number>;
    site_id: string;
    member_id: number;
    changed_by: number;
    category: string;
    vendor_id: number | null;
    rate_type: string | null;
    before_point: Rate;
    before_lose: Rate;
    after_point: Rate;
    after_lose: Rate;
    created_at: Stamp & Generated<Date>;
  };
  game_wallet: {
    member_id: number;
    vendor_id: number;
    site_id: string;
    balance: Generated<number>;
    updated_at: Stamp & Generated<Date>;
  };
  sport_event: {
    id: Generated<number>;
    site_id: string;
    sport_id: number;
    league: string;
    league_ko: string;
    home: string;
    home_ko: string;
    away: string;
    away_ko: string;
    start_at: Stamp;
    end_at: Stamp;
    odds: Jsonb<{ home: number; draw?: number; away: number; /** the true chances the prices were made from */ prob: { home: number; draw: number; away: number } }>;
    home_score: number | null;
    away_score: number | null;
    status: Generated<'open' | 'done'>;
  };
  bet: {
    id: Generated<number>;
    site_id: string;
    member_id: number;
    vendor_id: number;
    game_id: number;
    category: Category;
    tx_id: string;
    round_id: string;
    stake: number;
    win: Generated<number>;
    status: Generated<BetStatus>;
    bet_type: string | null;
    odds: Rate | null;
    before_amt: number;
    after_amt: number;
    detail: Jsonb<Record<string, unknown> | null>;
    created_at: Stamp & Generated<Date>;
    settled_at: Stamp | null;
  };
  bet_leg: {
    id: Generated<number>;
    site_id: string;
    bet_id: number;
    event_id: number;
    pick: BetPick;
    odds: Rate;
    status: Generated<LegStatus>;
  };
  wallet_tx: {
    id: Generated<number>;
    site_id: string;
    vendor_id: number;
    tx_id: string;
    kind: 'bet' | 'win' | 'rollback';
    member_id: number;
    bet_id: number | null;
    ref_tx_id: string | null;
    amount: number;
    before_amt: number;
    after_amt: number;
    result: Jsonb<Record<string, unknown>>;
    created_at: Stamp & Generated<Date>;
  };
  daily_stat: StatFigures & { site_id: string; day: ColumnType<string, string, string> };
  /** daily_stat summed over every day, kept by the accrual step (migration 260) */
  member_stat: StatFigures;
}
