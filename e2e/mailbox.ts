import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { myStack } from './browser';

export interface ReceivedMail {
  file: string;
  to: string;
  /** The From header as a mail client shows it: `Name <address>`. */
  from: string;
  /** The Reply-To addresses, comma-separated ('' without one). */
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part, in order. */
  links: string[];
  /** The attached files: name, type and bytes. */
  attachments: { filename: string; mimeType: string; content: Buffer }[];
}

/** Mails parsed so far, by file, with the size they were parsed at: a poll parses only new files. */
const parsedMails = new Map<string, { size: number; mail: ReceivedMail }>();

async function parseMail(file: string, content: Buffer): Promise<ReceivedMail> {
  const parsed = await PostalMime.parse(content);
  const to = (parsed.to ?? []).map((a) => ('address' in a ? (a.address ?? '') : '')).join(', ');
  const sender = parsed.from && 'address' in parsed.from ? parsed.from : undefined;
  const replyTo = (parsed.replyTo ?? []).map((a) => ('address' in a ? (a.address ?? '') : '')).join(', ');
  const text = parsed.text ?? '';
  return {
    file,
    to,
    from: sender ? `${sender.name} <${sender.address}>` : '',
    replyTo,
    subject: parsed.subject ?? '',
    text,
    html: typeof parsed.html === 'string' ? parsed.html : '',
    links: [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? '',
      mimeType: a.mimeType,
      content: Buffer.from(typeof a.content === 'string' ? a.content : new Uint8Array(a.content)),
    })),
  };
}

/**
 * The app under test sends its mail to a local SMTP server, which writes each message as an
 * .eml file under DATA_DIR/mail/ (`startSmtp`'s `saveTo`). This reads them back like a mail
 * client would. A file is parsed again only
 * when its size changed (it was read while being written): late in the suite the mailbox holds
 * a hundred mails or more, and parsing them all on every 200-ms poll kept up to a core busy.
 */
export async function readMailbox(): Promise<ReceivedMail[]> {
  const dir = path.join(myStack().dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
  const mails: ReceivedMail[] = [];
  for (const file of files) {
    const content = await readFile(path.join(dir, file));
    const key = path.join(dir, file);
    let known = parsedMails.get(key);
    if (known?.size !== content.length) {
      known = { size: content.length, mail: await parseMail(file, content) };
      parsedMails.set(key, known);
    }
    mails.push({ ...known.mail, links: [...known.mail.links] });
  }
  return mails;
}

/** Waits for a mail to `to` (and matching `subject`) that is not in `seen`; returns the newest. */
export async function waitForMail(options: {
  to: string;
  subject?: RegExp;
  seen?: ReceivedMail[];
  timeoutMs?: number;
}): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const seen = new Set((options.seen ?? []).map((m) => m.file));
  for (;;) {
    const match = (await readMailbox())
      .filter((m) => !seen.has(m.file))
      .filter((m) => m.to.toLowerCase().includes(options.to.toLowerCase()))
      .filter((m) => !options.subject || options.subject.test(m.subject))
      .at(-1);
    if (match) return match;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${options.to} matching ${options.subject ?? 'anything'}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
