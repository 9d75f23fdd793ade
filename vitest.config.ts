import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest leaves a core free by default: on a 2-core machine that is one worker. Integration
    // files are independent (each its own database), so use both cores; e2e stays serial below.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.unit.test.ts', 'web/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          // Lets memory tests collect garbage before they measure what is still held.
          execArgv: ['--expose-gc'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          // Each test is a whole user flow; the longest take 45–60 s on a 2-core machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One browser and one server for the suite: run files one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
