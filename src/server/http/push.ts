import { pushCalls as c } from '../../contract/push.js';
import { subscribe, unsubscribe } from '../domain/push/subscriptions.js';
import { vapidKeys } from '../domain/push/vapid.js';
import { defineRoute } from './route.js';

/** Web Push: the server's public key and this device's subscription. */
export const pushRoutes = [
  defineRoute(c.key, async (_req, { db }) => ({ publicKey: (await vapidKeys(db)).publicKey })),

  defineRoute(c.subscribe, async (req, { db, site, caller, config }) => {
    await subscribe(db, site.id, caller, req, config.testPushOrigin);
    return null;
  }),

  defineRoute(c.unsubscribe, async (req, { db, caller }) => {
    await unsubscribe(db, caller, req.endpoint);
    return null;
  }),
];
