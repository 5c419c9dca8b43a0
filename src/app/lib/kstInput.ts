import { formatKst } from './format';

/** `datetime-local` values are read as Korea time whatever the device zone. */
export const toWire = (local: string) => (local ? `${local.replace('T', ' ')}:00`.slice(0, 19) : null);
export const fromWire = (wire: string | null) => (wire ? wire.slice(0, 16).replace(' ', 'T') : '');
export const kstNow = (plusMinutes = 0) => formatKst(Date.now() + plusMinutes * 60_000, "yyyy-MM-dd'T'HH:mm");
