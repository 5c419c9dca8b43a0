import { demoLogins } from './db/seed/demo.js';
import { startServer } from './server.js';

const server = await startServer().catch((err: NodeJS.ErrnoException) => {
  if (err.code !== 'EADDRINUSE') throw err;
  console.error(`Port ${process.env.PORT ?? 8080} is already in use: stop the other server or set PORT, e.g. PORT=8081 npm start`);
  process.exit(1);
});
const base = server.url;
console.log(`\nPitboss is running: ${base}/demo  (${server.app.handle.kind}${server.seeded ? ', demo site seeded' : ''})`);
console.log('Demo logins:');
for (const line of demoLogins) console.log(`  ${line}`);

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await server.close().catch(() => {});
    process.exit(0);
  });
}
