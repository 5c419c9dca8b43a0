import type { Db } from '../../db/driver.js';
import { configuredSecret } from '../auth/secrets.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair, from outside the database like every key (PITBOSS_SECRET_VAPID_PUBLIC
 * and PITBOSS_SECRET_VAPID_PRIVATE, or `vapid-public` / `vapid-private` in the secrets file; make a
 * pair with `npx web-push generate-vapid-keys`). `npm start` writes a pair into its secrets file
 * once, so subscriptions survive restarts (a new key would orphan them all).
 */
export function vapidKeys(_db: Db): Promise<VapidKeys> {
  const publicKey = configuredSecret('vapid-public');
  const privateKey = configuredSecret('vapid-private');
  if (publicKey && privateKey) return Promise.resolve({ publicKey, privateKey });
  if (publicKey || privateKey) return Promise.reject(new Error('vapid-public and vapid-private are configured together or not at all'));
  return Promise.reject(new Error('the VAPID key pair is not configured: set PITBOSS_SECRET_VAPID_PUBLIC and PITBOSS_SECRET_VAPID_PRIVATE, or add them to the secrets file'));
}
