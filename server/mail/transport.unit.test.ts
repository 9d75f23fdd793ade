import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { mailJobHandler } from './send';
import { createMailer, type Mailer, type OutgoingMail } from './transport';

// Decision 046: a mail counts as sent only once the SMTP server accepted it (its answer to the
// mail's end); anything short of that leaves it to its job to try again, under the same
// Message-ID. These tests talk to a bare SMTP server written here, which can misbehave in the
// ways a real one does: drop the connection right after a mail's end, refuse the mail, or stop
// reading for a while and answer late.

type AfterEnd = 'answer' | 'drop' | 'refuse';

interface RawSmtp {
  url: string;
  /** Each mail received in full (its DATA ended by the lone `.`). */
  received: Buffer[];
  /** When the last mail's end arrived. */
  endedAt: number;
  /** When the server went back to reading after `pauseMs` (0 without a pause). */
  resumedAt: number;
  /** When it answered the last mail. */
  answeredAt: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A minimal SMTP server: greets, says yes to EHLO, MAIL, RCPT, RSET and NOOP, and takes DATA.
 * After a mail's end it answers (after `answerAfterMs`), drops the connection, or refuses; on
 * DATA it may first stop reading for `pauseMs` (the client's writes then pile up).
 */
async function rawSmtp(options: { afterEnd: AfterEnd; pauseMs?: number; answerAfterMs?: number }) {
  const sockets = new Set<Socket>();
  const state: RawSmtp = {
    url: '',
    received: [],
    endedAt: 0,
    resumedAt: 0,
    answeredAt: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const endOfData = async (mail: Buffer) => {
      state.received.push(mail);
      state.endedAt = Date.now();
      if (options.afterEnd === 'drop') socket.destroy();
      else if (options.afterEnd === 'refuse') reply('550 5.7.1 Not today');
      else {
        await sleep(options.answerAfterMs ?? 0);
        state.answeredAt = Date.now();
        reply('250 2.0.0 Queued');
      }
    };
    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
      } else if (verb === 'DATA') {
        inData = true;
        reply('354 Go ahead');
        if (options.pauseMs) {
          socket.pause();
          setTimeout(() => {
            state.resumedAt = Date.now();
            socket.resume();
          }, options.pauseMs);
        }
      } else reply(verb === 'EHLO' ? '250 raw.test' : '250 OK');
    };
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const mail = buffer.subarray(0, end + 2);
          buffer = buffer.subarray(end + 5);
          inData = false;
          void endOfData(mail);
        } else {
          const end = buffer.indexOf('\r\n');
          if (end < 0) return;
          const line = buffer.subarray(0, end).toString('latin1');
          buffer = buffer.subarray(end + 2);
          command(line);
        }
      }
    });
    reply('220 raw.test ESMTP');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  state.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

const open: { mailer?: Mailer; smtp?: RawSmtp }[] = [];
afterEach(async () => {
  for (const { mailer, smtp } of open.splice(0)) {
    mailer?.close();
    await smtp?.close();
  }
});

async function setUp(options: Parameters<typeof rawSmtp>[0]) {
  const smtp = await rawSmtp(options);
  const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: smtp.url, APP_URL: 'https://tickets.example' });
  const mailer = createMailer(config, { info: () => undefined });
  open.push({ mailer, smtp });
  return { smtp, mailer };
}

const mail = (extra: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to: 'guest@example.com',
  subject: 'Doors open at six',
  html: '<p>See you there</p>',
  text: 'See you there',
  ...extra,
});

/** The Message-ID header of a raw mail. */
const messageIdOf = (raw: Buffer) => /^Message-ID: *(\S+)\r?$/im.exec(raw.toString('latin1'))?.[1];

const handler = (mailer: Mailer) => mailJobHandler(mailer, async () => []);
const created = new Date('2026-11-29T10:00:00Z');
const job = { jobId: 7, attempt: 1, runAt: created, createdAt: created, db: undefined as never };
const payload = {
  template: 'passwordReset' as const,
  to: 'guest@example.com',
  locale: 'en',
  data: { firstName: 'Ada', url: 'https://tickets.example/auth/reset-password/abc' },
};

describe('a mail', () => {
  it('fails when its connection drops after its end, so its job tries it again; nothing else resends it', async () => {
    const { smtp, mailer } = await setUp({ afterEnd: 'drop' });
    await expect(handler(mailer)(payload, job)).rejects.toThrow();
    // Nothing comes after the failure: no second copy from the pool or anyone else.
    await sleep(400);
    expect(smtp.received).toHaveLength(1);
  });

  it('fails when the server refuses it after its end', async () => {
    const { smtp, mailer } = await setUp({ afterEnd: 'refuse' });
    await expect(handler(mailer)(payload, job)).rejects.toThrow(/Not today/);
    expect(smtp.received).toHaveLength(1);
  });

  it('is sent only once the server answered its end, however late, even when the server reads slowly', async () => {
    const { smtp, mailer } = await setUp({ afterEnd: 'answer', pauseMs: 300, answerAfterMs: 300 });
    await mailer.send(mail());
    const sentAt = Date.now();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.answeredAt).toBeGreaterThanOrEqual(smtp.endedAt + 250);
    expect(sentAt).toBeGreaterThanOrEqual(smtp.answeredAt);
  });

  it("carries the same Message-ID on every attempt of its job, made from the job and the app's host", async () => {
    const { smtp, mailer } = await setUp({ afterEnd: 'answer' });
    await handler(mailer)(payload, job);
    await handler(mailer)(payload, { ...job, attempt: 2 });
    await handler(mailer)(payload, { ...job, jobId: 8 });
    expect(smtp.received.map(messageIdOf)).toEqual([
      `<job-7.${created.getTime()}@tickets.example>`,
      `<job-7.${created.getTime()}@tickets.example>`,
      `<job-8.${created.getTime()}@tickets.example>`,
    ]);
  });
});
