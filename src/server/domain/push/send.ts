import { fetch } from 'undici';
import webpush from 'web-push';
import { pushLangs, type PushLang, type PushPayload } from '../../../contract/push.js';
import type { Deps } from '../deps.js';
import { pushDispatcher, pushEndpointAllowed, PUSH_TIMEOUT_MS } from './endpoint.js';
import { pushText, type PushKind } from './texts.js';
import { vapidKeys } from './vapid.js';
import { signal } from '../signal.js';
import { iconUrl } from '../site/brandCache.js';

type Ctx = Pick<Deps, 'db' | 'clock' | 'config'>;

export interface PushNote {
  kind: PushKind;
  /** the screen a tap opens, below the site's prefix ("qnaread/12") */
  path: string;
  /** {placeholders} of the texts, or a function of the device's language when they are words */
  values?: Record<string, string> | ((lang: PushLang) => Record<string, string>);
  /** a device left out: the one whose own adding the note reports */
  except?: string;
}

/** The VAPID subject push services may contact; set PITBOSS_PUSH_SUBJECT (mailto: or https:) in production. */
const subject = () => process.env.PITBOSS_PUSH_SUBJECT || 'mailto:push@pitboss.invalid';
const CHUNK = 1000;
/** one pool for every push: public addresses only, checked as each connection is made */
let dispatcher: ReturnType<typeof pushDispatcher> | undefined;

/**
 * Sends `note` to every subscribed device of the members whose session is still open. Never waits
 * and never throws: a push is a courtesy after the call's own work is committed. A subscription the
 * push service no longer knows (404/410) is deleted.
 */
export function notify(ctx: Ctx, memberIds: number[], note: PushNote): void {
  // a message to everyone names every member: a bounded list per query
  for (let i = 0; i < memberIds.length; i += CHUNK) void send(ctx, memberIds.slice(i, i + CHUNK), note).catch(() => {});
}

async function send({ db, clock, config }: Ctx, memberIds: number[], note: PushNote) {
  const subs = await db
    .selectFrom('push_subscription as p')
    .innerJoin('session as s', 's.id', 'p.session_id')
    .innerJoin('site', 'site.id', 'p.site_id')
    .leftJoin('site_brand as b', 'b.site_id', 'p.site_id')
    .select(['p.endpoint', 'p.p256dh', 'p.auth', 'p.lang', 'site.prefix', 'b.version'])
    .where('p.member_id', 'in', memberIds)
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', clock.now())
    .execute();
  if (!subs.length) return;
  const keys = await vapidKeys(db);
  const vapidDetails = { subject: subject(), publicKey: keys.publicKey, privateKey: keys.privateKey };
  await Promise.all(
    subs.map(async (s) => {
      // checked again at send time: a row kept before the rule, or a rule narrowed since
      if (!pushEndpointAllowed(s.endpoint, config.testPushOrigin) || s.endpoint === note.except) return;
      const lang: PushLang = (pushLangs as readonly string[]).includes(s.lang) ? (s.lang as PushLang) : 'ko';
      const payload: PushPayload = {
        ...pushText(note.kind, lang, typeof note.values === 'function' ? note.values(lang) : note.values),
        url: `/${s.prefix}/${note.path}`,
        tag: note.kind,
        icon: iconUrl(s, 'icon-192'),
      };
      const req = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), { vapidDetails, TTL: 24 * 3600 });
      const host = new URL(req.endpoint).host;
      const res = await fetch(req.endpoint, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.body ? new Uint8Array(req.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        // the test push service is local by definition: only its exact origin skips the address check
        dispatcher: new URL(s.endpoint).origin === config.testPushOrigin ? undefined : (dispatcher ??= pushDispatcher()),
      }).catch(() => null);
      if (!res) return signal('push', { result: 'unreachable', host });
      const gone = res.status === 404 || res.status === 410;
      signal('push', { result: res.ok ? 'sent' : gone ? 'gone' : 'refused', status: res.status, host });
      if (gone) await db.deleteFrom('push_subscription').where('endpoint', '=', s.endpoint).execute();
    }),
  );
}
