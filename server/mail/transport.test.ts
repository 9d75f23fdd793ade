import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { jobs } from '../db/schema';
import { i18nFor } from '../i18n';
import { releaseOrphanedJobs } from '../jobs/queue';
import { runDueJobs } from '../jobs/worker';
import { testConfig } from '../test/app';
import { createProcessDatabase } from '../test/shop';
import { type ReceivedMail, startSmtp, type TestSmtp } from '../test/smtp';
import { MAIL_JOB, MailJobPayload } from './payload';
import { enqueueMail, mailJobHandler } from './send';
import { renderMail } from './templates';
import { createMailer } from './transport';

let dataDir: string;
let smtp: TestSmtp;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-mail-'));
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const reset = (locale: 'en' | 'zh-CN') =>
  renderMail(
    'passwordReset',
    { firstName: 'Ada <script>', url: 'https://tickets.example/auth/reset-password/abc' },
    i18nFor(locale),
  );

describe('mailer', () => {
  it('delivers over SMTP with an HTML and a plain-text part', async () => {
    const mailer = createMailer(
      testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Tessera <tickets@example.com>' }),
      { info: () => {} },
    );
    await mailer.send({ to: 'ada@example.com', ...(await reset('zh-CN')) });
    mailer.close();
    const [mail] = smtp.to('ada@example.com');
    expect(mail?.subject).toBe('重置您的密码');
    expect(mail?.text).toContain('https://tickets.example/auth/reset-password/abc');
    expect(mail?.html).toContain('lang="zh-CN"');
    // Names are escaped in HTML.
    expect(mail?.html).toContain('Ada &#60;script&#62;');
    expect(mail?.html).not.toContain('<script>');
  });

  it('without SMTP_URL writes an .eml file under DATA_DIR/mail and logs subject, recipient and links', async () => {
    const logged: Record<string, unknown>[] = [];
    const mailer = createMailer(testConfig({ DATA_DIR: dataDir }), { info: (object) => logged.push(object) });
    await mailer.send({ to: 'grace@example.com', ...(await reset('en')) });
    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const parsed = await PostalMime.parse(await readFile(path.join(dataDir, 'mail', files[0] ?? '')));
    expect(parsed.subject).toBe('Reset your password');
    expect(parsed.to?.map((a) => ('address' in a ? a.address : ''))).toEqual(['grace@example.com']);
    expect(parsed.text).toContain('Choose a new password: https://tickets.example/auth/reset-password/abc');
    expect(logged).toEqual([
      expect.objectContaining({
        to: 'grace@example.com',
        subject: 'Reset your password',
        links: ['https://tickets.example/auth/reset-password/abc'],
      }),
    ]);
  });
});

// Decision 046: a mail job is done only once the SMTP server accepted its mail. A process
// killed at any moment of the sending loses no mail; the mails it had in flight may go twice,
// under the same Message-ID.
describe('mail jobs whose sending process is killed', () => {
  const MAILS = 40;
  const LEASE_MS = 2_000;
  const address = (n: number) => `person${n}@example.com`;
  const jobCount = async (db: Database, status: string) =>
    Number(
      (
        await queryRows<{ n: number | string }>(
          db,
          sql`select count(*) as n from ${jobs} where type = ${MAIL_JOB} and status = ${status}`,
        )
      )[0]?.n,
    );

  it('reach every address at least once, a repeat only for a mail in flight at the kill', {
    timeout: 120_000,
  }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-mail-kill-'));
    const database = await createProcessDatabase(dir);
    let child: ChildProcess | undefined;
    // The process dies as the server takes the mail half-way through, before its answer.
    let atKill: ReceivedMail | undefined;
    const killing = await startSmtp({
      onMail: (mail) => {
        if (killing.mails.length !== MAILS / 2 || !child) return;
        atKill = mail;
        child.kill('SIGKILL');
      },
    });
    try {
      const seeding = await database.open();
      try {
        for (let n = 1; n <= MAILS; n++) {
          await enqueueMail(seeding.db, {
            template: 'passwordReset',
            to: address(n),
            locale: 'en',
            data: { firstName: `Person ${n}`, url: 'https://tickets.example/auth/reset-password/abc' },
          });
        }
      } finally {
        await seeding.close();
      }
      const env = { SMTP_URL: killing.url, APP_URL: 'https://tickets.example', ...database.env };
      child = spawn(process.execPath, ['--import', 'tsx', 'server/test/mail-worker.ts'], {
        env: { ...process.env, ...env, MAIL_WORKER_LEASE_MS: String(LEASE_MS) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const [, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
      expect({ signal, stderr }).toEqual({ signal: 'SIGKILL', stderr: '' });

      // Another process takes over: on the embedded database at once (it owns the database, so
      // a running job was left by the dead one), on PostgreSQL once the dead one's lease ended.
      const handle = await database.open();
      try {
        const inFlight = await jobCount(handle.db, 'running');
        if (handle.kind === 'pglite') await releaseOrphanedJobs(handle.db);
        const mailer = createMailer(testConfig(env), { info: () => {} });
        const deadline = Date.now() + 60_000;
        while ((await jobCount(handle.db, 'done')) < MAILS && Date.now() < deadline) {
          await runDueJobs({
            db: handle.db,
            kinds: { [MAIL_JOB]: MailJobPayload },
            handlers: { [MAIL_JOB]: mailJobHandler(mailer, async () => []) },
            concurrency: 4,
            leaseMs: LEASE_MS,
          });
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        mailer.close();
        expect(await jobCount(handle.db, 'done')).toBe(MAILS);

        const mails = killing.mails;
        const byId = new Map<string, string[]>();
        for (const mail of mails) byId.set(mail.messageId, [...(byId.get(mail.messageId) ?? []), ...mail.to]);
        // Every address, each under one Message-ID of its own, made from its job and the app's host.
        for (let n = 1; n <= MAILS; n++) {
          const ids = [...byId].filter(([, to]) => to.includes(address(n))).map(([id]) => id);
          expect(ids).toHaveLength(1);
          expect(ids[0]).toMatch(/^<job-\d+\.\d+@tickets\.example>$/);
          expect(new Set(byId.get(ids[0] ?? ''))).toEqual(new Set([address(n)]));
        }
        const repeats = mails.length - byId.size;
        expect(inFlight).toBeGreaterThanOrEqual(1);
        expect(inFlight).toBeLessThanOrEqual(4);
        expect(repeats).toBeLessThanOrEqual(inFlight);
        // The mail the server took as the process died was not marked done: it went again.
        expect(byId.get(atKill?.messageId ?? '')).toHaveLength(2);
        console.log(
          `mail kill test on ${database.kind}: ${inFlight} in flight at the kill, ${repeats} sent again, ${mails.length} mails for ${MAILS}`,
        );
      } finally {
        await handle.close();
      }
    } finally {
      child?.kill('SIGKILL');
      await killing.close();
      await database.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
