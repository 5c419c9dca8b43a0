import type { Generated } from 'kysely';

/** Web Push: the VAPID key pair and each device's subscription. */
export interface PushTables {
  push_vapid: { id: Generated<number>; public_key: string; private_key: string; created_at: Generated<Date> };
  push_subscription: {
    endpoint: string;
    site_id: string;
    member_id: number;
    session_id: number;
    p256dh: string;
    auth: string;
    lang: string;
    created_at: Generated<Date>;
  };
}
