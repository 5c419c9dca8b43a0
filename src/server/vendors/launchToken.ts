/**
 * Launch tokens: what the game page carries; signed with the vendor's secret, valid 4 hours and
 * only while the session that launched the game stays open (logout, a newer login, a forced
 * sign-out, a login block or a password lock end it).
 */
import { ApiError } from '../../contract/codes.js';
import type { Db } from '../db/driver.js';
import { launchSessionOpen } from '../domain/games/launch.js';
import { vendorByCode, type Vendor } from '../domain/games/wallet.js';
import { sign, verify } from '../domain/games/signature.js';

export interface Launch {
  siteId: string;
  memberId: number;
  memId: string;
  vendorCode: string;
  gameCode: string;
  expires: number;
  sessionId: number;
}
export const LAUNCH_MS = 4 * 3600_000;

export function launchToken(v: Vendor, l: Launch): string {
  const body = Buffer.from(JSON.stringify([l.siteId, l.memberId, l.memId, l.vendorCode, l.gameCode, l.expires, l.sessionId])).toString('base64url');
  return `${body}.${sign(v.secret, body)}`;
}

/** The launch a token stands for, with its vendor; anything forged or expired answers TK002. */
export async function readLaunch(db: Db, token: string, now: Date): Promise<{ launch: Launch; vendor: Vendor }> {
  const [body, sig] = token.split('.');
  let a: unknown;
  try {
    a = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8'));
  } catch {
    throw new ApiError('TK002');
  }
  if (!Array.isArray(a) || a.length !== 7) throw new ApiError('TK002');
  const [siteId, memberId, memId, vendorCode, gameCode, expires, sessionId] = a as [string, number, string, string, string, number, number];
  const vendor = typeof siteId === 'string' && typeof vendorCode === 'string' ? await vendorByCode(db, siteId, vendorCode) : null;
  if (!vendor || !verify(vendor.secret, body, sig) || !(expires > now.getTime())) throw new ApiError('TK002');
  await launchSessionOpen(db, memberId, sessionId, now);
  return { launch: { siteId, memberId, memId, vendorCode, gameCode, expires, sessionId }, vendor };
}
