import { randomInt } from 'node:crypto';

/** Fair outcomes: node's CSPRNG, uniform integers in [min, max). */
export const rand = (min: number, max: number) => randomInt(min, max);
/** true with probability p (resolution 1e-6). */
export const chance = (p: number) => randomInt(0, 1_000_000) < Math.round(p * 1_000_000);
export const pick = <T>(a: readonly T[]): T => a[randomInt(0, a.length)];
