/**
 * Web Push: a device opts in from the account screen. The server signs its pushes with a VAPID key
 * pair kept in the database; each subscription is the member's, per device (endpoint), and carries
 * the language its notifications are written in.
 */
import { z } from 'zod';
import { call, empty } from './define.js';
import { curPassField } from './reauth.js';

export const pushLangs = ['ko', 'en', 'vn'] as const;
export type PushLang = (typeof pushLangs)[number];

const endpoint = z.url().max(2000);

export const pushSubscription = z.object({
  endpoint,
  // base64url: an uncompressed P-256 point (65 bytes) and a 16-byte auth secret (RFC 8291)
  keys: z.object({ p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/), auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/) }),
  lang: z.enum(pushLangs),
});

/**
 * What a notification carries to the service worker: its texts, the screen a tap opens and the
 * site's own icon (the worker is the app's, so it cannot know which site's brand a push is of).
 */
export const pushPayload = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string(), icon: z.string() });
export type PushPayload = z.infer<typeof pushPayload>;

export const pushCalls = {
  /** The server's VAPID public key (base64url), the applicationServerKey of a subscription. */
  key: call('/api/member/push/key', empty, z.object({ publicKey: z.string() })),
  /**
   * Keeps this device's subscription for the caller (again: moves it to the caller, new keys and
   * language). A device new to the caller is a security change: it asks `curPass` (U121), or a
   * recent re-authentication; renewing one of the caller's own devices does not.
   */
  subscribe: call('/api/member/push/subscribe', pushSubscription.extend({ curPass: curPassField }), z.null()),
  /** Forgets this device's subscription (the caller's own only). */
  unsubscribe: call('/api/member/push/unsubscribe', z.object({ endpoint }), z.null()),
};
