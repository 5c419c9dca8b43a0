import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://localhost:${port}`;

// Debian's chromium: Playwright's own browser download is not used.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  // no service worker unless a test is about it (`test.use(WITH_SERVICE_WORKER)`): each test's fresh context
  // would precache the whole app (279 files, 1.4 MB) again, about a quarter of a money flow's time
  use: { baseURL, serviceWorkers: 'block', trace: 'retain-on-failure', screenshot: 'only-on-failure', launchOptions },
  projects: [
    { name: 'pixel7', use: { ...devices['Pixel 7'], browserName: 'chromium', launchOptions } },
    // a second phone of nearly the same size adds little: it covers the shell (sign-up, install, offline, narrow), not every flow again
    { name: 'iphone14', testMatch: /foundation\.spec\.ts$/, grepInvert: /@one-viewport/, use: { ...devices['iPhone 14'], browserName: 'chromium', launchOptions } },
    // the desktop repeats the flows whose layout differs there (tables, the side menu), not server rules or 320 px passes
    { name: 'desktop', grepInvert: /@one-viewport|@phones/, use: { ...devices['Desktop Chrome'], browserName: 'chromium', viewport: { width: 1366, height: 900 }, launchOptions } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: {
      PORT: String(port),
      PITBOSS_TEST_CAPTCHA: '1234',
      PITBOSS_TEST_CHECK_ANSWERS: '1',
      PITBOSS_DATA: 'data-e2e',
      NODE_ENV: 'test',
      LIMIT_CAPTCHA_IP: '2000',
      LIMIT_SITE_LOOKUP_IP: '5000',
      LIMIT_LOGIN_FAIL_IP: '500',
      LIMIT_LOGIN_IP: '5000',
      LIMIT_LOGIN_ACCOUNT: '5000',
      LIMIT_ADMIN_LOGIN_FAIL_IP: '500',
      LIMIT_SIGNUP_IP: '500',
      LIMIT_CHECK_ID_IP: '500',
      LIMIT_CASHOUT_PASS_FAIL_MEMBER: '500',
      PITBOSS_POW_COST: '20',
      PITBOSS_POW_COUNTER: '200',
    },
  },
});
