/**
 * `npm test`: lint, type-check, unit and integration tests, build, e2e — in that order.
 * Every step runs even when an earlier one fails, so one run shows everything that is wrong;
 * the exit code is non-zero if any step failed. The last line sums up the tests:
 * `tests: N passed, N failed`.
 *
 *   npm test                      everything
 *   npm test -- --only integration   one step (lint, types, unit, integration, build, e2e)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Step {
  name: string;
  command: string[];
  /** Vitest project whose results are counted. */
  project?: string;
}

const reports = mkdtempSync(path.join(os.tmpdir(), 'tessera-test-'));
const vitest = (project: string): Step => ({
  name: project,
  project,
  command: [
    'npx',
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${project}.json`)}`,
  ],
});

const steps: Step[] = [
  { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
  { name: 'catalogs', command: ['npm', 'run', 'i18n:compile'] },
  { name: 'types', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  vitest('unit'),
  vitest('integration'),
  { name: 'build', command: ['npm', 'run', 'build'] },
  vitest('e2e'),
];

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
const selected = only ? steps.filter((s) => s.name === only) : steps;
if (selected.length === 0) {
  console.error(`Unknown step "${only}". Steps: ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

let passed = 0;
let failed = 0;
const failedSteps: string[] = [];
const timings: string[] = [];

for (const step of selected) {
  const started = Date.now();
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const [bin = 'npx', ...args] = step.command;
  const result = spawnSync(bin, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${step.name} ${seconds}s`);
  if (step.project) {
    const file = path.join(reports, `${step.project}.json`);
    if (existsSync(file)) {
      const report = JSON.parse(readFileSync(file, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
      };
      passed += report.numPassedTests;
      failed += report.numFailedTests;
    }
  }
  if (result.status !== 0) failedSteps.push(step.name);
}

console.log(`\nsteps: ${timings.join(', ')}`);
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 ? 1 : 0);
