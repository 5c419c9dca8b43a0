export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  production: boolean;
  /** Fixed captcha answer for automated tests; never honoured in production. */
  testCaptcha?: string;
  /** Shift of the server clock in ms for tests (e.g. the bank maintenance window); never honoured in production. */
  clockOffsetMs: number;
  staticDir?: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.PITBOSS_DATA ?? './data',
    redisUrl: env.REDIS_URL || undefined,
    production,
    testCaptcha: production ? undefined : env.PITBOSS_TEST_CAPTCHA || undefined,
    clockOffsetMs: production ? 0 : Number(env.PITBOSS_TEST_CLOCK_OFFSET_MS ?? 0),
    staticDir: env.PITBOSS_STATIC ?? 'dist',
  };
}
