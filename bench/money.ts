import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { spawnBenchChild } from './child.js';
import { cpuMeter, pidsOf } from './cpuTime.js';
import type { Pair } from './moneyServer.js';

const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_MONEY_SECONDS ?? 5);
const PG_URL = process.env.PITBOSS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Booted {
  url: string;
  apiKey: string;
  siteId: string;
  spread: Pair[];
  hot: Pair[];
}

/** Starts bench/moneyServer.ts as a child process and talks to it line by line. */
async function bootServer(databaseUrl: string | undefined) {
  const child = spawnBenchChild('./moneyServer.ts', databaseUrl);
  const booted = await child.next<Booted>();
  return {
    booted,
    async raw(which: 'spread' | 'hot'): Promise<{ raw: number; update: number }> {
      child.send(`raw ${which}`);
      return child.next();
    },
    async variant(v: 'A' | 'B') {
      child.send(`variant ${v}`);
      await child.next();
    },
    pid: child.pid,
    close: () => child.close(),
  };
}

/** 16 connections, each on its own pair (or all on the hot partner): give then retrieve, a new request id each. */
async function load(b: Booted, pairs: Pair[]) {
  let next = 0;
  let refused = 0;
  const result = await autocannon({
    url: `${b.url}/api/v2/retail/cashIn`,
    connections: CLIENTS,
    duration: SECONDS,
    method: 'POST',
    requests: [
      {
        setupRequest: (req: any, ctx: any) => {
          ctx.pair ??= pairs[next++ % pairs.length];
          ctx.n = (ctx.n ?? 0) + 1;
          const give = ctx.n % 2 === 1;
          const p: Pair = ctx.pair;
          return {
            ...req,
            path: `/api/v2/retail/${give ? 'cashIn' : 'cashOut'}`,
            headers: { 'content-type': 'application/json', authorization: b.apiKey, 'x-auth-token': p.partner.token },
            body: JSON.stringify({ siteId: b.siteId, requestId: randomUUID(), memId: p.child.memId, ...(give ? { inAmt: 1000 } : { outAmt: 1000 }) }),
          };
        },
        onResponse: (_status: number, body: string) => {
          if (!body.includes('"resultCode":"0"')) refused++;
        },
      },
    ],
  });
  return { rate: result.requests.average, total: result.requests.total, p99: result.latency.p99, refused, errors: result.errors + result.non2xx };
}

async function benchOne(kind: 'postgres' | 'pglite'): Promise<void> {
  let dbName = '';
  let url: string | undefined;
  if (kind === 'postgres') {
    dbName = `pitboss_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${dbName}`);
    const u = new URL(PG_URL);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const srv = await bootServer(url);
  try {
    for (const [name, which] of [
      ['16 partners', 'spread'],
      ['one hot partner', 'hot'],
    ] as const) {
      const t = await load(srv.booted, srv.booted[which]);
      const { raw, update } = await srv.raw(which);
      console.log(
        `money ${kind.padEnd(8)} give/retrieve, ${name.padEnd(15)}: ${t.rate.toFixed(0).padStart(5)} transfers/s, p99 ${t.p99} ms` +
          `${t.refused || t.errors ? `, ${t.refused} refused, ${t.errors} errors` : ''} | raw double-entry tx ${raw.toFixed(0)}/s | ratio ${(t.rate / raw).toFixed(2)}` +
          ` | (two-row UPDATE tx ${update.toFixed(0)}/s, ratio ${(t.rate / update).toFixed(2)})`,
      );
    }
    if (process.env.BENCH_MONEY_AB === '1') await movedAB(kind, srv, dbName);
  } finally {
    await srv.close();
    if (dbName) await adminQuery(`drop database if exists ${dbName} with (force)`);
  }
}

/**
 * BENCH_MONEY_AB=1: how a movement keeps its moved total (for pitboss_money_moved_total), A/B/A/B in this run on the
 * 16-partner load: A one set_config per transfer, B summed from the movement's ledger rows in
 * money_done (bench/moneyServer.ts). CPU per transfer of the server and its database backends, which
 * the machine's other load changes less than the rate.
 */
async function movedAB(kind: string, srv: Awaited<ReturnType<typeof bootServer>>, dbName: string) {
  const cells: string[] = [];
  const per: Record<string, number[]> = { A: [], B: [] };
  for (const v of ['A', 'B', 'A', 'B'] as const) {
    await srv.variant(v);
    const m = cpuMeter({ server: () => [srv.pid], db: () => (dbName ? pidsOf((cmd) => cmd.startsWith('postgres: ') && cmd.includes(` ${dbName} `)) : []) });
    const t = await load(srv.booted, srv.booted.spread);
    const cpu = m.stop();
    const n = Math.max(t.total, 1);
    const ms = (cpu.server + cpu.db) / n;
    per[v].push(ms);
    cells.push(`${v} ${t.rate.toFixed(0)}/s ${(ms * 1000).toFixed(0)} µs${t.refused || t.errors ? ` (${t.refused} refused, ${t.errors} errors)` : ''}`);
  }
  await srv.variant('A');
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `money ${kind.padEnd(8)} moved total A/B (A set_config per transfer, B summed from the movement's rows), 16 partners, CPU a transfer: ${cells.join(', ')} | B/A ${(mean(per.B) / mean(per.A)).toFixed(3)}`,
  );
}

async function adminQuery(text: string) {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** Give/retrieve throughput and p99 over HTTP with 16 clients, beside the db's raw double-entry transaction (same db, same run). */
export async function benchMoney(): Promise<void> {
  const pgUp = await adminQuery('select 1').then(
    () => true,
    () => false,
  );
  if (pgUp) await benchOne('postgres');
  else console.log('money postgres: not reachable, skipped');
  await benchOne('pglite');
}
