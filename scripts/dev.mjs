// Development: the API server (restarting on change) on PORT (8080) and Vite's dev server,
// which proxies /api and /ws to it.
import { spawn } from 'node:child_process';

// answers checked against the contract, a fault naming the field: a development convenience
const env = { ...process.env, PORT: process.env.PORT ?? '8080', PITBOSS_STATIC: '/nonexistent', PITBOSS_TEST_CHECK_ANSWERS: '1' };
const procs = [spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', env }), spawn('npx', ['vite'], { stdio: 'inherit', env })];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => (stop(), process.exit(code ?? 0)));
