import { describe, expect, it } from 'vitest';
import { readAtMostEverySecond, withHead } from './spa';

const INDEX =
  '<!doctype html><html><head><title>Tessera</title><script src="/app.js"></script></head><body></body></html>';

describe('a page head written into index.html', () => {
  it("keeps $` $' and $& of an organizer's text as text", () => {
    const text = "Jazz $` $' $& $1";
    const html = withHead(INDEX, { title: text, head: `<meta name="description" content="${text}" />` });
    expect(html).toBe(
      '<!doctype html><html><head><title>Jazz $` $&#39; $&#38; $1</title><script src="/app.js"></script>' +
        `    <meta name="description" content="${text}" />\n  </head><body></body></html>`,
    );
  });
});

describe('a page head read for a crowd', () => {
  it('is read once a second at most per key of its address, shared by visitors in between', async () => {
    const reads: string[] = [];
    const heads = readAtMostEverySecond(
      async (key) => {
        reads.push(key);
        return `head of ${key} #${reads.length}`;
      },
      (pathname) => pathname.split('/').slice(0, 3).join('/'),
    );
    const [a, b] = await Promise.all([heads.get('/e/1/x'), heads.get('/e/1/y')]);
    expect([a, b]).toEqual(['head of /e/1 #1', 'head of /e/1 #1']);
    expect(await heads.get('/e/2/y')).toBe('head of /e/2 #2');
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect(await heads.get('/e/1/x')).toBe('head of /e/1 #3');
    // After an organizer's change, read again at once.
    heads.forget();
    expect(await heads.get('/e/1/z')).toBe('head of /e/1 #4');
    expect(reads).toEqual(['/e/1', '/e/2', '/e/1', '/e/1']);
  });
});
