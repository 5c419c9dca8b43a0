/**
 * The wallet conformance kit: plays the seamless-wallet contract's cases against a site as a game
 * vendor would (signed callbacks over HTTP) and says of each whether the site answered as the
 * contract says, with the answer seen. Money it moves comes back: each bet is won back in full or
 * rolled back, so the test player ends with the balance it started with.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';

export interface KitOptions {
  /** the site's address, e.g. http://localhost:8080/demo */
  site: string;
  vendor: string;
  secret: string;
  /** the test player's memId */
  player: string;
  /** a game of the vendor */
  game: string;
  /** the stake of each bet */
  amount: number;
  /** the site id, when the address does not name the site (looked up from its prefix otherwise) */
  siteId?: string;
  /** hold and release the site, for the W009 case; skipped without them */
  suspend?: () => Promise<void>;
  resume?: () => Promise<void>;
}

export interface Answer {
  status: number;
  resultCode: string;
  resultMessage?: string;
  data?: { balance?: number; [k: string]: unknown } | null;
}
export interface CaseResult {
  name: string;
  outcome: 'passed' | 'failed' | 'skipped';
  /** what was wrong, or why skipped */
  note?: string;
  seen?: Answer;
}

const shown = (a: Answer | undefined) => (a ? `HTTP ${a.status} ${a.resultCode} ${JSON.stringify(a.data ?? null)}` : '');

/** The site id of an address /{prefix}, from the public site lookup. */
async function siteIdOf(site: string): Promise<string> {
  const u = new URL(site);
  const prefix = u.pathname.split('/').filter(Boolean)[0];
  if (!prefix) throw new Error(`--site ${site} names no site: give its address with the prefix (http://host/demo) or --site-id`);
  const res = await fetch(`${u.origin}/api/common/site`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prefix }) });
  const a = (await res.json()) as Answer & { data: { siteId?: string } | null };
  if (a.resultCode !== '0' || !a.data?.siteId) throw new Error(`site lookup for ${prefix}: ${a.resultCode} ${a.resultMessage ?? ''}`);
  return a.data.siteId;
}

