/// <reference lib="webworker" />
// Solves one ALTCHA challenge off the main thread, so the screen stays responsive while it works.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

self.onmessage = async (e: MessageEvent) => {
  try {
    const s = await solveChallenge({ challenge: e.data, deriveKey });
    self.postMessage(s ? { counter: s.counter, derivedKey: s.derivedKey } : null);
  } catch {
    self.postMessage(null);
  }
};
