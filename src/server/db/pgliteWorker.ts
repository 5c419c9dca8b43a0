// Runs PGlite in its own thread: a long statement blocks this thread, never the HTTP one.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { dumpPglite, pgliteOpening, type PgliteWhere } from './pgliteDump.js';
import { numberParsers, toWire, type Hello, type Reply, type Request } from './pgliteWire.js';

interface OpenTx {
  tx: Transaction;
  /** lets the transaction's callback return (commit) or throw (rollback) */
  finish(commit: boolean): void;
  closed: Promise<unknown>;
}

const port = parentPort!;
const where = workerData as PgliteWhere;
const rollback = Symbol('rollback');
const open = new Map<number, OpenTx>();
let nextTx = 1;

let pglite: PGlite;
try {
  const o = await pgliteOpening(where);
  pglite = await PGlite.create(o.dataDir, { parsers: numberParsers, loadDataDir: o.loadDataDir });
  port.postMessage({ ready: true } satisfies Hello);
} catch (e) {
  port.postMessage({ ready: false, error: toWire(e) } satisfies Hello);
  process.exit(1);
}

const txOf = (id: number) => {
  const t = open.get(id);
  if (!t) throw new Error(`transaction ${id} is not open`);
  return t;
};

/**
 * PGlite's own transaction(), as in-thread: it holds PGlite's transaction lock until the main
 * thread ends it, so statements sent without this transaction's id wait instead of running in it.
 */
function begin(): Promise<number> {
  return new Promise((resolve, reject) => {
    const id = nextTx++;
    let finish!: (commit: boolean) => void;
    const outcome = new Promise<boolean>((r) => (finish = r));
    const closed = pglite.transaction(async (tx) => {
      open.set(id, { tx, finish, closed });
      resolve(id);
      if (!(await outcome)) throw rollback;
    });
    // BEGIN itself failed: the callback never ran
    closed.catch((e) => (open.has(id) ? undefined : reject(e)));
  });
}

async function end(id: number, commit: boolean): Promise<null> {
  const t = txOf(id);
  open.delete(id);
  t.finish(commit);
  try {
    await t.closed;
  } catch (e) {
    if (e !== rollback) throw e;
  }
  return null;
}

async function run(m: Request): Promise<unknown> {
  switch (m.op) {
    case 'query': {
      const r = await (m.tx ? txOf(m.tx).tx : pglite).query(m.sql, m.params, m.rowMode && { rowMode: m.rowMode });
      return { rows: r.rows, affectedRows: r.affectedRows, fields: r.fields };
    }
    case 'exec': {
      const r = await (m.tx ? txOf(m.tx).tx : pglite).exec(m.sql);
      return r.at(-1)?.rows ?? [];
    }
    case 'begin':
      return begin();
    case 'end':
      return end(m.tx, m.commit);
    case 'rollback':
      await txOf(m.tx).tx.rollback();
      return null;
    case 'dump':
      return dumpPglite(pglite);
    case 'close':
      if (!pglite.closed) await pglite.close();
      return null;
  }
}

port.on('message', (m: Request) => {
  run(m).then(
    (value) => port.postMessage({ id: m.id, ok: true, value } satisfies Reply),
    (e: unknown) => port.postMessage({ id: m.id, ok: false, error: toWire(e) } satisfies Reply),
  );
});
