/**
 * Seamless-wallet callbacks: POST /api/vendor/{vendorCode}/{balance|bet|win|rollback} with the
 * JSON body signed in header X-Signature. The same entry serves vendors over HTTP and the built-in
 * demo vendor in-process, so both go through the very same checks.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ApiError, resultCodes } from '../../contract/codes.js';
import type { Envelope } from '../../contract/define.js';
import { walletActions, walletReq, type WalletAction } from '../../contract/game.js';
import type { AppContext } from '../context.js';
import { vendorByCode, walletBalance, walletBet, walletRollback, walletWin, type WalletResult } from '../domain/games/wallet.js';
import type { MoneyResult } from '../domain/money/ledger.js';
import { nulPath } from '../http/inputs.js';
import { readLaunch } from './launchToken.js';
import { verify } from './signature.js';

type Ctx = Pick<AppContext, 'db' | 'live' | 'clock' | 'sites'>;
/** A body parsed by its action's schema, kept together so the action narrows the body. */
type WalletCall = { [A in WalletAction]: { action: A; req: z.infer<(typeof walletReq)[A]> } }[WalletAction];
const envelope = (resultCode: string, data: WalletResult | null = null, message?: string): Envelope<WalletResult> => ({
  resultCode,
  resultMessage: message ?? resultCodes[resultCode as keyof typeof resultCodes] ?? resultCode,
  data,
});

export async function handleCallback(
  ctx: Ctx,
  vendorCode: string,
  action: string,
  raw: string,
  signature: string | null | undefined,
): Promise<{ status: number; body: Envelope<WalletResult> }> {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw);
  } catch {
    return { status: 400, body: envelope('R400') };
  }
  if (!(walletActions as readonly string[]).includes(action)) return { status: 404, body: envelope('R404') };
  const siteId = typeof body?.siteId === 'string' ? body.siteId : '';
  const v = siteId ? await vendorByCode(ctx.db, siteId, vendorCode) : null;
  if (!v) return { status: 200, body: envelope('W001') };
  if (!verify(v.secret, raw, signature)) return { status: 401, body: envelope('W002') };
  // a site the platform holds moves no money and reads none: the vendor retries until it is resumed
  const site = await ctx.sites.get(v.siteId);
  if (!site || site.state !== 'open') return { status: 503, body: envelope('W009') };
  const nul = nulPath(body);
  if (nul) return { status: 200, body: envelope('V001', null, `${nul}: NUL byte`) };
  const parsed = walletReq[action as WalletAction].safeParse(body);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    return { status: 200, body: envelope('V001', null, `${i?.path.join('.') || 'body'}: ${i?.message ?? 'invalid'}`) };
  }
  const at = ctx.clock.now();
  try {
    let r: MoneyResult<WalletResult>;
    const call = { action, req: parsed.data } as WalletCall;
    if (call.action === 'bet' && call.req.token) {
      const { launch } = await readLaunch(ctx.db, call.req.token, at);
      if (launch.memId !== call.req.memId || launch.vendorCode !== v.code || launch.siteId !== v.siteId) throw new ApiError('TK002');
    }
    if (call.action === 'balance') r = { result: await walletBalance(ctx.db, v, call.req.memId), replayed: false, changed: [] };
    // the bet lock and maintenance window come from the site cache, which every instance forgets on a change
    else if (call.action === 'bet') r = await walletBet(ctx.db, v, call.req, at, site);
    else if (call.action === 'win') r = await walletWin(ctx.db, v, call.req, at);
    else r = await walletRollback(ctx.db, v, call.req, at);
    for (const c of r.changed) ctx.live.publish({ siteId: c.siteId, memId: c.memId }, { type: 'CASH', data1: c.cash, data2: c.point });
    return { status: 200, body: envelope('0', r.result, 'OK') };
  } catch (e) {
    if (e instanceof ApiError) return { status: 200, body: envelope(e.code, null, e.message) };
    throw e;
  }
}

/** Registers the callbacks in their own scope, where JSON bodies are kept raw for the signature. */
export async function registerVendorCallbacks(fastify: FastifyInstance, app: AppContext) {
  await fastify.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { vendorCode: string; action: string } }>('/api/vendor/:vendorCode/:action', async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const sig = req.headers['x-signature'];
      const r = await handleCallback(app, req.params.vendorCode, req.params.action, raw, typeof sig === 'string' ? sig : null);
      reply.resultCode = r.body.resultCode;
      return reply.status(r.status).send(r.body);
    });
  });
}
