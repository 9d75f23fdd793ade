import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
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
 * web app), and resolves once it prints the address it listens on. With `viaNpm` it is
 * `npm start` itself, and `child` is npm's process.
 */
export async function startTessera(
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
  { viaNpm = false }: { viaNpm?: boolean } = {},
): Promise<RunningTessera> {
  const [command, args] = viaNpm
    ? ['npm', ['start', '--silent', '--', '--no-web-build']]
    : [process.execPath, ['--import', 'tsx', 'server/main.ts', '--no-web-build']];
  const child = spawn(command, args, {
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

/** The ids of every process below `pid` (children, their children, …), read from /proc. */
export async function descendantsOf(pid: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // "pid (command) state ppid …": the command may hold spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid) parents.set(Number(entry), ppid);
  }
  const found: number[] = [];
  let level = [pid];
  while (level.length > 0) {
    level = [...parents].filter(([, ppid]) => level.includes(ppid)).map(([child]) => child);
    found.push(...level);
  }
  return found;
}

/** Whether a process with this id still exists (a zombie counts as gone). */
export async function isRunning(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat !== null && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}
