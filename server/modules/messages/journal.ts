import { randomBytes } from 'node:crypto';
import {
  closeSync,
  ftruncateSync,
  futimesSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import { messageRecipients } from '../../db/schema';

/**
 * This process's record of the recipients whose mail's end it has written to the SMTP server
 * and not yet marked SENT in the database (decision 020). A line `+id` is written as a mail's
 * last line is handed to the system, in the same synchronous step (`EndWritten`), `-id` when
 * the server then refused it. The file lives under
 * `DATA_DIR/message-journal/`; when this process dies, the next one to look (at its start, then
 * every few seconds) marks the recipients still listed SENT, so the send jobs that take over
 * do not mail them again.
 */
export interface SendJournal {
  /** The recipient's mail is written in full: it counts as sent, even if this process dies now. */
  written(recipientId: number): void;
  /** The server refused the mail after all: it may be sent again. */
  refused(recipientId: number): void;
  /** The database has the outcome (SENT, or pending again): the journal may forget it. */
  settled(recipientId: number): void;
  /** Stops the heartbeat and removes the file (nothing may be in flight). */
  close(): void;
  /** The journal's file name, which no sweep of this process touches. */
  readonly file: string;
}

/** How often a live journal is touched, and after how long without it its process counts as gone. */
const HEARTBEAT_MS = 3_000;
export const STALE_AFTER_MS = 15_000;
const SUFFIX = '.journal';

/** Opens this process's journal, a new file in `dir`. */
export function openSendJournal(dir: string): SendJournal {
  mkdirSync(dir, { recursive: true });
  const file = `${process.pid}-${randomBytes(6).toString('hex')}${SUFFIX}`;
  const fullPath = path.join(dir, file);
  const fd = openSync(fullPath, 'a');
  const inFlight = new Set<number>();
  const heartbeat = setInterval(() => {
    const now = new Date();
    futimesSync(fd, now, now);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    file,
    written(id) {
      writeSync(fd, `+${id}\n`);
      inFlight.add(id);
    },
    refused(id) {
      writeSync(fd, `-${id}\n`);
    },
    settled(id) {
      if (!inFlight.delete(id) || inFlight.size > 0) return;
      // Nothing in flight: every line is settled, so the file starts over (O_APPEND writes
      // then go at its new end).
      ftruncateSync(fd, 0);
    },
    close() {
      clearInterval(heartbeat);
      closeSync(fd);
      rmSync(fullPath, { force: true });
    },
  };
}

/** Whether a process of this pid runs here (a pid of another machine or container may not). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The recipients a journal's lines leave written and not refused. */
export function writtenIn(text: string): number[] {
  const ids = new Set<number>();
  for (const line of text.split('\n')) {
    const id = Number(line.slice(1));
    if (!Number.isSafeInteger(id) || id <= 0) continue;
    if (line.startsWith('+')) ids.add(id);
    else if (line.startsWith('-')) ids.delete(id);
  }
  return [...ids];
}

export interface SweepOptions {
  /** This process's own journal, never swept. */
  own?: string;
  /**
   * Every other journal belongs to a process that is gone: true at the start of the embedded
   * database, which one process owns at a time.
   */
  othersAreGone?: boolean;
}

/**
 * Marks SENT the recipients listed in the journals of processes that are gone (its pid not
 * running here, or its file not touched for `STALE_AFTER_MS`) and removes those journals.
 * Answers how many recipients it marked.
 */
export async function sweepSendJournals(
  db: Database,
  dir: string,
  options: SweepOptions = {},
): Promise<number> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(SUFFIX) && name !== options.own);
  } catch {
    return 0;
  }
  let marked = 0;
  for (const name of names) {
    const fullPath = path.join(dir, name);
    let text: string;
    try {
      const pid = Number(name.split('-')[0]);
      const stale = Date.now() - statSync(fullPath).mtimeMs > STALE_AFTER_MS;
      // Our own pid on another file: a container restarted under the same pid, or another one
      // sharing the directory; only the heartbeat tells.
      const gone = options.othersAreGone || stale || (pid !== process.pid && !isRunning(pid));
      if (!gone) continue;
      text = readFileSync(fullPath, 'utf8');
    } catch {
      continue; // Swept by another process meanwhile.
    }
    const ids = writtenIn(text);
    for (let from = 0; from < ids.length; from += 1000) {
      const chunk = ids.slice(from, from + 1000);
      const rows = await queryRows(
        db,
        sql`update ${messageRecipients} set status = 'SENT', sent_at = now(), last_error = null
             where id in (${sql.join(chunk, sql`, `)}) and status = 'PENDING'
            returning id`,
      );
      marked += rows.length;
    }
    rmSync(fullPath, { force: true });
  }
  return marked;
}

export interface RunningJournal {
  journal: SendJournal;
  /** Stops the sweeps and closes the journal (once no mail is in flight). */
  stop(): void;
}

const SWEEP_MS = 5_000;

/**
 * This process's send journal under `DATA_DIR/message-journal/`: sweeps the journals of gone
 * processes first (before any send job runs here), opens a new one, and sweeps again every few
 * seconds, well within a dead worker's job lease, so the jobs that take over find its written
 * mails marked.
 */
export async function startSendJournal(
  db: Database,
  dataDir: string,
  options: { othersAreGone: boolean; logger: { warn(object: object, message: string): void } },
): Promise<RunningJournal> {
  const dir = path.join(dataDir, 'message-journal');
  const report = (marked: number) => {
    if (marked > 0)
      options.logger.warn({ recipients: marked }, 'mails written by a stopped process marked sent');
  };
  report(await sweepSendJournals(db, dir, { othersAreGone: options.othersAreGone }));
  const journal = openSendJournal(dir);
  const sweeps = setInterval(() => {
    sweepSendJournals(db, dir, { own: journal.file })
      .then(report)
      .catch((error: unknown) => options.logger.warn({ err: error }, 'send journals not swept yet'));
  }, SWEEP_MS);
  sweeps.unref();
  return {
    journal,
    stop() {
      clearInterval(sweeps);
      journal.close();
    },
  };
}
