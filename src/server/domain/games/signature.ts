import { createHmac, timingSafeEqual } from 'node:crypto';

/** A callback's signature: hex HMAC-SHA256 of the raw body with the vendor's secret. */
export const sign = (secret: string, raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

export function verify(secret: string, raw: string, signature: string | null | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(sign(secret, raw), 'hex'), Buffer.from(signature, 'hex'));
}
