import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

export interface TestS3 {
  url: string;
  /** Objects by `bucket/key`. */
  objects: Map<string, StoredObject>;
  close(): Promise<void>;
}

/**
 * A local server that speaks the part of the S3 REST API the app uses (path-style PUT, GET
 * and DELETE of objects), so the real AWS SDK can be exercised without the network.
 * It does not check signatures.
 */
export async function startS3(): Promise<TestS3> {
  const objects = new Map<string, StoredObject>();
  const server: Server = createServer((req, res) => {
    const key = decodeURIComponent((req.url ?? '/').split('?')[0]?.slice(1) ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'PUT') {
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: req.headers['content-type'],
          cacheControl: req.headers['cache-control'],
        });
        res.writeHead(200, { etag: '"test"' }).end();
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else if (req.method === 'GET' && objects.has(key)) {
        const object = objects.get(key);
        res
          .writeHead(200, { 'content-type': object?.contentType ?? 'application/octet-stream' })
          .end(object?.body);
      } else {
        res
          .writeHead(404, { 'content-type': 'application/xml' })
          .end('<Error><Code>NoSuchKey</Code></Error>');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
