import type { ColumnType, Generated } from 'kysely';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Jsonb<T> = ColumnType<T, string | undefined, string>;

/** A lower-partner rate as requested: category code with rolling (point) and losing percent. */
export interface RequestedRate {
  category: string;
  pointRate: number;
  loseRate: number;
}

export interface PartnerTables {
  /** head count below a member per level, maintained by a trigger on member_path inserts */
  member_subtree: { ancestor_id: number; partner_level: string; cnt: number };
  partner_request: {
    id: Generated<number>;
    site_id: string;
    requested_by: number;
    parent_id: number;
    mem_id: string;
    pass_hash: string;
    cash_out_pass_hash: string;
    mem_nick: string;
    mem_name: string;
    mem_phone: string;
    bank: string;
    bank_acc: string;
    partner_level: string;
    rates: Jsonb<RequestedRate[]>;
    /** 0 waiting, 1 approved, -1 rejected */
    status: Generated<number>;
    processed_by: number | null;
    member_id: number | null;
    memo: string | null;
    created_at: Stamp & Generated<Date>;
    updated_at: Stamp & Generated<Date>;
  };
}
