import { type Duplex, PassThrough, type Readable, type Writable } from 'node:stream';
import type Mail from 'nodemailer/lib/mailer';

/**
 * Called once the mail's last line (the lone `.` that ends SMTP's DATA) is in the operating
 * system's send buffer: from then on the mail reaches the server even if this process is
 * killed, since the system still sends what was written and closes the connection cleanly.
 * It runs before the server answers, and synchronously, so nothing else happens in between.
 */
export type EndWritten = () => void;

/** The mail option that carries the callback (see `OutgoingMail.onEndWritten`). */
export interface WithEndWritten {
  onEndWritten?: EndWritten;
}

/** The connection a stream is piped into (Node keeps a readable's destinations in `pipes`). */
function pipedInto(stream: Readable): Writable | undefined {
  const state = (stream as unknown as { _readableState?: { pipes?: unknown } })._readableState;
  const pipes = state?.pipes;
  return Array.isArray(pipes) ? (pipes[0] as Writable | undefined) : undefined;
}

/** The three forms of the last line nodemailer writes, after a full line or not (`DataStream`). */
const LAST_LINES = ['.\r\n', '\n.\r\n', '\r\n.\r\n'].map((line) => Buffer.from(line));

const isLastLine = (chunk: unknown) =>
  Buffer.isBuffer(chunk) && LAST_LINES.some((line) => line.equals(chunk as Buffer));

/**
 * The mail's content, passed on unchanged, that watches where it goes: nodemailer pipes it into
 * the stream that escapes dots and adds the final `.`, which is already piped into the
 * connection. While the mail goes out, the connection's `write` is watched: the moment the
 * last line has gone through it and nothing is left buffered, the bytes are in the system's
 * send buffer, and the callback runs in the same synchronous step (a kill can hardly fall in
 * between). Should the connection have kept part of it buffered, the callback waits until it
 * has none left. A connection that closes first never calls it.
 */
class EndWatch extends PassThrough {
  constructor(private readonly endWritten: EndWritten) {
    super();
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const data = destination as unknown as Duplex;
    // Looked up now: by the time the stream ends, it has let go of its destination.
    const connection = pipedInto(data);
    if (!connection) return super.pipe(destination, options);
    let called = false;
    const call = () => {
      if (called || connection.destroyed) return;
      called = true;
      this.endWritten();
    };
    const write = connection.write;
    const watched = function (this: Writable, ...args: Parameters<Writable['write']>) {
      const accepted = write.apply(this, args);
      if (isLastLine(args[0]) && data.writableEnded && connection.writableLength === 0) call();
      return accepted;
    } as Writable['write'];
    connection.write = watched;
    data.once('end', () => {
      if (connection.write === watched) connection.write = write;
      const check = () => {
        if (called || connection.destroyed) return;
        if (connection.writableLength === 0) call();
        else setImmediate(check);
      };
      check();
    });
    return super.pipe(destination, options);
  }
}
/** A nodemailer `stream` plugin: a mail sent with `onEndWritten` gets its end watched. */
export const watchEnd: Mail.PluginFunction = (mail, done) => {
  const endWritten = (mail.data as WithEndWritten).onEndWritten;
  if (endWritten) mail.message.processFunc((input) => input.pipe(new EndWatch(endWritten)));
  done();
};
