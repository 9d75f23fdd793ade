import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import { type EndWritten, watchEnd } from './mail-end';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** The unique left part of the Message-ID; the sender's domain is added. */
  messageId?: string;
  /**
   * Called, synchronously, as the mail's last line is handed to the operating system and
   * before the server answers (`EndWritten`): once that step is over the mail reaches the
   * server even if this process dies. The message sender writes it to its journal here, so a
   * mail cut off by a crash before this point is sent again and one cut off after it is not
   * (decision 020). Not called without an SMTP server, or when the connection closes first.
   */
  onEndWritten?: EndWritten;
}

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
  /** Set for images shown in the HTML as `cid:…`. */
  cid?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Whether a failed send was the mail server's refusal (it answered), rather than no answer at all. */
const refusedByServer = (error: unknown) =>
  typeof (error as { responseCode?: unknown } | null)?.responseCode === 'number';

/**
 * Sends the mail so that it is not sent twice: written in full and then no answer (the
 * connection dropped), it counts as sent, since the server most likely has it. Rejects when the
 * server refused it or it was not written in full, so the caller may try again (decision 020).
 */
export async function sendOnce(mailer: Mailer, mail: OutgoingMail): Promise<void> {
  let written = false;
  try {
    await mailer.send({
      ...mail,
      onEndWritten: () => {
        written = true;
        mail.onEndWritten?.();
      },
    });
  } catch (error) {
    if (!written || refusedByServer(error)) throw error;
  }
}

interface MailLogger {
  info(object: Record<string, unknown>, message: string): void;
}

/** Every http(s) link of a plain-text body, for the log. */
export function linksOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]);
}

type SocketCallback = (error: Error | null, socket?: { connection: Socket }) => void;

/**
 * Lets the SMTP connections send each write at once. Nodemailer writes the end of a mail
 * (`.`) right after its body; with Nagle's algorithm on, that last small write waits for the
 * server's acknowledgement of the body, which the server delays by some 40 ms because it has
 * nothing to say until the end arrives. That capped a connection at about 22 mails a second.
 * The connection is opened here with no delay and handed to nodemailer, which goes on as
 * usual (TLS included). Nodemailer's own way of opening it only matters for a proxy.
 */
function withoutNagle(transport: Transporter): void {
  const transporter = transport.transporter as unknown as {
    getSocket?: (
      options: { host?: string; port?: number; secure?: boolean },
      callback: SocketCallback,
    ) => void;
  };
  transporter.getSocket = (options, callback) => {
    const socket = connect({
      host: options.host ?? 'localhost',
      port: options.port ?? (options.secure ? 465 : 587),
      noDelay: true,
    });
    const fail = (error: Error) => {
      socket.destroy();
      callback(error);
    };
    socket.setTimeout(CONNECT_TIMEOUT_MS, () => fail(new Error('SMTP connection timed out')));
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.off('error', fail);
      callback(null, { connection: socket });
    });
  };
}

const CONNECT_TIMEOUT_MS = 30_000;

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it, each mail is written as an .eml
 * file under DATA_DIR/mail/ (open it with any mail client) and its subject, recipient and
 * links are logged, so a local install is usable without a mail server.
 */
export function createMailer(config: Config, logger: MailLogger): Mailer {
  const domain = /@([^\s>]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'tessera.local';
  const headers = ({ messageId, ...mail }: OutgoingMail) => ({
    from: config.mailFrom,
    ...mail,
    ...(messageId ? { messageId: `<${messageId}@${domain}>` } : {}),
  });
  if (config.smtpUrl) {
    // Pooled: up to 10 connections kept open and shared by the mails the worker sends side by
    // side, rather than a new connection (and its handshake) per mail. `?pool=false` in the URL
    // opts out; `?maxConnections=N` sets another number.
    const url = new URL(config.smtpUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    const transport: Transporter = nodemailer.createTransport(url.toString());
    if (!url.searchParams.has('proxy')) withoutNagle(transport);
    transport.use('stream', watchEnd);
    return {
      async send(mail) {
        await transport.sendMail(headers(mail));
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(headers(mail));
      await mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      logger.info(
        { to: mail.to, subject: mail.subject, links: linksOf(mail.text), file },
        'mail written (no SMTP_URL)',
      );
    },
    close: () => transport.close(),
  };
}
