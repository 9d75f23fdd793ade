import { PassThrough, type Readable, type Writable } from 'node:stream';
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

/**
 * The mail's content, passed on unchanged, that watches where it goes: nodemailer pipes it into
 * the stream that escapes dots and adds the final `.`, which is already piped into the
 * connection. When that stream ends, every byte of the mail, its end included, has been handed
 * to the connection; once the connection has nothing left buffered, it is in the system's send
 * buffer and the callback runs. A connection that closes first never calls it.
 */
class EndWatch extends PassThrough {
  constructor(private readonly endWritten: EndWritten) {
    super();
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const data = destination as unknown as Readable;
    // Looked up now: by the time the stream ends, it has let go of its destination.
    const connection = pipedInto(data);
    data.once('end', () => {
      if (!connection) return;
      const check = () => {
        if (connection.destroyed) return;
        if (connection.writableLength === 0) this.endWritten();
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
