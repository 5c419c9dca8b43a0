import { Worker } from 'node:worker_threads';
import type { PGlite, PGliteQueryOptions, PGliteQueryResults, PGliteTransaction } from 'kysely';
import { fromWire, type Hello, type Reply, type Request } from './pgliteWire.js';
import type { PgliteWhere } from './pgliteDump.js';

type Op = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/** The PGlite surface Kysely's PGliteDialect uses, plus `exec`, answered by PGlite in a worker thread. */
export interface PgliteThread extends PGlite {
  /** Runs a multi-statement text; the rows of its last statement. */
  exec(text: string): Promise<Record<string, unknown>[]>;
  /** the data folder as a gzipped tar (see pgliteDump.ts) */
  dump(): Promise<Uint8Array>;
}

/**
 * From TypeScript sources (tsx, vitest) the thread starts through a bootstrap that loads tsx
 * itself, so the parent's loader flags stay behind (one loader per thread); a compiled build
 * runs pgliteWorker.js.
 */
function spawn(where: PgliteWhere): Worker {
  const entry = import.meta.url.endsWith('.ts') ? './pgliteBoot.mjs' : './pgliteWorker.js';
  return new Worker(new URL(entry, import.meta.url), { workerData: where, execArgv: [] });
}

/** Opens PGlite (data folder or 'memory://', see PgliteWhere) in a worker thread; resolves once it is ready. */
export async function openPgliteThread(where: PgliteWhere): Promise<PgliteThread> {
  const worker = spawn(where);
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 1;
  let dead: Error | undefined;
  let closed = false;

  const hello = await new Promise<Hello>((resolve, reject) => {
    const ended = (code: number) => reject(new Error(`PGlite thread ended (${code}) before it opened`));
    worker.once('message', (m: Hello) => {
      worker.off('error', reject).off('exit', ended);
      resolve(m);
    });
    worker.once('error', reject).once('exit', ended);
  });
  if (!hello.ready) {
    await worker.terminate();
    throw fromWire(hello.error);
  }

  const fail = (e: Error) => {
    dead ??= e;
    for (const w of waiting.values()) w.reject(dead);
    waiting.clear();
  };
  worker.on('message', (r: Reply) => {
    const w = waiting.get(r.id);
    if (!w) return;
    waiting.delete(r.id);
    // like PGlite in-thread, an idle database does not keep the process alive
    if (waiting.size === 0) worker.unref();
    if (r.ok) w.resolve(r.value);
    else w.reject(fromWire(r.error));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`PGlite thread ended (${code})`)));
  worker.unref();

  const call = <T>(op: Op): Promise<T> => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    if (waiting.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...op, id });
    });
  };

  const query = <T>(sql: string, params: unknown[] | undefined, options: PGliteQueryOptions | undefined, tx?: number) =>
    call<PGliteQueryResults<T>>({ op: 'query', sql, params, rowMode: options?.rowMode, tx });

  return {
    ready: true,
    waitReady: Promise.resolve(),
    get closed() {
      return closed;
    },
    query: (sql, params, options) => query(sql, params, options),
    exec: (sql) => call({ op: 'exec', sql }),
    dump: () => call<Uint8Array>({ op: 'dump' }),
    async transaction<T>(fn: (tx: PGliteTransaction) => Promise<T>): Promise<T> {
      const id = await call<number>({ op: 'begin' });
      const tx: PGliteTransaction = {
        query: (sql, params, options) => query(sql, params, options, id),
        rollback: () => call({ op: 'rollback', tx: id }),
      };
      let result: T;
      try {
        result = await fn(tx);
      } catch (e) {
        await call({ op: 'end', tx: id, commit: false }).catch(() => {});
        throw e;
      }
      await call({ op: 'end', tx: id, commit: true });
      return result;
    },
    async close() {
      if (closed) return;
      closed = true;
      await call({ op: 'close' }).catch(() => {});
      await worker.terminate();
    },
  };
}
