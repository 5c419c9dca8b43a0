import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          // the property tests run thousands of cases: on a busy machine they outlast vitest's 5 s default
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // the demo site seeded once; each test server starts from a copy (tests/api/dbTemplate.ts)
          globalSetup: ['tests/api/globalSetup.ts'],
          // two cores: one server per file, files one after another keeps timings sane
          fileParallelism: false,
          // each file starts its own server(s), so files share no state but the modules: loading the server's
          // modules once per run instead of once per file took a third off the suite
          isolate: false,
        },
      },
    ],
  },
});
