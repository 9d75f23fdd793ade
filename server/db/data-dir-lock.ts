import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export interface DataDirLock {
  release(): Promise<void>;
}

export class DataDirBusyError extends Error {}

/** Data directories this process holds, so a second open in the same process is refused too. */
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database allows one process per data directory. A pid file guards it so a
 * second `npm start` on the same DATA_DIR stops with a clear message instead of corrupting data.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, 'tessera.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      held.add(file);
      return {
        async release() {
          held.delete(file);
          await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      // A file naming our own pid is ours only if this process took it (a container restarted
      // under the same pid leaves a stale one behind).
      const busy = pid === process.pid ? held.has(file) : Number.isInteger(pid) && pid > 0 && isRunning(pid);
      if (busy) {
        throw new DataDirBusyError(
          `Another Tessera process (pid ${pid}) is using ${dataDir}. The embedded database allows one process per data directory; stop it or set DATA_DIR.`,
        );
      }
      await rm(file, { force: true });
    }
  }
  throw new DataDirBusyError(`Could not lock ${dataDir}`);
}
