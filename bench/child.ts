import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * A bench's server side in its own process, as a deployed server runs, so the load generator does
 * not share its event loop: started with DATABASE_URL (or in-memory PGlite), talked to in JSON lines.
 */
export function spawnBenchChild(script: string, databaseUrl: string | undefined, extraEnv: NodeJS.ProcessEnv = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', ...extraEnv };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', new URL(script, import.meta.url).pathname], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
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
