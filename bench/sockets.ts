/**
 * A socket flood (issue 21): one player's socket sends SUBSCRIBE frames far past the per-socket cap
 * (the server answers ERROR and closes it) while many sockets from one address never CONNECT (past
 * the pending cap they are closed at once). Meanwhile another player's calls are timed: member
 * info, a withdrawal and its cancel, and a live event (its partner gives it money; the time until
 * the CASH message arrives on its socket). Prints their p99 during the flood beside a quiet server.
 */
import { randomUUID } from 'node:crypto';
import { client, ms, pct, type Client } from './client.js';
import { spawnBenchChild } from './child.js';
import type { FloodReport } from './socketFlood.js';
import { Stomp } from './stomp.js';

const ROUNDS = 100;

type Times = Map<string, number[]>;

/** The other player's round: each call timed; refusals counted. */
async function round(c: Client, player: { token: string; socket: Stomp }, partner: string, times: Times, refused: Map<string, number>) {
  const timed = async (kind: string, f: () => Promise<any>) => {
    const t = performance.now();
    const r = await f();
    (times.get(kind) ?? times.set(kind, []).get(kind)!).push(performance.now() - t);
    if (r?.resultCode && r.resultCode !== '0') refused.set(`${kind} ${r.resultCode}`, (refused.get(`${kind} ${r.resultCode}`) ?? 0) + 1);
    return r;
  };
  await timed('member info', () => c.post('/api/member/info', {}, { token: player.token }));
  const out = await timed('withdrawal', () => c.post('/api/cash/out', { cashAmt: 10_000, cashOutPass: '1234', requestId: randomUUID() }, { token: player.token }));
  if (out.resultCode === '0') await timed('withdrawal cancel', () => c.post('/api/cash/del', { cashIdx: out.data.cashIdx, requestId: randomUUID() }, { token: player.token }));
  await timed('live event delivery', async () => {
    const arrived = player.socket.next('MESSAGE');
    const r = await c.post('/api/v2/retail/cashIn', { memId: 'user1', inAmt: 1_000, requestId: randomUUID() }, { token: partner });
    await arrived;
    return r;
  });
}

async function rounds(c: Client, player: { token: string; socket: Stomp }, partner: string) {
  const times: Times = new Map();
  const refused = new Map<string, number>();
  for (let i = 0; i < ROUNDS; i++) await round(c, player, partner, times, refused);
  return { times, refused };
}

export async function benchSockets(): Promise<void> {
  const server = spawnBenchChild('./apiServer.ts', undefined);
  const s = await server.next<{ url: string }>();
  const wsUrl = `${s.url.replace(/^http/, 'ws')}/ws`;
  try {
    const c = await client(s.url);
    const token = await c.login('user1', { from: '10.9.0.1' });
    const partner = await c.login('ptn7', { from: '10.9.0.2', captcha: true });
    const socket = await Stomp.open(wsUrl, '10.9.0.1');
    await socket.connect(token);
    const player = { token, socket };
    await round(c, player, partner, new Map(), new Map()); // warm-up
    const quiet = await rounds(c, player, partner);

    const flooderToken = await c.login('user2', { from: '10.6.0.1' });
    // the flood runs in a process of its own, as an attacker's machine would: building its frames must not delay the timed client
    const flooder = spawnBenchChild('./socketFlood.ts', undefined, { FLOOD_WS_URL: wsUrl, FLOOD_TOKEN: flooderToken });
    await flooder.next();
    const loaded = await rounds(c, player, partner).finally(() => flooder.send('stop'));
    const { sub, idle } = await flooder.next<FloodReport>();
    await flooder.close();

    console.log(`\n# socket flood (${ROUNDS} rounds of another player's calls during the flood and on a quiet server; server in its own process)`);
    const errors = Object.entries(sub.errors)
      .map(([m, n]) => `"${m}" ×${n}`)
      .join(', ');
    console.log(
      `flood: ${sub.sockets} sockets one after another sent ${sub.frames} SUBSCRIBE frames in ${sub.seconds.toFixed(1)} s (${Math.round(sub.frames / sub.seconds)}/s), got ${sub.receipts} receipts, ERROR ${errors || 'none'}`,
    );
    console.log(`       ${idle.opened} sockets from one address never CONNECT: ${idle.closedAtOnce} closed at once (1013), the rest left waiting for CONNECT`);
    for (const [kind, xs] of quiet.times) {
      const during = loaded.times.get(kind) ?? [];
      const p99 = pct(during, 99);
      console.log(
        `${kind.padEnd(20)} quiet p99 ${ms(pct(xs, 99))}  flood p99 ${ms(p99)}  ratio ${(p99 / Math.max(pct(xs, 99), 0.1)).toFixed(1)}  goal < 100 ms: ${p99 < 100 ? 'met' : 'NOT met'}`,
      );
    }
    const refused = [...quiet.refused, ...loaded.refused];
    if (refused.length) console.log(`refused: ${refused.map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  } finally {
    await server.close();
  }
}
