import { pushCalls as c } from '../../contract/push.js';
import { confirmPassword } from '../domain/auth/reauth.js';
import { subscribe, unsubscribe } from '../domain/push/subscriptions.js';
import { vapidKeys } from '../domain/push/vapid.js';
import { defineRoute } from '../handler.js';
import { notifyChange, reauthEnv, reauthMember } from './securityChange.js';

/** Web Push: the server's public key and this device's subscription. */
export const pushRoutes = [
  defineRoute(c.key, async (_req, { db }) => ({ publicKey: (await vapidKeys(db)).publicKey })),

  // a device new to the member asks the password: a stolen session must not add the thief's phone
  defineRoute(c.subscribe, async (req, ctx) => {
    const confirm = () => confirmPassword(reauthEnv(ctx), reauthMember(ctx), req.curPass);
    const { added } = await subscribe(ctx.db, ctx.site.id, ctx.caller, req, ctx.config.testPushOrigin, confirm);
    if (added) await notifyChange(ctx, ['pushDevice'], req.endpoint);
    return null;
  }),

  defineRoute(c.unsubscribe, async (req, { db, caller }) => {
    await unsubscribe(db, caller, req.endpoint);
    return null;
  }),
];
