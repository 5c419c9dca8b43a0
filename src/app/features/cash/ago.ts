import { parseWire } from '../../lib/format';

const formats = new Map<string, Intl.RelativeTimeFormat>();

/** "12분 전" / "12 minutes ago" for a wire time (KST), in the app's locale; whole days past a day. */
export function ago(wire: string, locale: string, now = Date.now()): string {
  let f = formats.get(locale);
  if (!f) formats.set(locale, (f = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })));
  const s = Math.max(0, Math.round((now - parseWire(wire)) / 1000));
  if (s < 60) return f.format(-s, 'second');
  if (s < 3600) return f.format(-Math.floor(s / 60), 'minute');
  if (s < 86_400) return f.format(-Math.floor(s / 3600), 'hour');
  return f.format(-Math.floor(s / 86_400), 'day');
}
