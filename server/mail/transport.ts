import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** The unique left part of the Message-ID; the sender's domain is added. */
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
    // Pooled: a few connections kept open and shared by the mails the worker sends side by side,
    // rather than a new connection (and its handshake) per mail. `?pool=false` in the URL opts out.
    const url = new URL(config.smtpUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    const transport: Transporter = nodemailer.createTransport(url.toString());
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
