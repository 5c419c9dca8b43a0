import { pushCalls } from '../../contract/push';
import type { Language } from '../../contract/enums';
import type { Api } from './api';

/** Web Push needs a service worker (production builds), the Push API and notifications. */
export const pushSupported = () => !import.meta.env.DEV && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This device's subscription, if it has one (getRegistration: `ready` would wait forever without a worker). */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Asks permission, subscribes with the server's key and hands the subscription to the server (a new device asks the current password); false when refused. */
export async function enablePush(api: Api, lang: Language, curPass: string): Promise<boolean> {
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const { publicKey } = await api(pushCalls.key, {});
  const reg = await navigator.serviceWorker.ready;
  const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  await sendSubscription(api, sub, lang, curPass);
  return true;
}

/** Tells the server this device's subscription again (a language change, a renewal: no password), or first (`curPass`). */
export async function sendSubscription(api: Api, sub: PushSubscription, lang: Language, curPass?: string) {
  const { endpoint, keys } = sub.toJSON();
  await api(pushCalls.subscribe, { endpoint: endpoint!, keys: { p256dh: keys!.p256dh, auth: keys!.auth }, lang, ...(curPass ? { curPass } : {}) });
}

/** Turns pushes off on this device, at the server and in the browser. */
export async function disablePush(api: Api) {
  const sub = await deviceSubscription();
  if (!sub) return;
  await api(pushCalls.unsubscribe, { endpoint: sub.endpoint });
  await sub.unsubscribe();
}

/** At sign-out: the server already forgot the device; the browser forgets its subscription too. */
export async function dropDeviceSubscription() {
  try {
    await (await deviceSubscription())?.unsubscribe();
  } catch {
    // nothing to undo: the server sends to this device no more
  }
}