export async function runVendorCheck(o: KitOptions, print: (line: string) => void = console.log): Promise<CaseResult[]> {
  const origin = new URL(o.site).origin;
  const siteId = o.siteId ?? (await siteIdOf(o.site));
  const sign = (raw: string) => createHmac('sha256', o.secret).update(raw).digest('hex');
  const run = randomUUID().slice(0, 8);
  let n = 0;
  const tx = (kind: string) => `kit-${run}-${kind}-${++n}`;

  /** A callback as a vendor sends it: the raw JSON body signed (or with the signature given). */
  async function send(action: string, body: Record<string, unknown>, signature?: string): Promise<Answer> {
    const raw = JSON.stringify({ siteId, ...body });
    const res = await fetch(`${origin}/api/vendor/${encodeURIComponent(o.vendor)}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': signature ?? sign(raw) },
      body: raw,
    });
    const text = await res.text();
    try {
      return { status: res.status, ...(JSON.parse(text) as Omit<Answer, 'status'>) };
    } catch {
      return { status: res.status, resultCode: '(not JSON)', resultMessage: text.slice(0, 200) };
    }
  }
  const balance = async () => {
    const a = await send('balance', { memId: o.player });
    return a.resultCode === '0' && typeof a.data?.balance === 'number' ? a.data.balance : NaN;
  };
  const bet = (txId: string, amount = o.amount) => send('bet', { memId: o.player, txId, roundId: `r-${txId}`, gameCode: o.game, amount });

  const results: CaseResult[] = [];
  /** One case: its check answers null when the site did right, or what it did wrong. */
  async function check(name: string, body: () => Promise<{ seen?: Answer; wrong: string | null }>) {
    let r: CaseResult;
    try {
      const { seen, wrong } = await body();
      r = { name, outcome: wrong ? 'failed' : 'passed', note: wrong ?? undefined, seen };
    } catch (e) {
      r = { name, outcome: 'failed', note: `no answer: ${(e as Error).message}` };
    }
    results.push(r);
    print(`${r.outcome === 'passed' ? 'PASS' : 'FAIL'}  ${name}${r.note ? `\n      ${r.note}` : ''}\n      seen: ${shown(r.seen)}`);
  }
  const skip = (name: string, note: string) => {
    results.push({ name, outcome: 'skipped', note });
    print(`SKIP  ${name}\n      ${note}`);
  };
  /** A refusal: the code expected (any but '0' when null), the HTTP status, and the balance left as it was. */
  const refused = async (a: Answer, before: number, code: string | null, status = 200) => {
    const after = await balance();
    if (a.resultCode === '0') return `expected a refusal${code ? ` (${code})` : ''}, the site accepted it`;
    if (code && a.resultCode !== code) return `expected ${code}, saw ${a.resultCode}`;
    if (a.status !== status) return `expected HTTP ${status}, saw ${a.status}`;
    if (after !== before) return `the balance moved from ${before} to ${after} on a refusal`;
    return null;
  };
  const moved = (a: Answer, expected: number) =>
    a.resultCode !== '0'
      ? `expected '0', saw ${a.resultCode} ${a.resultMessage ?? ''}`
      : a.data?.balance !== expected
        ? `expected balance ${expected}, saw ${a.data?.balance}`
        : null;
  /** A replay: the first answer unchanged and no money moved again. */
  const replayed = async (first: Answer, again: Answer, before: number) => {
    const after = await balance();
    if (!isDeepStrictEqual(again.data, first.data) || again.resultCode !== first.resultCode) return `expected the first answer again (${shown(first)})`;
    if (after !== before) return `a replay moved money: balance ${before} became ${after}`;
    return null;
  };

  print(`vendor-check: ${origin} site ${siteId}, vendor ${o.vendor}, player ${o.player}, game ${o.game}, stake ${o.amount}`);
  let b0 = NaN;
  await check("balance: the player's balance, a whole number", async () => {
    const seen = await send('balance', { memId: o.player });
    b0 = seen.data?.balance ?? NaN;
    return { seen, wrong: seen.resultCode !== '0' ? `expected '0', saw ${seen.resultCode}` : !Number.isSafeInteger(b0) || b0 < 0 ? 'balance is not a whole number' : null };
  });
  if (!(b0 >= o.amount)) print(`      (the player needs a balance of at least ${o.amount} for the money cases)`);

  const betTx = tx('bet');
  let firstBet: Answer | undefined;
  await check('bet: the stake leaves the balance', async () => {
    firstBet = await bet(betTx);
    return { seen: firstBet, wrong: moved(firstBet, b0 - o.amount) };
  });
  await check('bet again with the same txId: the first answer, no second stake', async () => {
    const seen = await bet(betTx);
    return { seen, wrong: await replayed(firstBet!, seen, b0 - o.amount) };
  });
  const winTx = tx('win');
  let firstWin: Answer | undefined;
  await check('win: the bet settled, the payout added', async () => {
    firstWin = await send('win', { memId: o.player, txId: winTx, betTxId: betTx, amount: o.amount });
    return { seen: firstWin, wrong: moved(firstWin, b0) };
  });
  await check('win again with the same txId: the first answer, paid once', async () => {
    const seen = await send('win', { memId: o.player, txId: winTx, betTxId: betTx, amount: o.amount });
    return { seen, wrong: await replayed(firstWin!, seen, b0) };
  });
  await check('rollback after a win: refused as settled (W004), nothing moves', async () => {
    const seen = await send('rollback', { memId: o.player, txId: tx('rb'), betTxId: betTx });
    return { seen, wrong: await refused(seen, b0, 'W004') };
  });
  const bet2 = tx('bet');
  await check('rollback of an open bet: the stake comes back', async () => {
    const placed = await bet(bet2);
    if (placed.resultCode !== '0') return { seen: placed, wrong: `the bet to roll back was refused: ${placed.resultCode}` };
    const seen = await send('rollback', { memId: o.player, txId: tx('rb'), betTxId: bet2 });
    return { seen, wrong: moved(seen, b0) };
  });
  await check('rollback again with the same txId: the first answer, refunded once', async () => {
    const id = tx('rb');
    const b3 = tx('bet');
    await bet(b3);
    const first = await send('rollback', { memId: o.player, txId: id, betTxId: b3 });
    const seen = await send('rollback', { memId: o.player, txId: id, betTxId: b3 });
    return { seen, wrong: moved(first, b0) ?? (await replayed(first, seen, b0)) };
  });
  await check('win for an unknown bet: refused (W003), nothing moves', async () => {
    const seen = await send('win', { memId: o.player, txId: tx('win'), betTxId: tx('nobet'), amount: o.amount });
    return { seen, wrong: await refused(seen, b0, 'W003') };
  });
  await check('bet over the balance: refused, nothing moves', async () => {
    const seen = await bet(tx('bet'), b0 + 1);
    return { seen, wrong: await refused(seen, b0, null) };
  });
  await check('bad signature: refused with HTTP 401 W002, nothing moves', async () => {
    const seen = await send('bet', { memId: o.player, txId: tx('bet'), roundId: 'r', gameCode: o.game, amount: o.amount }, 'ab'.repeat(32));
    return { seen, wrong: await refused(seen, b0, 'W002', 401) };
  });
  if (o.suspend && o.resume) {
    await check('a held site: HTTP 503 W009 (retry later), nothing moves', async () => {
      await o.suspend!();
      let seen: Answer;
      try {
        seen = await bet(tx('bet'));
      } finally {
        await o.resume!();
      }
      return { seen, wrong: await refused(seen, b0, 'W009', 503) };
    });
  } else skip('a held site: HTTP 503 W009', 'skipped: give --suspend-cmd and --resume-cmd to hold and release the site');
  await check('the balance at the end is the balance at the start', async () => {
    const seen = await send('balance', { memId: o.player });
    return { seen, wrong: seen.data?.balance === b0 ? null : `started at ${b0}, ends at ${seen.data?.balance}` };
  });

  const count = (k: CaseResult['outcome']) => results.filter((r) => r.outcome === k).length;
  // not "N passed, N failed" alone on a line: a test log's summary line is read so
  print(`vendor-check done: ${count('failed') ? 'FAILED' : 'all good'} (passed ${count('passed')}, failed ${count('failed')}, skipped ${count('skipped')})`);
  return results;
}
