import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** Where to point an endpoint: `http://127.0.0.1:<port>/hooks`. */
  url: string;
  /** Every request received, oldest first. */
  received: ReceivedWebhook[];
  /** The statuses to answer the next requests with, in order; 200 once it is used up. */
  plan: number[];
  close(): Promise<void>;
}

/**
 * A local HTTP server that receives webhook deliveries as a customer's would: it keeps each
 * request and answers the next planned status (a 3xx with a `Location`; a non-2xx with a
 * body longer than the kilobyte an attempt keeps).
 */
export function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const plan: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = plan.shift() ?? 200;
      if (status >= 300 && status < 400) res.setHeader('location', 'http://127.0.0.1:9/elsewhere');
      res.statusCode = status;
      res.end(status === 200 ? 'thanks' : `nope ${'x'.repeat(3000)}`);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/hooks`,
        received,
        plan,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
