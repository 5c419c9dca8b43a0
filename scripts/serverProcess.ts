import { spawn, type ChildProcess } from 'node:child_process';

/** How the server runs: from TypeScript through tsx (tests, dev) or the compiled bundle (`npm start`). */
export type ServerEntry = 'tsx' | 'compiled';

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  /** ms from spawn to the first answer of /api/health */
  startMs: number;
  /** stdout and stderr so far */
  output(): string;
  /** resolves with the exit code (null when ended by a signal) */
  exited: Promise<number | null>;
}

/**
 * The entry a test starts: `npm test` builds first and then sets PITBOSS_RUN_BUILD=1, so its servers and
 * command lines run the build (what `npm start` runs, started in half the CPU time of tsx compiling the
 * source); a test run on its own runs the source, so a stale build never hides a change.
 */
export const testEntry = (): ServerEntry => (process.env.PITBOSS_RUN_BUILD === '1' ? 'compiled' : 'tsx');

/** node's arguments for the server (`main`) or the ops command line (`cli`) */
export const entryArgs = (entry: ServerEntry = testEntry(), program: 'main' | 'cli' = 'main') =>
  entry === 'tsx' ? ['--import', 'tsx', `src/server/${program}.ts`] : [`dist-server/${program}.js`];

/**
 * Starts the server as its own process on a free port (PORT=0), from `cwd` when given, and resolves once /api/health
 * answers; the URL is read from the line main.ts prints.
 */
export async function spawnServer(env: NodeJS.ProcessEnv, entry: ServerEntry = testEntry(), timeoutMs = 180_000, cwd?: string): Promise<ServerProcess> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, entryArgs(entry), { env: { PORT: '0', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'], cwd });
  let out = '';
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms: ${out}`)), timeoutMs);
    const onData = (d: Buffer) => {
      out += d;
      const m = /running: (http:\/\/[^\s/]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (d) => (out += d));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it started: ${out}`));
    });
  });
  for (;;) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (proc.exitCode !== null) throw new Error(`server exited: ${out}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return { proc, url, startMs: performance.now() - t0, output: () => out, exited };
}
