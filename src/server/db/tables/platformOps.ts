import type { ColumnType, Generated } from 'kysely';

type Jsonb<T> = ColumnType<T, string | T | undefined, string | T>;

/** The platform's audit chain (migration 330). */
export interface PlatformOpsTables {
  platform_audit: {
    id: Generated<number>;
    seq: number;
    actor_id: number | null;
    actor: string;
    action: string;
    detail: Jsonb<Record<string, unknown>>;
    ip: string | null;
    at: Date;
    prev_hash: Buffer;
    hash: Buffer;
  };
  platform_audit_head: { id: number; last_seq: number; last_hash: Buffer };
}
