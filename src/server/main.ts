import { demoLogins } from './seed/cast.js';
import { startServer } from './server.js';
import { StartupError } from './startupError.js';

const server = await startServer().catch((err: NodeJS.ErrnoException) => {
  // a start-up failure an operator reads: one line, an exit code per cause (startExit)
  if (err instanceof StartupError) console.error(`Pitboss did not start: ${err.message}`);
  else if (err.code === 'EADDRINUSE') console.error(`Port ${process.env.PORT ?? 8080} is already in use: stop the other server or set PORT, e.g. PORT=8081 npm start`);
  else throw err;
  process.exit(err instanceof StartupError ? err.exitCode : 1);
});
const base = server.url;
const { demo } = server.app.config;
console.log(`\nPitboss is running: ${base}${demo ? '/demo' : ''}  (${server.app.handle.kind}${server.seeded ? ', demo site seeded' : ''})`);
const { secrets } = server;
if (secrets.path)
  console.log(
    `Keys kept in ${secrets.path}${secrets.moved.length ? ` (moved out of the database: ${secrets.moved.join(', ')})` : ''}: back it up apart from the database, and give every instance the same file`,
  );
// the demo's passwords are known: printed only where the demo site is seeded
if (demo) {
  console.log('Demo logins:');
  for (const line of demoLogins) console.log(`  ${line}`);
}
if (server.setupToken) {
  console.log('\nNo platform owner yet. Open this one-time setup link within an hour to create the owner (a restart makes a new one):');
  // in the fragment: never sent to the server in a request line, so no access log or proxy keeps it
  console.log(`  ${base}/platform/setup#${server.setupToken}`);
}

const { metricsPort, metricsHost, metricsToken, drainMs, drainGraceMs } = server.app.config;
if (metricsPort !== undefined) console.log(`Metrics: http://${metricsHost}:${metricsPort}/metrics${metricsToken ? ' (bearer token)' : ''}`);
else if (metricsToken) console.log(`Metrics: ${base}/metrics (bearer token)`);

// drain, then exit 0; 1 when the deadline cut connections or closing failed; a second signal exits at once
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, async () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`\n${sig}: draining (new calls answered 503 for ${drainGraceMs} ms, at most ${drainMs} ms in all)…`);
    const clean = await server.drain().catch(() => false);
    console.log(clean ? 'Stopped.' : 'Stopped: the drain deadline cut connections still open.');
    process.exit(clean ? 0 : 1);
  });
}
