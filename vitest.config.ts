import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Integration files that take a minute or more (they start server processes and kill them,
 * or send thousands of requests): started first, so that the two workers end together rather
 * than one running such a file alone at the end. Longest first, from CI's reports, except that
 * the two longest process tests (server processes killed under load) do not start side by side.
 */
const LONG_FILES = [
  'server/crash.test.ts',
  'server/http/fuzz.test.ts',
  'server/modules/messages/kill.test.ts',
  'server/modules/orders/race.test.ts',
  'server/main.test.ts',
  'server/modules/webhooks/kill.test.ts',
  'server/db/db.test.ts',
  'server/modules/waitlist/waitlist-race.test.ts',
  'server/multi-instance.test.ts',
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index === -1 ? LONG_FILES.length : index;
    };
    // A stable sort: the other files keep the order vitest chose (its cached durations).
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Vitest leaves a core free by default: on a 2-core machine that is one worker. Integration
    // files are independent (each its own database), and so are e2e files (each worker its own
    // app): use both cores.
    maxWorkers: 2,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'common/**/*.test.ts',
            'server/**/*.unit.test.ts',
            'web/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
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
          // A worker runs file after file in one process, importing the server once rather than
          // per file (about 5 s of CPU each): every file opens its own database and app, and the
          // server keeps no state between apps outside what an app holds (caches are per app,
          // or per database in a WeakMap).
          isolate: false,
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
          // Files run two at a time, each worker against its own server, database, mail and
          // Stripe stand-in (`e2e/global-setup.ts`); `E2E_WORKERS=1` runs them one by one.
          fileParallelism: process.env.E2E_WORKERS !== '1',
        },
      },
    ],
  },
});
