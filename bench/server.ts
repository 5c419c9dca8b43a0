import type { Config } from '../src/server/config.js';
import { startServer } from '../src/server/server.js';

/** A server for one bench: a free port, no static files, the test captcha, quiet unless LOG_LEVEL asks. */
export const startBenchServer = (o: Partial<Config> = {}) =>
  startServer({ port: 0, host: '127.0.0.1', logLevel: process.env.LOG_LEVEL ?? 'silent', dataDir: 'memory://', staticDir: '/nonexistent', testCaptcha: '1234', ...o });
