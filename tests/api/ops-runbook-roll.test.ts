import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
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
 * One call on a connection of its own (a balancer's to an instance; the drain's keep-alive handling is
 * ops-drain.test.ts's): its status, headers and answer.
 */
function siteCall(port: number) {
  return new Promise<{ status: number; headers: Record<string, unknown>; json: unknown }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/common/site', method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res
        .on('data', (c) => (text += c))
        .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, json: JSON.parse(text) }))
        .on('error', reject);
    });
    req.on('error', reject);
    req.end('{"prefix":"demo"}');
  });
}

/**
 * The balancer and its clients in one: a poll of each instance's ready every 100 ms decides which are in
 * rotation; `clients` loops each send a call to the next instance in rotation. A 503 S503 with Retry-After
 * takes that instance out and the call goes again (to the other); any other answer or error is a failure.
 */
function balancedLoad(ports: number[], clients: number) {
  const inRotation = new Set<number>(ports);
  // when a call last found the instance draining: only a ready asked after that puts it back
  const outAt = new Map<number, number>();
  const seen = { ok: 0, retried: 0, failures: [] as string[], stop: false };
  let next = 0;
  const poll = (async () => {
    while (!seen.stop) {
      await Promise.all(
        ports.map(async (port) => {
          const asked = performance.now();
          const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(1000) }).then(
            (r) => r.status === 200,
            () => false,
          );
          if (ok && asked > (outAt.get(port) ?? -1)) inRotation.add(port);
          else if (!ok) inRotation.delete(port);
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
        const r = await siteCall(port);
        const body = r.json as { resultCode: string };
        if (r.status === 200 && body.resultCode === '0') seen.ok++;
        else if (r.status === 503 && body.resultCode === 'S503' && r.headers['retry-after']) {
          seen.retried++;
          inRotation.delete(port);
          outAt.set(port, performance.now());
        } else seen.failures.push(`${port}: HTTP ${r.status} ${body.resultCode}`);
      } catch (e) {
        seen.failures.push(`${port}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
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
    // a grace well past the balancer's 100 ms readiness period; the site lookup's limit per address raised, as
    // behind a balancer whose one address carries every client's calls
    const env = { ...host.env, ...db.env, PITBOSS_DRAIN_GRACE_MS: '3000', LIMIT_SITE_LOOKUP_IP: '1000000' };
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
