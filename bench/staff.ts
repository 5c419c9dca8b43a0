import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { PowChallenge } from '../src/contract/member.js';

type Post = (path: string, body: Record<string, unknown>) => Promise<{ data: any }>;

/** A fresh login challenge, solved: the partner and operator screens always send one. */
export async function solvedChallenge(post: Post) {
  const challenge = (await post('/api/member/challenge', {})).data.challenge as PowChallenge;
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}

/** What the operator's login adds: its own screen, and the challenge that screen always asks, solved. */
export async function operatorScreen(post: Post) {
  return { loginPage: 'admin', pow: await solvedChallenge(post) };
}
