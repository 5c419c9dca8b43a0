import type { Deps } from '../deps.js';
import { notify } from './send.js';

type Ctx = Pick<Deps, 'db' | 'clock' | 'config'>;

const later = (work: () => Promise<void>) => void work().catch(() => {});

/** The operator approved (1) or refused (-1) a deposit or withdrawal: tell its member. */
export function cashDecided(ctx: Ctx, siteId: string, cashIdx: number) {
  later(async () => {
    const r = await ctx.db
      .selectFrom('cash_request')
      .select(['member_id', 'cash_type', 'amount', 'status'])
      .where('id', '=', cashIdx)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    if (!r || (r.status !== 1 && r.status !== -1)) return;
    const deposit = r.cash_type === 1;
    const kind = deposit ? (r.status === 1 ? 'depositOk' : 'depositNo') : r.status === 1 ? 'withdrawOk' : 'withdrawNo';
    notify(ctx, [r.member_id], { kind, path: deposit ? 'charge' : 'exchange', values: { amount: Number(r.amount).toLocaleString('en-US') } });
  });
}

/** The operator decided a lower-partner request: tell the partner who asked. */
export function partnerRequestDecided(ctx: Ctx, siteId: string, reqIdx: number) {
  later(async () => {
    const r = await ctx.db.selectFrom('partner_request').select(['requested_by', 'mem_id', 'status']).where('id', '=', reqIdx).where('site_id', '=', siteId).executeTakeFirst();
    if (!r || (r.status !== 1 && r.status !== -1)) return;
    notify(ctx, [r.requested_by], { kind: r.status === 1 ? 'partnerOk' : 'partnerNo', path: 'partnerList', values: { memId: r.mem_id } });
  });
}
