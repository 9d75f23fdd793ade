import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { mailJobHandler } from './send';
import { createMailer, type Mailer, type OutgoingMail } from './transport';

// Decision 020: a mail whose last line was written counts as sent, so it is never sent a second
// time; one cut off before it is sent again by its job. These tests talk to a bare SMTP server
// written here, which can misbehave in the ways a real one does: drop the connection right
// after a mail's end, refuse the mail, or stop reading for a while.

type AfterEnd = 'answer' | 'drop' | 'refuse';

interface RawSmtp {
  url: string;
  /** Each mail received in full (its DATA ended by the lone `.`). */
  received: Buffer[];
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

async function setUp(options: Parameters<typeof rawSmtp>[0], query = '') {
  const smtp = await rawSmtp(options);
  const mailer = createMailer(loadConfig({ NODE_ENV: 'test', SMTP_URL: `${smtp.url}${query}` }), {
    info: () => undefined,
  });
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

describe('a mail whose end was written', () => {
  it('is not sent again on another connection when its connection drops before the answer', async () => {
    const { smtp, mailer } = await setUp({ afterEnd: 'drop' });
    let ends = 0;
    await expect(mailer.send(mail({ onEndWritten: () => (ends += 1) }))).rejects.toThrow();
    // Nothing comes after the failure: no second copy from the pool or anyone else.
    await sleep(400);
    expect(smtp.received).toHaveLength(1);
    expect(ends).toBe(1);
  });

  it('is done for the mail job when the connection drops after its end, and retried when refused', async () => {
    const handler = (mailer: Mailer) => mailJobHandler(mailer, async () => []);
    const now = new Date();
    const job = { jobId: 7, attempt: 1, runAt: now, createdAt: now, db: undefined as never };
    const payload = {
      template: 'passwordReset' as const,
      to: 'guest@example.com',
      locale: 'en',
      data: { firstName: 'Ada', url: 'https://tickets.example/auth/reset-password/abc' },
    };

    const dropped = await setUp({ afterEnd: 'drop' });
    await expect(handler(dropped.mailer)(payload, job)).resolves.toBeUndefined();
    await sleep(200);
    expect(dropped.smtp.received).toHaveLength(1);

    const refused = await setUp({ afterEnd: 'refuse' });
    await expect(handler(refused.mailer)(payload, job)).rejects.toThrow(/Not today/);
  });

  it('is reported once the end has left the process, not while it waits behind a full send buffer', {
    timeout: 30_000,
  }, async () => {
    // About 11 MB of mail, more than the system buffers of a local connection hold while the
    // server does not read (some 4 MB here): the last line waits in the process until the
    // server reads again.
    const { smtp, mailer } = await setUp({ afterEnd: 'answer', pauseMs: 500, answerAfterMs: 300 });
    const ends: number[] = [];
    await mailer.send(
      mail({
        attachments: [
          {
            filename: 'big.bin',
            content: randomBytes(8 * 1024 * 1024),
            contentType: 'application/octet-stream',
          },
        ],
        onEndWritten: () => ends.push(Date.now()),
      }),
    );
    expect(smtp.received).toHaveLength(1);
    expect(ends).toHaveLength(1);
    expect(ends[0]).toBeGreaterThanOrEqual(smtp.resumedAt);
    expect(ends[0]).toBeLessThan(smtp.answeredAt);
  });
});
