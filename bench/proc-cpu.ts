/**
 * CPU time of processes on this machine, read from `/proc/PID/stat` (utime + stime, in clock
 * ticks of `getconf CLK_TCK`), for the flash sales' CPU per order: the server's process(es) and
 * the PostgreSQL processes that serve the bench's database. Linux only; elsewhere, and for a
 * PostgreSQL on another host, the figures are null.
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';

/** Milliseconds of one clock tick (10 on a kernel with the usual 100 ticks a second). */
const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 10;
  }
})();

interface Stat {
  comm: string;
  /** utime + stime, milliseconds. */
  cpuMs: number;
}

/** "pid (comm) state ppid … utime stime …": comm may hold spaces and parentheses. */
async function statOf(pid: number): Promise<Stat | null> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (text === null) return null;
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  // Fields 14 and 15 of stat(5), counted from the state (field 3) here.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { comm: text.slice(text.indexOf('(') + 1, close), cpuMs: ticks * TICK_MS };
}

/** CPU milliseconds of each process, by id; a process gone is left out. */
export type CpuSample = Map<number, number>;

/** The CPU so far of the processes `pids`. */
export async function sampleProcesses(pids: readonly number[]): Promise<CpuSample> {
  const sample: CpuSample = new Map();
  for (const pid of pids) {
    const stat = await statOf(pid);
    if (stat) sample.set(pid, stat.cpuMs);
  }
  return sample;
}

/**
 * The CPU so far of the PostgreSQL processes that work for the database `client` is connected
 * to: every process named `postgres` except those PostgreSQL itself says serve another database
 * (other sessions' benches and tests may share the server). Shared ones count: the postmaster,
 * WAL writer, checkpointer, background writer, autovacuum. `own`: those serving this database.
 * Empty when none is found here (PostgreSQL on another host).
 */
export async function samplePostgres(client: pg.Client): Promise<{ cpu: CpuSample; own: Set<number> }> {
  const cpu: CpuSample = new Map();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await statOf(Number(entry));
    if (stat?.comm === 'postgres') cpu.set(Number(entry), stat.cpuMs);
  }
  const { rows } = await client.query<{ pid: number; own: boolean }>(
    'select pid, datname = current_database() as own from pg_stat_activity where datname is not null',
  );
  const own = new Set<number>();
  for (const row of rows) {
    if (!row.own) cpu.delete(row.pid);
    else if (cpu.has(row.pid)) own.add(row.pid);
  }
  return { cpu, own };
}

/**
 * CPU milliseconds spent between two samples: processes that started in between count from
 * zero; processes that ended in between are lost (the benches keep their connections open).
 */
export function cpuBetween(before: CpuSample, after: CpuSample): number | null {
  if (after.size === 0) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/**
 * Watches the CPU of `watch.pids` and of the database's PostgreSQL processes from now until
 * `stop()`, which answers the milliseconds each spent (null: not watched).
 */
export async function watchCpu(watch: { pids: number[]; databaseUrl?: string } | undefined) {
  const watcher = watch?.databaseUrl ? new pg.Client({ connectionString: watch.databaseUrl }) : null;
  await watcher?.connect();
  const sample = async () => ({
    app: await sampleProcesses(watch?.pids ?? []),
    db: watcher ? await samplePostgres(watcher) : { cpu: new Map() as CpuSample, own: new Set<number>() },
  });
  const before = await sample();
  return {
    stop: async (): Promise<{ appCpuMs: number | null; dbCpuMs: number | null }> => {
      const after = await sample();
      await watcher?.end();
      const gone = [...before.db.own].filter((pid) => !after.db.cpu.has(pid)).length;
      if (gone > 0)
        console.error(
          `${gone} PostgreSQL processes of the database ended during the sale: their CPU is lost`,
        );
      return {
        appCpuMs: watch?.pids.length ? cpuBetween(before.app, after.app) : null,
        dbCpuMs: watcher ? cpuBetween(before.db.cpu, after.db.cpu) : null,
      };
    },
  };
}
