import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /**
   * The sender's display name, for mails sent on behalf of an event (its organizer): the
   * address stays the platform's own (`MAIL_FROM`), so SPF and DMARC still pass (decision 035).
   */
  fromName?: string;
  attachments?: MailAttachment[];
  /**
   * The left part of the Message-ID, the same on every attempt of this mail (made from its job
   * or recipient id); the app's host is added. A mail sent again after a crash is then the same
   * message to the recipient's mail system, and to our tests (decision 046).
   */
  messageId?: string;
}

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
  /** Set for images shown in the HTML as `cid:…`. */
  cid?: string;
}

export interface Mailer {
  /**
   * Resolves once the SMTP server accepted the mail (its 250 answer to the end of the data);
   * rejects when it refused it or the connection failed first, answer or not (decision 046).
   */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
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
  // The Message-ID's right part: the host this installation serves (APP_URL).
  const host = new URL(config.appUrl).hostname || 'tessera.local';
  const address = /<([^<>\s]+)>\s*$/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  const headers = ({ messageId, fromName, ...mail }: OutgoingMail) => ({
    // Nodemailer encodes the name (quotes, non-ASCII letters) as the header needs.
    from: fromName ? { name: fromName, address } : config.mailFrom,
    ...mail,
    ...(messageId ? { messageId: `<${messageId}@${host}>` } : {}),
  });
  if (config.smtpUrl) {
    // Pooled: up to 10 connections kept open and shared by the mails the worker sends side by
    // side, rather than a new connection (and its handshake) per mail. `?pool=false` in the URL
    // opts out; `?maxConnections=N` sets another number.
    const url = new URL(config.smtpUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    const transport: Transporter = nodemailer.createTransport(url.toString());
    if (!url.searchParams.has('proxy')) withoutNagle(transport);
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
