import type { ColumnType, Generated } from 'kysely';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Jsonb<T> = ColumnType<T, string | undefined | null, string | null>;

export interface MoneyTables {
  /** members who joined per site and KST day (kept by a trigger on member), for the operator's home */
  member_join_daily: { site_id: string; day: ColumnType<string, string, string>; joins: number };
  /** the last ledger check of each site, shown on the operator's home */
  ledger_check: {
    site_id: string;
    ok: boolean;
    checked_at: Stamp;
    report: Jsonb<Record<string, unknown>>;
  };
  ledger_entry: {
    id: Generated<number>;
    site_id: string;
    move_id: number;
    member_id: number;
    counterpart_id: number;
    kind: 'cash' | 'point';
    type_code: number;
    before_amt: number;
    amount: number;
    after_amt: number;
    sender_id: number;
    receiver_id: number;
    memo: string | null;
    request_key: string | null;
    cash_request_id: number | null;
    /** what the movement was about, e.g. the bet behind rolling points: {gameIdx, betAmt, pointRate, ...} */
    detail: Jsonb<Record<string, unknown> | null>;
    created_at: Stamp & Generated<Date>;
  };
  /** cash coupons (migration 290): the face value waits in the site's coupon reserve until used or expired */
  coupon: {
    id: Generated<number>;
    site_id: string;
    issuer_id: number;
    issued_by: number;
    member_id: number;
    amount: number;
    status: ColumnType<'open' | 'used' | 'expired', 'open' | 'used' | 'expired' | undefined, 'open' | 'used' | 'expired'>;
    expires_at: Stamp;
    created_at: Stamp;
    closed_at: Stamp | null;
    issue_move: number;
    memo: string | null;
  };
  /** a ledger side not yet applied: no before/after until the accrual step writes its entry */
  ledger_pending: {
    id: Generated<number>;
    site_id: string;
    move_id: number;
    member_id: number;
    counterpart_id: number;
    kind: 'cash' | 'point';
    type_code: number;
    amount: number;
    sender_id: number;
    receiver_id: number;
    memo: string | null;
    request_key: string | null;
    cash_request_id: number | null;
    detail: Jsonb<Record<string, unknown> | null>;
    created_at: Stamp;
  };
  /** one settled bet's daily figures for its whole path (migration 151; the accrual step expands them) */
  daily_pending: {
    id: Generated<number>;
    site_id: string;
    day: string;
    category: string;
    stake: number;
    win: number;
    path: number[];
    rolling_paid: number[];
    rolling_cum: number[];
    losing_paid: number[];
    losing_cum: number[];
    /** the bet's settle time (null on rows pending from before migration 250) */
    settled_at: Stamp | null;
  };
  /** settled bets per site and KST hour, kept by the accrual step (migration 250) */
  bet_hour_stat: {
    site_id: string;
    hour: Stamp;
    bet_cnt: number;
    stake: number;
    win: number;
  };
  /** a vendor transaction id, unique for ever (wallet_tx is partitioned by month): its kind, bettor, bet and wallet_tx row */
  wallet_tx_key: {
    site_id: string;
    vendor_id: number;
    tx_id: string;
    kind: 'bet' | 'win' | 'rollback';
    member_id: number;
    ref_tx_id: string | null;
    bet_id: number | null;
    id: number;
    created_at: Stamp;
  };
  /** per archived month (YYYY-MM), account and kind: the detached entries' count and sum */
  ledger_archive: { month: string; site_id: string; member_id: number; kind: 'cash' | 'point'; entries: number; amount: number };
  /** the months detached from bet, ledger_entry and wallet_tx */
  history_archive: { month: string; detached_at: Stamp };
  request_key: {
    site_id: string;
    member_id: number;
    key: string;
    call: string;
    result: Jsonb<unknown>;
    body_hash: string | null;
    created_at: Stamp & Generated<Date>;
  };
  cash_request: {
    id: Generated<number>;
    site_id: string;
    member_id: number;
    cash_type: number;
    amount: number;
    status: Generated<number>;
    request_key: string | null;
    processed_by: number | null;
    created_at: Stamp & Generated<Date>;
    updated_at: Stamp & Generated<Date>;
  };
}
