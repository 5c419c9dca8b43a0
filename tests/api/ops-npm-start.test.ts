import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { productionSecrets } from '../../src/server/config.js';
import { runsDatabaseFree } from './harness.js';

const vapid = webpush.generateVAPIDKeys();
const secretsEnv = {
  ...Object.fromEntries(productionSecrets.map((s) => [`PITBOSS_SECRET_${s.name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`, randomBytes(32).toString('base64url')])),
  PITBOSS_SECRET_VAPID_PUBLIC: vapid.publicKey,
  PITBOSS_SECRET_VAPID_PRIVATE: vapid.privateKey,
};

/** `npm start` as an operator runs it: no test setting, an empty PGlite folder, no demo, its keys in the environment. */
function npmStart(data: string, path = process.env.PATH) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PITBOSS_TEST_') && k !== 'DATABASE_URL' && k !== 'VITEST' && !k.startsWith('npm_')));
  const proc = spawn('npm', ['start'], {
    env: {
      ...env,
      ...secretsEnv,
      PATH: path,
      NODE_ENV: 'production',
      PITBOSS_DEMO: '0',
      PITBOSS_DATA: data,
      PITBOSS_STATIC: '/nonexistent',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: string | null }>((r) => proc.once('exit', (code, signal) => r({ code, signal })));
  return { proc, exited, output: () => out };
}

async function ready(run: { proc: ChildProcess; output: () => string }) {
  for (;;) {
    const url = /running: (http:\/\/[^\s/]+)/.exec(run.output())?.[1];
    if (url) {
      const ok = await fetch(`${url}/api/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return url;
    }
    if (run.proc.exitCode !== null || run.proc.signalCode !== null) throw new Error(`npm start ended before it served: ${run.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const portOpen = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const s = connect({ host: hostname, port: Number(port) }, () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
  });

/** package.json's engines: ^22.13.0 || >=24 */
const supported = (v: string) => {
  const [major, minor] = v.replace(/^v/, '').split('.').map(Number);
  return (major === 22 && minor >= 13) || major >= 24;
};

/** A node on PATH older than Pitboss needs (the machine's own, beside the fetched runtime), if any. */
function olderNode() {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const node = join(dir, 'node');
    if (!existsSync(node)) continue;
    const v = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
    if (v && !supported(v)) return dir;
  }
  return undefined;
}

// one process tree per case, a real npm on PGlite, once per `npm test` (the database plays no part in how a signal travels)
describe.runIf(runsDatabaseFree)('npm start stops when told', () => {
  const data = `tmp/npm-start-${process.pid}`;
  const runs: ReturnType<typeof npmStart>[] = [];
  afterAll(() => {
    // SIGTERM: the chain passes it to the server (a SIGKILL to npm would leave it running)
    for (const r of runs) if (r.proc.exitCode === null) r.proc.kill('SIGTERM');
    rmSync(`${data}-a`, { recursive: true, force: true });
    rmSync(`${data}-b`, { recursive: true, force: true });
  });

  async function stopsOnSigterm(run: ReturnType<typeof npmStart>) {
    runs.push(run);
    const url = await ready(run);
    run.proc.kill('SIGTERM');
    expect(await run.exited, run.output()).toEqual({ code: 0, signal: null });
    expect(run.output()).toContain('SIGTERM: draining');
    expect(run.output()).toContain('Stopped.');
    expect(await portOpen(url)).toBe(false);
  }

  it('SIGTERM to npm start drains the server, which exits 0 and closes its port', async () => {
    await stopsOnSigterm(npmStart(`${data}-a`));
  }, 600_000);

  // npm, the launcher and its steps on the machine's older Node; the server on the fetched Node 22
  it.runIf(olderNode())(
    'on an older Node too, through the fetched runtime',
    async () => {
      const old = olderNode()!;
      const path = [old, ...(process.env.PATH ?? '').split(delimiter).filter((d) => d !== old)].join(delimiter);
      await stopsOnSigterm(npmStart(`${data}-b`, path));
    },
    600_000,
  );
});
