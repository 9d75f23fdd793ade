import { Readable } from 'node:stream';
import type Mail from 'nodemailer/lib/mailer';

/**
 * Runs before the last line of a mail (the lone `.` of SMTP's DATA) goes out. By then the mail
 * server has the envelope and the whole content; it takes the mail only when that line
 * arrives. A hook that throws abandons the mail: the connection is dropped and the server
 * discards what it had.
 */
export type BeforeEnd = () => Promise<void>;

/**
 * The mail's content, handed on only when asked for, with its end held back until the hook
 * has run. Nodemailer asks for the content once the server has answered DATA, and asks for
 * more once the content is written to the connection: the hook runs then, and the end
 * follows when it is done.
 */
class HeldEnd extends Readable {
  private content: Buffer | null = null;
  private waiting = false;
  private stage: 'content' | 'hook' | 'done' = 'content';

  constructor(
    input: Readable,
    private readonly hook: BeforeEnd,
  ) {
    super();
    const chunks: Buffer[] = [];
    input.on('data', (chunk: Buffer) => chunks.push(chunk));
    input.once('error', (error: Error) => this.destroy(error));
    input.once('end', () => {
      this.content = Buffer.concat(chunks);
      if (this.waiting) this._read();
    });
  }

  override _read(): void {
    if (this.stage === 'content') {
      if (!this.content) {
        this.waiting = true;
        return;
      }
      this.stage = 'hook';
      this.push(this.content);
      return;
    }
    if (this.stage !== 'hook') return;
    this.stage = 'done';
    this.hook().then(
      () => this.push(null),
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

/** The mail option that carries the hook (see `OutgoingMail.beforeEnd`). */
export interface WithBeforeEnd {
  beforeEnd?: BeforeEnd;
}

/**
 * A nodemailer `stream` plugin: a mail sent with `beforeEnd` gets its end held back (last of
 * the message's processing steps, so nothing after it reads ahead).
 */
export const holdEnd: Mail.PluginFunction = (mail, done) => {
  const hook = (mail.data as WithBeforeEnd).beforeEnd;
  if (hook) mail.message.processFunc((input) => new HeldEnd(input, hook));
  done();
};
