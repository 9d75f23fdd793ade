import { mkdir, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import PostalMime, { type Address } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The Message-ID header, with its angle brackets. */
  messageId: string;
  to: string[];
  /** The From header: display name and address. */
  from: { name: string; address: string };
  /** The addresses of the Reply-To header (none without one). */
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the plain-text part, in order. */
  links: string[];
  attachments: { filename: string; mimeType: string; contentId?: string; content: Buffer }[];
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** How many mails the server has begun to receive (DATA accepted), finished or not. */
  started(): number;
  /** Mails to `address` (newest last). */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/** The address of a mailbox header (a group's first member). */
function mailboxOf(address: Address | undefined): string {
  if (!address) return '';
  return ('address' in address ? address.address : address.group[0]?.address) ?? '';
}

/**
 * A real SMTP server on a free local port that keeps what it receives, parsed. With `saveTo`,
 * it also writes each message, as received, to a numbered `.eml` file in that folder (what the
 * end-to-end tests read, from another process, as a mail client would). `onMail` runs as each
 * mail is kept, before the server answers its end.
 */
export async function startSmtp(
  options: { saveTo?: string; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  let started = 0;
  let saved = 0;
  const save = async (raw: Buffer) => {
    if (!options.saveTo) return;
    saved += 1;
    const name = path.join(options.saveTo, String(saved).padStart(6, '0'));
    await mkdir(options.saveTo, { recursive: true });
    // Written whole, then named .eml: a reader never sees half a mail.
    await writeFile(`${name}.part`, raw);
    await rename(`${name}.part`, `${name}.eml`);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No DNS lookup of the client's address: it costs each connection a round trip, or a timeout.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      started += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks);
        await save(raw);
        const parsed = await PostalMime.parse(raw);
        const text = parsed.text ?? '';
        mails.push({
          messageId: parsed.messageId ?? '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: { name: parsed.from?.name ?? '', address: mailboxOf(parsed.from) },
          replyTo: (parsed.replyTo ?? []).map(mailboxOf),
          subject: parsed.subject ?? '',
          text,
          html: parsed.html ?? '',
          links: [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]),
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename ?? '',
            mimeType: a.mimeType,
            ...(a.contentId ? { contentId: a.contentId } : {}),
            content: Buffer.from(
              typeof a.content === 'string' ? new TextEncoder().encode(a.content) : new Uint8Array(a.content),
            ),
          })),
        });
        options.onMail?.(mails[mails.length - 1] as ReceivedMail);
        callback();
      });
    },
  });
  // A client that dies halfway through a mail (a killed server process) resets its connection:
  // the mail is not received, and the server goes on.
  server.on('error', () => {});
  // Answers go out at once rather than after the client's delayed acknowledgement (about 40 ms
  // per SMTP command otherwise).
  server.server.on('connection', (socket: Socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    started: () => started,
    to: (address) => mails.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The path and token of the last link in a mail, e.g. `/auth/reset-password/<token>`. */
export function lastLink(
  mail: ReceivedMail | undefined,
  pathPrefix: string,
): { path: string; token: string } {
  const link = mail?.links.filter((l) => new URL(l).pathname.startsWith(pathPrefix)).at(-1);
  if (!link) throw new Error(`no ${pathPrefix} link in ${mail ? `"${mail.subject}"` : 'a missing mail'}`);
  const path = new URL(link).pathname;
  return { path, token: path.split('/').at(-1) ?? '' };
}
