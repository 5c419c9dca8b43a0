/**
 * A vendor's load on the wallet callbacks: each player alternates a signed bet and its win.
 * `npm run bench games` runs it as its own process, as a vendor calls from elsewhere, so generating
 * the load does not share the server's event loop.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { connect } from 'node:net';
import { sign } from '../src/server/domain/games/signature.js';
import { pct } from './client.js';

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
  /** CPU ms per callback of the process making the load (it shares the machine with the server) */
  loadCpuMs?: number;
}

const WARM_SECONDS = 1;
const body = (x: object) => JSON.stringify({ siteId: 'demo', ...x });

/** One keep-alive HTTP/1.1 connection answering one request at a time, read by its content-length: a vendor's lean client, so the load costs its process little. */
function connection(url: URL) {
  const socket = connect(Number(url.port), url.hostname);
  socket.setNoDelay(true);
  let buf = '';
  let done: ((answer: string) => void) | null = null;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buf += chunk;
    const head = buf.indexOf('\r\n\r\n');
    if (head < 0 || !done) return;
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(buf.slice(0, head))?.[1] ?? 0);
    if (Buffer.byteLength(buf) - Buffer.byteLength(buf.slice(0, head + 4)) < length) return;
    const answer = buf.slice(head + 4);
    buf = '';
    const d = done;
    done = null;
    d(answer);
  });
  return {
    post(path: string, headers: Record<string, string>, raw: string) {
      return new Promise<string>((resolve, reject) => {
        done = resolve;
        socket.once('error', reject);
        const lines = Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('');
        socket.write(`POST ${path} HTTP/1.1\r\nhost: ${url.host}\r\n${lines}content-length: ${Buffer.byteLength(raw)}\r\n\r\n${raw}`);
      }).finally(() => socket.removeAllListeners('error'));
    },
    close: () => socket.end(),
  };
}

/**
 * `rate` callbacks a second at evenly spaced moments, whatever the pace of the answers (an open
 * loop, as a vendor's many tables call): each moment takes the next player with no call under way,
 * or waits for one. A call's time counts from its moment, so a moment that waited counts its wait.
 * The first second at the same pace is not counted: it opens the connections and warms this
 * process (its first calls were late by up to 50 ms, the client's cold start, not the server's).
 * (autocannon's overallRate is not this: each connection runs flat out until it has made its share
 * of the second, then idles, so its "500/s" was a burst at the start of every second.)
 */
export async function walletPaced(o: LoadOptions & { rate: number }): Promise<LoadFigures> {
  const url = new URL(o.url);
  interface Play {
    mem: string;
    tx: string;
    win: boolean;
    http: ReturnType<typeof connection>;
  }
  const plays: Play[] = o.memIds.map((mem) => ({ mem, tx: '', win: false, http: connection(url) }));
  const idle = [...plays];
  const late: number[] = [];
  const times: number[] = [];
  let bad = 0;
  let seq = 0;
  let running = 0;
  let finished: () => void = () => undefined;
  const call = async (p: Play, due: number) => {
    running++;
    if (!p.win) p.tx = `paced-${process.pid}-${++seq}`;
    const raw = p.win
      ? body({ memId: p.mem, txId: `${p.tx}:w`, betTxId: p.tx, amount: seq % 3 ? 0 : 2_000 })
      : body({ memId: p.mem, txId: p.tx, roundId: p.tx, gameCode: 'lucky-sevens', amount: 1_000 });
    try {
      const answer = await p.http.post(`/api/vendor/demo-slot/${p.win ? 'win' : 'bet'}`, { 'content-type': 'application/json', 'x-signature': sign(o.secret, raw) }, raw);
      if (!answer.includes('"resultCode":"0"')) bad++;
    } catch {
      bad++;
    }
    if (due >= counted) times.push(performance.now() - due);
    p.win = !p.win;
    running--;
    const next = late.shift();
    if (next !== undefined) void call(p, next);
    else idle.push(p);
    if (running === 0) finished();
  };
  const total = Math.floor((WARM_SECONDS + o.seconds) * o.rate);
  const t0 = performance.now();
  const counted = t0 + WARM_SECONDS * 1000;
  let issued = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - t0) * o.rate) / 1000) + 1);
      for (; issued < due; issued++) {
        const at = t0 + (issued * 1000) / o.rate;
        const p = idle.shift();
        if (p) void call(p, at);
        else late.push(at);
      }
      if (issued < total) setTimeout(tick, Math.max(0, t0 + (issued * 1000) / o.rate - performance.now()));
      else resolve();
    };
    tick();
  });
  if (running > 0) await new Promise<void>((resolve) => (finished = resolve));
  const elapsed = (performance.now() - counted) / 1000;
  for (const p of plays) p.http.close();
  const ms = (x: number) => Math.round(x * 10) / 10;
  return { rps: times.length / elapsed, p50: ms(pct(times, 50)), p99: ms(pct(times, 99)), bad };
}

/** `rate` callbacks/s evenly spaced (walletPaced), or as fast as the server answers: each connection alternates a bet and its win on its own player. */
export async function walletLoad(o: LoadOptions): Promise<LoadFigures> {
  if (o.rate) return walletPaced({ ...o, rate: o.rate });
  let seq = 0;
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
  const o = JSON.parse(process.argv[2]) as LoadOptions;
  const c0 = process.cpuUsage();
  const figures = await walletLoad(o);
  const cu = process.cpuUsage(c0);
  console.log(JSON.stringify({ ...figures, loadCpuMs: (cu.user + cu.system) / 1000 / (figures.rps * o.seconds) }));
  process.exit(0);
}
