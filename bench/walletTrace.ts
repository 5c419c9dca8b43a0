/**
 * Where a wallet callback's time goes in the server (BENCH_COUNTS=1 on `npm run bench games`):
 * the server's time per request against its time in the database (pool wait, then statements),
 * statements per callback, event-loop delay, GC pauses, and what PostgreSQL's backends of the
 * bench's database wait on (pg_stat_activity sampled every few ms: lock, WAL flush, CPU).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';

interface Call {
  start: number;
  db: number;
  wait: number;
  statements: number;
}

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] : 0);
const ms = (x: number) => x.toFixed(1).padStart(6);
/** CPU ms of the bench database's backends (PostgreSQL on this machine: its processes' /proc stat), and the WAL position */
async function dbWork(c: pg.Client, name: string): Promise<{ cpu: number; wal: number; lsn: string }> {
  const { rows } = await c.query(
    `select pid, pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::float8 as wal, pg_current_wal_insert_lsn()::text as lsn
     from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [name],
  );
  let ticks = 0;
  for (const r of rows) {
    try {
      const f = readFileSync(`/proc/${r.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // a backend that ended between the two reads
    }
  }
  return { cpu: ticks * 10, wal: Number(rows[0]?.wal ?? 0), lsn: String(rows[0]?.lsn ?? '0/0') };
}

/**
 * The WAL written between two positions, by table: its indexes and its month partitions folded in,
 * records that name no table (commits) as "other" (pg_walinspect; null where it cannot be had: the
 * extension missing, or a role that may not read the WAL).
 */
async function walByTable(c: pg.Client, from: string, to: string): Promise<{ name: string; bytes: number }[] | null> {
  try {
    await c.query('create extension if not exists pg_walinspect');
    const { rows } = await c.query(
      `with w as (
         select substring(block_ref from 'rel \\d+/\\d+/(\\d+)')::oid as node, record_length + fpi_length as bytes
         from pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)
       ), r as (
         select w.bytes, coalesce(i.indrelid, t.oid) as rel
         from w left join pg_class t on t.relfilenode = w.node left join pg_index i on i.indexrelid = t.oid
       )
       select coalesce((select p.inhparent::regclass::text from pg_inherits p where p.inhrelid = r.rel), r.rel::regclass::text, 'other') as name,
              sum(r.bytes)::float8 as bytes
       from r group by 1 order by 2 desc`,
      [from, to],
    );
    return rows.map((r) => ({ name: String(r.name), bytes: Number(r.bytes) }));
  } catch {
    return null;
  }
}

const line = (name: string, xs: number[]) => `  ${name.padEnd(32)} p50 ${ms(pct(xs, 50))}  p99 ${ms(pct(xs, 99))}  max ${ms(pct(xs, 100))} ms`;

