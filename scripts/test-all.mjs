// Every test, in order: translations, build, type check, lint, format check, unit, API on PGlite and beside
// it on PostgreSQL (when reachable; required when CI or PITBOSS_REQUIRE_PG is set), browser tests.
// Ends with one line: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';

const pgUrl = process.env.PITBOSS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const requirePg = !!process.env.CI || !!process.env.PITBOSS_REQUIRE_PG;
const totals = { passed: 0, failed: 0 };
const failures = [];
// named again at the end, so a log's tail says which test failed and why
const failedTests = [];
const firstLine = (m) =>
  String(m ?? '')
    .split('\n')
    .find((l) => l.trim())
    ?.slice(0, 300) ?? '';
mkdirSync('reports', { recursive: true });

// each step's wall time, printed as it ends and again in the summary (CI time is a budget)
const times = [];
const started = Date.now();
// rounded to the second first, so 599.6 s reads 10m00s, not 9m60s
const mmss = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
};

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ms = Date.now() - t0;
  times.push([label, ms, r.status === 0]);
  console.log(`=== ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${mmss(ms)}`);
  return r.status === 0;
}

/** A step that is one check (compile, type check, build). */
function step(label, cmd, args, env) {
  return count(label, run(label, cmd, args, env));
}

/** A check's outcome in the totals. */
function count(label, ok) {
  if (ok) totals.passed++;
  else {
    totals.failed++;
    failures.push(label);
  }
  return ok;
}

