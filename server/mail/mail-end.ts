import { type Duplex, PassThrough, type Readable, type Writable } from 'node:stream';
import type Mail from 'nodemailer/lib/mailer';

/**
 * Called as the mail's last line (the lone `.` that ends SMTP's DATA) is handed to the
 * operating system, before the server answers: from then on the mail counts as sent, and a
 * process killed after it is not to send it again. Once the synchronous step that called it
 * is over, the line is in the system's send buffer, and the mail reaches the server even if
 * this process is killed (the system still sends what was written and closes the connection
 * cleanly). See `EndWatch` for the exact moment.
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
 * connection. While the mail goes out, the connection's `write` is watched. When the last line
 * comes to it:
 * - with nothing waiting in the connection before it (the usual case), the line goes to the
 *   system within that very `write`: the callback runs first, then the line is written, in one
 *   synchronous step. Not the other way round: a write that wakes a server on the same machine
 *   often lets the system pause this process right after it, and a kill then would leave a
 *   mail received but not recorded (measured: one kill in 40 under load), while nothing
 *   wakes up between the callback and the write, a window of a few microseconds;
 * - with earlier bytes still waiting (the system's buffer was full), the line waits too; it is
 *   written with a callback of its own, which Node runs right after the system took it.
 * A connection that closes first never calls it.
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
    const write = connection.write as (this: Writable, ...args: unknown[]) => boolean;
    const watched = function (this: Writable, chunk: unknown, ...rest: unknown[]) {
      if (!isLastLine(chunk) || !data.writableEnded) return write.call(this, chunk, ...rest);
      if (connection.writableLength === 0) {
        call();
        return write.call(this, chunk, ...rest);
      }
      // The data stream passes no callback of its own (it pipes), so the line may carry ours.
      return write.call(this, chunk, (error?: Error | null) => {
        if (!error) call();
      });
    } as Writable['write'];
    connection.write = watched;
    data.once('end', () => {
      if (connection.write === watched) connection.write = write as Writable['write'];
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
