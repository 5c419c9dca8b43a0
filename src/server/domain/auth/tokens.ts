import { hash, randomBytes } from 'node:crypto';

export const newToken = () => randomBytes(32).toString('base64url');
// the one-shot hash: every authenticated call takes one, and a Hash object costs several times more
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** Minutes left before a session expires, rounded down; negative once expired. */
export const minutesLeft = (expiresAt: Date, now: Date) => Math.floor((expiresAt.getTime() - now.getTime()) / 60_000);
export const needsRefresh = (expiresAt: Date, now: Date, thresholdMinutes = 5) => expiresAt.getTime() - now.getTime() <= thresholdMinutes * 60_000;

/** When a session started or extended at `now` ends. */
export const sessionExpiry = (now: Date, minutes = 240) => new Date(now.getTime() + minutes * 60_000);
/** Whole seconds left, never negative: what clients with a skewed clock count down from. */
export const secondsLeft = (expiresAt: Date, now: Date) => Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