/** Runs a step beside the next ones: its output goes to a log, printed whole when it ends. */
function runBeside(label, cmd, args, env = {}) {
  const log = `reports/${label}.log`;
  console.log(`\n=== ${label} (beside the next steps; its output follows when it ends): ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  // straight into the file: the steps run meanwhile block this process, which could not drain a pipe
  const fd = openSync(log, 'w');
  const p = spawn(cmd, args, { stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
  closeSync(fd);
  return new Promise((resolve) =>
    p.on('close', (code) => {
      // the steps beside block this process, so the end is heard late: the log's last write is when it ended
      const ms = statSync(log).mtimeMs - t0;
      times.push([label, ms, code === 0]);
      console.log(`\n=== ${label} output:\n${readFileSync(log, 'utf8')}`);
      console.log(`=== ${label}: ${code === 0 ? 'ok' : 'FAILED'} in ${mmss(ms)}`);
      resolve(code === 0);
    }),
  );
}

const vitestArgs = (label, project, files) => ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=reports/${label}.json`, ...files];

function vitest(label, project, env = {}, files = []) {
  rmSync(`reports/${label}.json`, { force: true });
  tally(label, run(label, 'npx', vitestArgs(label, project, files), env));
}

async function vitestBeside(label, project, env = {}, files = []) {
  rmSync(`reports/${label}.json`, { force: true });
  const ok = runBeside(label, 'npx', vitestArgs(label, project, files), env);
  return () => ok.then((done) => tally(label, done));
}

/** Adds a vitest step's counts and failed tests to the totals. */
function tally(label, ok) {
  const out = `reports/${label}.json`;
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    for (const file of r.testResults ?? []) {
      const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failed) failedTests.push(`${label} ${file.name.replace(process.cwd() + '/', '')} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (file.status === 'failed' && !failed.length) failedTests.push(`${label} ${file.name.replace(process.cwd() + '/', '')}: ${firstLine(file.message)}`);
    }
    // a file that fails to load has no failed tests but is still a failure
    if (!ok && r.numFailedTests === 0) totals.failed++;
  } else if (!ok) totals.failed++;
  if (!ok) failures.push(label);
}

function portOpen(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1500 }, () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

// --strict fails on any missing translation; the catalogues are still compiled for the later steps
if (!step('i18n', 'npx', ['lingui', 'compile', '--typescript', '--strict'])) run('i18n (lenient)', 'npx', ['lingui', 'compile', '--typescript']);
// the build regenerates the route tree the type check reads
const built = step('build', 'npm', ['run', 'build']);
// the servers and command lines the tests start run this build (scripts/serverProcess.ts, testEntry)
if (built) process.env.PITBOSS_RUN_BUILD = '1';
// TypeScript 7, the native compiler (the package typescript-native): about a third of TypeScript 6's
// time here; typescript-eslint still needs TypeScript 6 (the package typescript) for its typed lint
step('typecheck', 'npm', ['run', 'typecheck']);
// the format check beside lint: each keeps about one core busy (58 s one after the other here, 48 s side by side)
const format = runBeside('format', 'npx', ['prettier', '--check', '.']);
step('lint', 'npm', ['run', 'lint']);
count('format', await format);
vitest('unit', 'unit');
let pgliteDone = null;
const pg = new URL(pgUrl);
if (await portOpen(pg.hostname, Number(pg.port || 5432))) {
  const redis = (await portOpen('127.0.0.1', 6379)) ? { PITBOSS_TEST_REDIS: '1' } : {};
  const env = { PITBOSS_TEST_DB: 'postgres', PITBOSS_PG_URL: pgUrl, ...redis };
  // the tests that need no database of the suite's (command lines, installs) move to the PostgreSQL
  // suite, so the two end near each other (tests/api/harness.ts, runsDatabaseFree)
  process.env.PITBOSS_TEST_DB_FREE = 'postgres';
  // PGlite beside the PostgreSQL suite and the sealed subset after it: each suite keeps about one core
  // busy, the two share two cores well (ports and folders are each test's own), and the PGlite suite
  // is the longer one; the browser tests, which want both cores, follow on a quiet machine
  // (PITBOSS_TEST_SERIAL=1 runs everything one after the other)
  if (built && !process.env.PITBOSS_TEST_SERIAL) pgliteDone = await vitestBeside('api-pglite', 'api', { PITBOSS_TEST_DB: 'pglite' });
  vitest('api-postgres', 'api', env);
} else if (requirePg) {
  console.error(`\nPostgreSQL is not reachable at ${pgUrl}: the PostgreSQL API tests are required here.`);
  totals.failed++;
  failures.push('api-postgres (unreachable)');
} else {
  console.log(`\nPostgreSQL not reachable at ${pgUrl}: PostgreSQL API tests skipped (set PITBOSS_REQUIRE_PG=1 to require them).`);
}

if (!pgliteDone) vitest('api-pglite', 'api', { PITBOSS_TEST_DB: 'pglite' });
// with sealed bodies on: the whole suite takes as long again, so a subset: logins from many addresses and the money codes
vitest('api-sealed', 'api', { PITBOSS_TEST_DB: 'pglite', PITBOSS_TEST_SEALED: '1' }, [
  'tests/api/login-hardening.test.ts',
  'tests/api/money-codes.test.ts',
  'tests/api/member.test.ts',
]);

await pgliteDone?.();

if (built) {
  run('chromium', 'node', ['scripts/ensure-chromium.mjs']);
  const out = 'reports/e2e.json';
  rmSync(out, { force: true });
  const ok = run('e2e', 'npx', ['playwright', 'test']);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const s = report.stats ?? {};
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          if (t.status === 'unexpected') failedTests.push(`e2e [${t.projectName}] ${spec.file}:${spec.line} > ${spec.title}: ${firstLine(t.results?.at(-1)?.error?.message)}`);
      (suite.suites ?? []).forEach(walk);
    };
    (report.suites ?? []).forEach(walk);
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
    if (!ok && !s.unexpected) totals.failed++;
  } else if (!ok) totals.failed++;
  if (!ok) failures.push('e2e');
}

console.log(`\nStep times (total ${mmss(Date.now() - started)}):`);
for (const [label, ms, ok] of times) console.log(`  ${label.padEnd(16)} ${mmss(ms).padStart(7)}${ok ? '' : '  failed'}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed ? 1 : 0);
