/**
 * A vendor's load on the wallet callbacks: connections each alternate a signed bet and its win on
 * their own player. `npm run bench games` runs it as its own process, as a vendor calls from
 * elsewhere, so generating the load does not share the server's event loop.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sign } from '../src/server/domain/games/signature.js';

export interface LoadOptions {
  url: string;
  secret: string;
  memIds: string[];
  seconds: number;
  rate?: number;
}
export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

/** `rate` callbacks/s overall, or as fast as the server answers. */
export async function walletLoad(o: LoadOptions): Promise<LoadFigures> {
  let seq = 0;
  const body = (x: object) => JSON.stringify({ siteId: 'demo', ...x });
  const step = (kind: 'bet' | 'win') => ({
    method: 'POST' as const,
    path: `/api/vendor/demo-slot/${kind}`,
    setupRequest: (req: any, ctx: any) => {
      if (kind === 'bet') {
        ctx.mem ??= o.memIds[seq % o.memIds.length];
        ctx.tx = `bench-${process.pid}-${++seq}`;
      }
      const raw =
        kind === 'bet'
          ? body({ memId: ctx.mem, txId: ctx.tx, roundId: ctx.tx, gameCode: 'lucky-sevens', amount: 1_000 })
          : body({ memId: ctx.mem, txId: `${ctx.tx}:w`, betTxId: ctx.tx, amount: seq % 3 ? 0 : 2_000 });
      return { ...req, body: raw, headers: { 'content-type': 'application/json', 'x-signature': sign(o.secret, raw) } };
    },
  });
  let bad = 0;
  const r = await autocannon({
    url: o.url,
    connections: Math.min(16, o.memIds.length),
    duration: o.seconds,
    requests: [step('bet'), step('win')],
    ...(o.rate ? { overallRate: o.rate } : {}),
    setupClient: (client: any) =>
      client.on('body', (b: Buffer) => {
        if (!b.toString().includes('"resultCode":"0"')) bad++;
      }),
  } as autocannon.Options);
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, bad };
}

const self = fileURLToPath(import.meta.url);

/** The same load from a child process (BENCH_LOAD=inprocess keeps it in this one, the older way of measuring). */
export function walletLoadApart(o: LoadOptions): Promise<LoadFigures> {
  if (process.env.BENCH_LOAD === 'inprocess') return walletLoad(o);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', self, JSON.stringify(o)], { maxBuffer: 1 << 20 }, (err, stdout) => {
      if (err) return reject(err);
      resolve(JSON.parse(stdout.trim().split('\n').at(-1)!));
    });
  });
}

if (process.argv[1] === self) {
  const figures = await walletLoad(JSON.parse(process.argv[2]));
  console.log(JSON.stringify(figures));
  process.exit(0);
}
