import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { productionSecrets, readConfig, refuseMissingSecrets, refuseWeakSecrets } from '../../src/server/config.js';
import { entryArgs, spawnServer, type ServerProcess } from '../../scripts/serverProcess.js';
import { runsDatabaseFree } from './harness.js';

const dir = `tmp/ops-keys-${process.pid}`;
const envName = (n: string) => `PITBOSS_SECRET_${n.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const p = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  // a start that should have been refused but serves is ended, so the test fails on its output rather than hanging
  const take = (d: Buffer) => {
    out += d;
    if (out.includes('Pitboss is running')) p.kill('SIGKILL');
  };
  p.stdout!.on('data', take);
  p.stderr!.on('data', take);
  return new Promise<{ code: number | null; out: string }>((r) => p.once('exit', (code) => r({ code, out })));
}

/** A production start's environment: no test setting, no key but those given. */
const productionEnv = (data: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('PITBOSS_TEST_') && !k.startsWith('PITBOSS_SECRET') && !['DATABASE_URL', 'VITEST', 'PITBOSS_PIN_KEY', 'PITBOSS_AUDIT_KEY'].includes(k),
    ),
  ),
  NODE_ENV: 'production',
  PITBOSS_DATA: data,
  PITBOSS_STATIC: '/nonexistent',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ...extra,
});

const startRefused = async (env: NodeJS.ProcessEnv) => {
  const r = await run(process.execPath, entryArgs(), env);
  return { code: r.code, lines: r.out.trim().split('\n') };
};

describe.runIf(runsDatabaseFree)('keys: checked at a production start, made by npm run keys', () => {
  let srv: ServerProcess | undefined;
  mkdirSync(dir, { recursive: true });
  afterAll(() => {
    srv?.proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('npm run keys writes every key a production start needs, mode 0600, strong enough; never over an existing file', async () => {
    const file = `${dir}/keys.json`;
    const made = await run('npm', ['run', '--silent', 'keys', '--', file]);
    expect(made.code, made.out).toBe(0);
    expect(made.out).toContain('PITBOSS_SECRETS_FILE=');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const keys = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(Object.keys(keys).sort()).toEqual(productionSecrets.map((s) => s.name).sort());
    const prod = readConfig({ NODE_ENV: 'production' });
    expect(() => refuseMissingSecrets(prod, (n) => keys[n], {})).not.toThrow();
    expect(() => refuseWeakSecrets((n) => keys[n], {})).not.toThrow();

    const again = await run('npm', ['run', '--silent', 'keys', '--', file]);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/exists: keys already made are not replaced/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(keys);
  }, 600_000);

  it('a production start on its keys file serves', async () => {
    srv = await spawnServer(productionEnv(`${dir}/data`, { PITBOSS_SECRETS_FILE: `${dir}/keys.json` }), undefined, 540_000);
    expect((await fetch(`${srv.url}/api/health/ready`)).status).toBe(200);
  }, 600_000);

  it('a production start refuses keys under 32 random bytes, naming each with the rule, exit 1', async () => {
    const good = Object.fromEntries(productionSecrets.map((s) => [envName(s.name), randomBytes(32).toString('base64url')]));
    const vapid = webpush.generateVAPIDKeys();
    const r = await startRefused(
      productionEnv(`${dir}/weak`, {
        ...good,
        PITBOSS_SECRET_VAPID_PUBLIC: vapid.publicKey,
        PITBOSS_SECRET_VAPID_PRIVATE: vapid.privateKey,
        PITBOSS_SECRET_DEVICE_COOKIE: 'changeme',
        PITBOSS_PIN_KEY: randomBytes(16).toString('hex'),
      }),
    );
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      expect.stringMatching(
        /^Pitboss did not start: weak keys refused; too short to be secret: PITBOSS_SECRET_DEVICE_COOKIE, PITBOSS_PIN_KEY \(each key needs at least 32 random bytes/,
      ),
    ]);
  }, 600_000);

  it('any start given a key refuses it when weak, production or not, naming it; a start that makes its keys makes strong ones', async () => {
    const env = { ...productionEnv(`${dir}/dev-weak`, { PITBOSS_SECRET_DEVICE_COOKIE: 'x' }), NODE_ENV: 'test' };
    const r = await startRefused(env);
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([expect.stringMatching(/^Pitboss did not start: weak keys refused; too short to be secret: PITBOSS_SECRET_DEVICE_COOKIE \(/)]);
  }, 600_000);

  it('a production start refuses a VAPID pair that is not one P-256 pair, exit 1', async () => {
    const good = Object.fromEntries(productionSecrets.map((s) => [envName(s.name), randomBytes(32).toString('base64url')]));
    const r = await startRefused(
      productionEnv(`${dir}/vapid`, {
        ...good,
        PITBOSS_SECRET_VAPID_PUBLIC: webpush.generateVAPIDKeys().publicKey,
        PITBOSS_SECRET_VAPID_PRIVATE: webpush.generateVAPIDKeys().privateKey,
      }),
    );
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([expect.stringMatching(/^Pitboss did not start: .*PITBOSS_SECRET_VAPID_PUBLIC and PITBOSS_SECRET_VAPID_PRIVATE are not one P-256 key pair/)]);
  }, 600_000);
});
