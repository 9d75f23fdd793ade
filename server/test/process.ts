import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export interface RunningTessera {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far. */
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starts `server/main.ts` in its own process, as `npm start` does (without building the
 * web app), and resolves once it prints the address it listens on.
 */
export async function startTessera(
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<RunningTessera> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--no-web-build'], {
    cwd: ROOT,
    env: { NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Tessera did not start in time:\n${output}`)), timeoutMs);
    child.stdout?.on('data', () => {
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Tessera exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    port,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}
