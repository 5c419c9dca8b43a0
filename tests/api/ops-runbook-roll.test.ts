import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDb } from './harness.js';
import { freePort } from './moneyKit.js';
import { runBlock, runbookBlocks, runbookHost, type RunbookHost } from './runbookKit.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The balancer and its clients in one: a poll of each instance's ready every 100 ms decides which are in
 * rotation; `clients` loops each send a call to the next instance in rotation. A 503 S503 with Retry-After
 * takes that instance out and the call goes again (to the other); any other answer or error is a failure.
 */
function balancedLoad(ports: number[], clients: number) {
  const inRotation = new Set<number>(ports);
  const seen = { ok: 0, retried: 0, failures: [] as string[], stop: false };
  let next = 0;
  const poll = (async () => {
    while (!seen.stop) {
      await Promise.all(
        ports.map(async (port) => {
          const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
            (r) => r.status === 200,
            () => false,
          );
          if (ok) inRotation.add(port);
          else inRotation.delete(port);
        }),
      );
      await sleep(100);
    }
  })();
  const client = async () => {
    while (!seen.stop) {
      const up = ports.filter((p) => inRotation.has(p));
      if (!up.length) {
        await sleep(20);
        continue;
      }
      const port = up[next++ % up.length];
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api/common/site`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prefix":"demo"}' });
        const body = (await r.json()) as { resultCode: string };
        if (r.status === 200 && body.resultCode === '0') seen.ok++;
        else if (r.status === 503 && body.resultCode === 'S503' && r.headers.get('retry-after')) {
          seen.retried++;
          inRotation.delete(port);
        } else seen.failures.push(`${port}: HTTP ${r.status} ${body.resultCode}`);
      } catch (e) {
        seen.failures.push(`${port}: ${(e as Error).message} ${String((e as { cause?: { code?: string } }).cause?.code ?? '')}`);
      }
    }
  };
  const running = Promise.all([poll, ...Array.from({ length: clients }, client)]);
  return {
    seen,
    async stop() {
      seen.stop = true;
      await running;
      return seen;
    },
  };
}

// Two instances on one PostgreSQL database: the PostgreSQL step only.
describe.runIf(testDb === 'postgres')('docs/runbook.md rolling restart, run as written', () => {
  let host: RunbookHost;
  const started: ChildProcess[] = [];
  afterAll(async () => {
    for (const p of started) if (p.exitCode === null) p.kill('SIGKILL');
    await host?.close();
  });

  it('rolls two instances one at a time under a load that sees no failed call, only 503 S503 it retries', async () => {
    host = await runbookHost();
    const db = await host.database();
    const env = { ...host.env, ...db.env, PITBOSS_DRAIN_GRACE_MS: '1000' };
    const ports = [await freePort(), await freePort()];
    mkdirSync(join(host.dir, 'run'));
    const first = ports.map((port) => {
      const p = spawn(process.execPath, ['dist-server/main.js'], {
        cwd: host.dir,
        env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', openSync(join(host.dir, 'run', `${port}.log`), 'a'), openSync(join(host.dir, 'run', `${port}.log`), 'a')],
      });
      started.push(p);
      writeFileSync(join(host.dir, 'run', `${port}.pid`), `${p.pid}\n`);
      return { proc: p, exited: new Promise<number | null>((r) => p.once('exit', (code) => r(code))) };
    });
    for (const port of ports) {
      const end = Date.now() + 300_000;
      while (
        !(await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (Date.now() > end) throw new Error(`instance on ${port} not ready: ${readFileSync(join(host.dir, 'run', `${port}.log`), 'utf8')}`);
        await sleep(100);
      }
    }

    const load = balancedLoad(ports, 4);
    await sleep(500);
    const r = await runBlock(runbookBlocks().get('rolling-restart')!, host.dir, { ...env, PORTS: ports.join(' ') });
    const next = ports.map((port) => Number(readFileSync(join(host.dir, 'run', `${port}.pid`), 'utf8')));
    try {
      expect(r.code, r.out).toBe(0);
      await sleep(500);
      const seen = await load.stop();
      expect(seen.failures).toEqual([]);
      expect(seen.ok).toBeGreaterThan(50);
      // the old instances drained cleanly; the new ones serve
      expect(await Promise.all(first.map((f) => f.exited))).toEqual([0, 0]);
      for (const port of ports) expect(readFileSync(join(host.dir, 'run', `${port}.log`), 'utf8')).toContain('Stopped.');
      expect(next.filter((pid, i) => pid !== first[i].proc.pid && alive(pid))).toHaveLength(2);
    } finally {
      await load.stop();
      for (const pid of next) if (alive(pid)) process.kill(pid, 'SIGTERM');
      const end = Date.now() + 60_000;
      while (next.some(alive) && Date.now() < end) await sleep(100);
    }
  }, 600_000);
});
