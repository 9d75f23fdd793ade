import os from 'node:os';
import { type RunningTessera, startTessera } from './process';

/**
 * One server process that a test can kill and start again: it keeps the environment and
 * answers the current address (a new port after each start).
 */
export class Instance {
  private running: RunningTessera | undefined;
  private url = 'http://127.0.0.1:1';
  /** Everything the processes printed, one after another, for a failed test's message. */
  log = '';
  starts = 0;

  constructor(private readonly env: Record<string, string>) {}

  base(): string {
    return this.url;
  }

  async start(): Promise<void> {
    const running = await startTessera(
      { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...this.env },
      90_000,
    );
    this.running = running;
    this.starts += 1;
    const number = this.starts;
    running.child.once('exit', (code, signal) => {
      // Not stopped by the test: it died on its own.
      if (this.running === running)
        this.log += `--- process ${number} died (${code ?? signal}) ---\n${running.output()}\n`;
    });
    this.url = `http://127.0.0.1:${this.running.port}`;
  }

  /** Ends the process with `signal` and answers its exit code (null when killed). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const running = this.running;
    if (!running) return null;
    this.running = undefined;
    const code = await running.stop(signal);
    this.log += `--- process ${this.starts} (${signal}) ---\n${running.output()}\n`;
    return code;
  }
}
