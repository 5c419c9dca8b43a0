import { pushLangs, type PushLang } from '../../../contract/push.js';
import type { Deps } from '../deps.js';
import { unreadCounts } from '../board/unread.js';
import { notify } from '../push/send.js';
import { pushText, securityChangeText, type SecurityChange } from '../push/texts.js';

type Ctx = Pick<Deps, 'db' | 'live' | 'clock' | 'config'>;

/**
 * Tells the member of a security change to its account: a message in its inbox (in the site's
 * first language) and a push to each of its devices (in each device's own). Sent after the change
 * is committed, so an owner whose session was stolen learns of it wherever it is signed in (a
 * device just added is told nothing of its own adding). The
 * notice failing never undoes the change: it is logged by the caller's error path only.
 */
export async function securityChanged(ctx: Ctx, site: { id: string; languages: string }, member: { id: number; memId: string }, changes: SecurityChange[], exceptDevice?: string) {
  if (!changes.length) return;
  const first = site.languages.split(',')[0]?.trim() as PushLang;
  const lang: PushLang = pushLangs.includes(first) ? first : 'ko';
  const now = ctx.clock.now();
  const rows = changes.map((change) => {
    const t = pushText('security', lang, { change: securityChangeText(change, lang) });
    return { site_id: site.id, receiver_id: member.id, sender_id: null, title: t.title, description: `<p>${t.body}</p>`, send_date: now };
  });
  await ctx.db.insertInto('message').values(rows).execute();
  const { newMsg } = await unreadCounts(ctx.db, member.id, now);
  ctx.live.publish({ siteId: site.id, memId: member.memId }, { type: 'MSG', data1: newMsg, data2: null });
  for (const change of changes) notify(ctx, [member.id], { kind: 'security', path: 'msg', values: (l) => ({ change: securityChangeText(change, l) }), except: exceptDevice });
}
