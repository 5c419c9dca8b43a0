import { session } from '../session/store';

/** The live channel and the browser both think the device is online. */
export const isOnline = () => session.online && (typeof navigator === 'undefined' || navigator.onLine !== false);
