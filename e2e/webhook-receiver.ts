import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  /** The raw body, as the signature covers it. */
  raw: string;
  body: { id: string; type: string; created_at: string; data: unknown };
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Waits until `count` requests of `type` have arrived, and answers them. */
  waitFor(type: string, count?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/**
 * A tool that listens for Tessera's webhooks on 127.0.0.1 (the e2e server allows private
 * addresses): records each request and answers 200.
 */
export function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received, thanks');
    });
  });
  const ofType = (type: string) => received.filter((r) => r.body.type === type);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/tessera-hooks`,
        received,
        async waitFor(type, count = 1) {
          await expect
            .poll(() => ofType(type).length, { timeout: 20_000, interval: 100 })
            .toBeGreaterThanOrEqual(count);
          return ofType(type);
        },
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * Checks a delivery as a receiver does (decision 045): the Standard Webhooks library verifies
 * `webhook-signature` over the id, the timestamp and the raw body, and that the timestamp is
 * recent.
 */
export function verifySignature(secret: string, delivery: ReceivedWebhook): boolean {
  try {
    new Webhook(secret).verify(delivery.raw, delivery.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}
