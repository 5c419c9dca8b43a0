// What `npm start` and `npm test` run: steps (a script and its arguments; `+` between steps), each in turn
// on the Node of scripts/runtime.mjs (fetched first where this Node is too old) with its folder first on
// PATH, so the npm and node they call are that Node too. Stops at the first step that fails, with its code.
//
// SIGINT, SIGTERM and SIGHUP are passed to the running step's process group (its own, as a terminal would
// signal it), and this exits with the step's code: a server drains and its exit code is this one's.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { runtimeEnv, runtimeNode } from './runtime.mjs';

const steps = [[]];
for (const arg of process.argv.slice(2)) {
  if (arg === '+') steps.push([]);
  else steps.at(-1).push(arg);
}

let node;
try {
  node = runtimeNode();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const env = runtimeEnv(node);

let child;
let stopped;
const lastAt = {};
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    // a terminal's Ctrl-C reaches npm and this process both, and npm passes its own on: one press, one signal
    // (a second signal makes a draining server stop at once)
    const now = Date.now();
    if (now - (lastAt[sig] ?? -Infinity) < 1000) return;
    lastAt[sig] = now;
    stopped = sig;
    if (child?.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, sig);
      } catch {
        // the group is gone already
      }
    }
  });
}

const exitCode = (code, signal) => code ?? 128 + (constants.signals[signal] ?? 0);

for (const step of steps.filter((s) => s.length)) {
  if (stopped) process.exit(exitCode(null, stopped));
  // its own process group: a terminal's signal reaches this process only, which passes it on once
  child = spawn(node, step, { stdio: ['ignore', 'inherit', 'inherit'], env, detached: true });
  const code = await new Promise((resolve) => {
    child.once('error', (err) => {
      console.error(`${step.join(' ')}: ${err.message}`);
      resolve(1);
    });
    child.once('exit', (c, s) => resolve(exitCode(c, s)));
  });
  if (code !== 0) process.exit(code);
}
