/**
 * The login and signup proof of work: the app fetches a challenge (or takes the one an L005
 * answer carries), solves it in a worker and sends the proof with the call. Only the login and
 * signup screens import this, so its worker and library load with them and nowhere else.
 */
import { t } from '@lingui/core/macro';
import { memberCalls, type PowChallenge, type PowProof } from '../../contract/member';
import { isApiError, type Api } from './api';
import { withLoading } from './dialogs';

function solve(challenge: PowChallenge): Promise<PowProof> {
  const worker = new Worker(new URL('./powWorker.ts', import.meta.url), { type: 'module' });
  return new Promise<PowProof>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<PowProof['solution'] | null>) => {
      worker.terminate();
      if (e.data) resolve({ challenge, solution: e.data });
      else reject(new Error('challenge not solved'));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message));
    };
    worker.postMessage(challenge);
  });
}

/** Solves under the loading overlay, saying what the wait is for. */
const solving = (challenge: PowChallenge) => withLoading(solve(challenge), t`보안 확인 중…`);

/** A fresh challenge, solved. */
export async function freshProof(api: Api): Promise<PowProof> {
  const { challenge } = await withLoading(api(memberCalls.challenge, {}));
  return solving(challenge);
}

/**
 * Calls `send` (with a proof when `proof` is given), and when the server asks for a challenge
 * (L005: the address tried too often, or the proof expired) solves the one it sent and sends once more.
 */
export async function withChallenge<T>(send: (pow: PowProof | undefined) => Promise<T>, proof?: PowProof): Promise<T> {
  try {
    return await send(proof);
  } catch (err) {
    const challenge = isApiError(err, 'L005') ? (err.data as { challenge?: PowChallenge } | null)?.challenge : undefined;
    if (!challenge) throw err;
    return send(await solving(challenge));
  }
}
