/**
 * Each site's figures for the platform's home: members, online now and today's (Korea time)
 * completed deposits and withdrawals, stakes and GGR, from the same sources as the operator's
 * home (src/server/domain/site/operatorHome.ts): one grouped read per source for every site.
 */
import { sql } from 'kysely';
import { cashStatus, cashTypes } from '../../../contract/moneyKinds.js';
import type { Db } from '../../db/driver.js';
import { kstDayStart, toWire } from '../common/time.js';

/** Accounts that are people of a site (not the operator, not the house and hold accounts), as the operator's home counts them. */
const PEOPLE = ['NORMAL', 'PARTNER', 'P_NORMAL'];

export interface SiteFigures {
  members: number;
  online: number;
  deposits: number;
  withdrawals: number;
  bets: number;
  ggr: number;
}

const none = (): SiteFigures => ({ members: 0, online: 0, deposits: 0, withdrawals: 0, bets: 0, ggr: 0 });

/** Figures by site id, for the given sites (every site when omitted). */
export async function siteFigures(db: Db, now: Date, siteIds?: string[]): Promise<Map<string, SiteFigures>> {
  const out = new Map<string, SiteFigures>();
  if (siteIds && !siteIds.length) return out;
  const from = kstDayStart(now);
  const to = kstDayStart(now, -1);
  const today = toWire(now).slice(0, 10);
  const [members, online, cash, bets] = await Promise.all([
    db
      .selectFrom('member')
      .select(['site_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('login_type', 'in', PEOPLE)
      .$if(!!siteIds, (q) => q.where('site_id', 'in', siteIds!))
      .groupBy('site_id')
      .execute(),
    db
      .selectFrom('session as s')
      .innerJoin('member as m', 'm.id', 's.member_id')
      .select(['s.site_id', sql<string>`count(distinct s.member_id)`.as('n')])
      .where('s.ended_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('m.login_type', 'in', PEOPLE)
      .$if(!!siteIds, (q) => q.where('s.site_id', 'in', siteIds!))
      .groupBy('s.site_id')
      .execute(),
    db
      .selectFrom('cash_request')
      .select(['site_id', 'cash_type', (eb) => eb.fn.sum<string>('amount').as('a')])
      .where('status', '=', cashStatus.complete)
      .where('updated_at', '>=', from)
      .where('updated_at', '<', to)
      .$if(!!siteIds, (q) => q.where('site_id', 'in', siteIds!))
      .groupBy(['site_id', 'cash_type'])
      .execute(),
    // the tops of the tree ('T' rows cover each one's whole subtree), as the operator's today
    db
      .selectFrom('daily_stat as d')
      .innerJoin('member as m', 'm.id', 'd.member_id')
      .select(['m.site_id', (eb) => eb.fn.sum<string>('d.stake').as('s'), (eb) => eb.fn.sum<string>('d.win').as('w')])
      .where('m.parent_id', 'is', null)
      .where('m.login_type', 'in', PEOPLE)
      .where('d.scope', '=', 'T')
      .where('d.day', '=', today)
      .$if(!!siteIds, (q) => q.where('m.site_id', 'in', siteIds!))
      .groupBy('m.site_id')
      .execute(),
  ]);
  const of = (id: string) => out.get(id) ?? out.set(id, none()).get(id)!;
  for (const r of members) of(r.site_id).members = Number(r.n);
  for (const r of online) of(r.site_id).online = Number(r.n);
  for (const r of cash) {
    if (r.cash_type === cashTypes.deposit) of(r.site_id).deposits = Number(r.a);
    else if (r.cash_type === cashTypes.withdrawal) of(r.site_id).withdrawals = Number(r.a);
  }
  for (const r of bets) Object.assign(of(r.site_id), { bets: Number(r.s), ggr: Number(r.s) - Number(r.w) });
  return out;
}

export const figuresOf = (all: Map<string, SiteFigures>, siteId: string) => all.get(siteId) ?? none();