/** Wraps the pg clients and the HTTP server once; `phase()` starts a window and its `report()` prints it. */
export function traceWallet(server: Server, dbUrl: string | null) {
  const als = new AsyncLocalStorage<Call>();
  let calls: { total: number; call: Call }[] = [];
  let statements: Record<string, number> = {};
  let outside = 0;
  /** the accrual step's batches (its timer's statements, outside any callback): when they ran */
  let batches: [number, number][] = [];
  const samplers = new WeakSet<pg.Client>();

  const emit = server.emit as (this: Server, event: string, ...a: unknown[]) => boolean;
  server.emit = function (this: Server, event: string, ...a: unknown[]) {
    if (event !== 'request') return emit.call(this, event, ...a);
    const t = performance.now();
    const call: Call = { start: t, db: 0, wait: 0, statements: 0 };
    (a[1] as NodeJS.EventEmitter).once('finish', () => calls.push({ total: performance.now() - t, call }));
    return als.run(call, () => emit.call(this, event, ...a));
  } as typeof server.emit;

  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    const q = a[0] as string | { text?: string };
    const text = (typeof q === 'string' ? q : (q?.text ?? '?')).replace(/\s+/g, ' ').trim();
    const call = als.getStore();
    if (samplers.has(this)) return query.apply(this, a);
    if (!call) {
      outside++;
      const t = performance.now();
      const r = query.apply(this, a) as Promise<unknown>;
      if (text.includes('accrual_run')) r?.then?.(() => batches.push([t, performance.now()]));
      return r;
    }
    const key = /^select (\w+)\(/.exec(text)?.[1] ?? text.slice(0, 60);
    statements[key] = (statements[key] ?? 0) + 1;
    call.statements++;
    const t = performance.now();
    const r = query.apply(this, a) as Promise<unknown>;
    const done = () => (call.db += performance.now() - t);
    r?.then?.(done, done);
    return r;
  } as typeof pg.Client.prototype.query;

  const connect = pg.Pool.prototype.connect as (...a: unknown[]) => Promise<unknown>;
  pg.Pool.prototype.connect = function (this: pg.Pool, ...a: unknown[]) {
    const call = als.getStore();
    const t = performance.now();
    const r = connect.apply(this, a);
    if (call) {
      const done = () => (call.wait += performance.now() - t);
      r?.then?.(done, done);
    }
    return r;
  } as typeof pg.Pool.prototype.connect;

  return {
    async phase() {
      calls = [];
      statements = {};
      outside = 0;
      batches = [];
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const gc: number[] = [];
      const obs = new PerformanceObserver((l) => gc.push(...l.getEntries().map((e) => e.duration)));
      obs.observe({ entryTypes: ['gc'] });
      const waits: Record<string, number> = {};
      let samples = 0;
      let work: { cpu: number; wal: number; tables: { name: string; bytes: number }[] | null } | null = null;
      const node = process.cpuUsage();
      let sampling = true;
      const sampler = (async () => {
        if (!dbUrl) return;
        const c = new pg.Client({ connectionString: dbUrl });
        samplers.add(c);
        await c.connect();
        const name = new URL(dbUrl).pathname.slice(1);
        const before = await dbWork(c, name);
        while (sampling) {
          const { rows } = await c.query(
            `select coalesce(wait_event_type || ':' || wait_event, 'running') as w, count(*)::int as n from pg_stat_activity
             where datname = $1 and state = 'active' and pid <> pg_backend_pid() group by 1`,
            [name],
          );
          samples++;
          for (const r of rows) waits[r.w] = (waits[r.w] ?? 0) + r.n;
          await new Promise((r) => setTimeout(r, 5));
        }
        const after = await dbWork(c, name);
        work = { cpu: after.cpu - before.cpu, wal: after.wal - before.wal, tables: await walByTable(c, before.lsn, after.lsn) };
        await c.end();
      })();
      return {
        async report(label: string) {
          sampling = false;
          await sampler;
          const nodeCpu = process.cpuUsage(node);
          loop.disable();
          obs.disconnect();
          const n = calls.length || 1;
          const total = calls.map((c) => c.total);
          const db = calls.map((c) => c.call.db);
          const wait = calls.map((c) => c.call.wait);
          const out = calls.map((c) => c.total - c.call.db - c.call.wait);
          const perCall = Object.entries(statements)
            .sort((a, b) => b[1] - a[1])
            .map(([k, v]) => `${(v / n).toFixed(2)} ${k}`)
            .join(', ');
          const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
          const slow = calls.filter((c) => c.total >= pct(total, 99));
          const overlaps = (c: { total: number; call: Call }) => batches.some(([a, b]) => a < c.call.start + c.total && b > c.call.start);
          const withBatch = (xs: typeof calls) => `${((100 * xs.filter(overlaps).length) / (xs.length || 1)).toFixed(0)}%`;
          const batchMs = batches.map(([a, b]) => b - a);
          console.log(`\n## where a callback's time goes: ${label} (${calls.length} callbacks seen by the server)`);
          console.log(line('in the server (request to finish)', total));
          console.log(line('waiting for a pool connection', wait));
          console.log(line('in statements (round trips)', db));
          console.log(line('in the server outside the db', out));
          console.log(
            `  the slowest 1%: ${ms(avg(slow.map((c) => c.total)))} ms, of it pool wait ${ms(avg(slow.map((c) => c.call.wait)))}, statements ${ms(avg(slow.map((c) => c.call.db)))}`,
          );
          console.log(
            `  accrual batches ${batches.length}, p50 ${ms(pct(batchMs, 50))} max ${ms(pct(batchMs, 100))} ms; callbacks overlapping one: all ${withBatch(calls)}, the slowest 1% ${withBatch(slow)}`,
          );
          console.log(`  statements per callback ${(avg(calls.map((c) => c.call.statements)) || 0).toFixed(2)}: ${perCall}; outside any callback ${outside}`);
          console.log(
            `  event loop delay p50 ${ms(loop.percentile(50) / 1e6)}  p99 ${ms(loop.percentile(99) / 1e6)}  max ${ms(loop.max / 1e6)} ms; GC ${gc.length} pauses, ${ms(gc.reduce((a, b) => a + b, 0))} ms in all, max ${ms(Math.max(0, ...gc))} ms`,
          );
          const each = (x: number) => (x / n).toFixed(2);
          console.log(
            `  CPU per callback (load-independent): this process ${each((nodeCpu.user + nodeCpu.system) / 1000)} ms (system ${each(nodeCpu.system / 1000)})` +
              (work ? `, the database's backends ${each(work.cpu)} ms (accrual included); WAL ${(work.wal / n / 1024).toFixed(1)} KB per callback` : ''),
          );
          if (work?.tables) {
            const wal = work.wal || 1;
            console.log(
              `  WAL by table (indexes and partitions folded in): ${work.tables
                .slice(0, 8)
                .map((t) => `${t.name} ${((100 * t.bytes) / wal).toFixed(0)}%`)
                .join(', ')}`,
            );
          }
          if (samples) {
            const busy = Object.entries(waits).sort((a, b) => b[1] - a[1]);
            console.log(`  database backends active per sample (${samples} samples): ${busy.map(([k, v]) => `${k} ${(v / samples).toFixed(2)}`).join(', ')}`);
          }
        },
      };
    },
  };
}
