import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';

/**
 * A bench's server side in its own process, as a deployed server runs, so the load generator does
 * not share its event loop: started with DATABASE_URL (or in-memory PGlite), talked to in JSON lines.
 */
export function spawnBenchChild(script: string, databaseUrl: string | undefined, extraEnv: NodeJS.ProcessEnv = {}, opts: { cpus?: string } = {}) {
  // no NODE_ENV: `npm start` runs as strict as production (compiled answers, no test shortcuts), and a
  // production start would refuse the bench's fixed captcha and seed no demo site
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv };
  delete env.NODE_ENV;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // BENCH_PROF=<folder>: the server writes a CPU profile there when it exits (open it in Chrome's DevTools)
  const prof = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  const node = [process.execPath, '--expose-gc', ...prof, '--import', 'tsx', new URL(script, import.meta.url).pathname];
  const [cmd, ...args] = opts.cpus ? ['taskset', '-c', opts.cpus, ...node] : node;
  const child = spawn(cmd!, args, { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    pid: child.pid!,
    /** The next JSON line the child prints. */
    async next<T = any>(): Promise<T> {
      for (;;) {
        const { value, done } = await lines.next();
        if (done) throw new Error('bench server ended');
        if (value.startsWith('{')) return JSON.parse(value) as T;
      }
    },
    send(line: string) {
      child.stdin!.write(`${line}\n`);
    },
    async close() {
      child.stdin!.end('exit\n');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * Cores for a server and its load when the machine can keep them apart (Linux `taskset`, two
 * cores or more): the server gets the last core to itself, as a deployed Node server has its own;
 * `loadOn()` moves this process (the load) to the others until `release()`. The database floats.
 */
export function splitCores(): { server: string; loadOn(): void; release(): void } | null {
  const n = availableParallelism();
  if (n < 2 || spawnSync('taskset', ['-V']).status !== 0) return null;
  const set = (cpus: string) => spawnSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
  return { server: String(n - 1), loadOn: () => set(n === 2 ? '0' : `0-${n - 2}`), release: () => set(`0-${n - 1}`) };
}
