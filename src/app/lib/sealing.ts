import { ApiError, type ResultCode } from '../../contract/codes';
import { siteCalls } from '../../contract/site';
import type { Envelope } from '../../contract/define';
import { agreeKeys, isSealedBody, newKeyPair, open, seal, type DirectionKeys } from '../../contract/sealed';

/** The handshake call: our ephemeral public key out, the key id and the server's public key back. */
export type Handshake = (pub: string) => Promise<{ keyId: string; pub: string }>;
/** Sends one body to the call's path and gives back the parsed JSON answer. */
export type Post = (body: unknown) => Promise<unknown>;

interface Agreed {
  keyId: string;
  keys: DirectionKeys;
  /** the last request counter used */
  n: number;
}

const unopened = (): Envelope<never> => ({ resultCode: 'EN004', resultMessage: 'Sealed body does not open', data: null });

/**
 * Sealed calls of one site: agrees a key on first use (kept in page memory only), seals each body
 * under the next counter and opens the answer, which must come back under the same key and counter.
 * A key the server no longer knows (EN002) is agreed anew once and the call sent again: the
 * server refused it before doing anything.
 */
export class Sealer {
  private agreed: Promise<Agreed> | null = null;

  constructor(
    private readonly siteId: string,
    private readonly handshake: Handshake,
  ) {}

  private key(): Promise<Agreed> {
    if (!this.agreed) {
      const agreeing = (async () => {
        const own = await newKeyPair();
        const { keyId, pub } = await this.handshake(own.pub);
        return { keyId, keys: await agreeKeys(own.priv, pub, this.siteId, keyId), n: 0 };
      })();
      this.agreed = agreeing;
      // a failed handshake is not kept: the next call tries again
      agreeing.catch(() => {
        if (this.agreed === agreeing) this.agreed = null;
      });
    }
    return this.agreed;
  }

  async call<T>(path: string, payload: Record<string, unknown>, post: Post): Promise<Envelope<T>> {
    for (let tries = 0; ; tries++) {
      const agreed = this.key();
      const key = await agreed;
      const n = ++key.n;
      const answer = await post(await seal(key.keys.req, 'req', path, key.keyId, n, JSON.stringify(payload)));
      if (isSealedBody(answer)) {
        if (answer.k !== key.keyId || answer.n !== n) return unopened();
        try {
          return JSON.parse(await open(key.keys.res, 'res', path, answer)) as Envelope<T>;
        } catch {
          return unopened();
        }
      }
      const env = answer as Envelope<T>;
      if (env.resultCode !== 'EN002' || tries > 0) return env;
      if (this.agreed === agreed) this.agreed = null;
    }
  }
}

const sealers = new Map<string, Sealer>();

/** A call of the app's api client, sealed by the one sealer of its site in this page; `to` posts a body to a path. */
export function sealedCall<T>(siteId: string, path: string, payload: Record<string, unknown>, to: (path: string, body: unknown) => Promise<unknown>): Promise<Envelope<T>> {
  let s = sealers.get(siteId);
  if (!s) {
    const handshake: Handshake = async (pub) => {
      const env = (await to(siteCalls.sealKey.path, { siteId, pub })) as Envelope<{ keyId: string; pub: string }>;
      if (env.resultCode !== '0' || !env.data) throw new ApiError(env.resultCode as ResultCode, env.resultMessage);
      return env.data;
    };
    sealers.set(siteId, (s = new Sealer(siteId, handshake)));
  }
  return s.call<T>(path, payload, (b) => to(path, b));
}
