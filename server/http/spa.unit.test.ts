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
  it('is read once a second at most per address, shared by visitors in between', async () => {
    const reads: string[] = [];
    const head = readAtMostEverySecond(async (pathname) => {
      reads.push(pathname);
      return `head of ${pathname} #${reads.length}`;
    });
    const [a, b] = await Promise.all([head('/e/1/x'), head('/e/1/x')]);
    expect([a, b]).toEqual(['head of /e/1/x #1', 'head of /e/1/x #1']);
    expect(await head('/e/2/y')).toBe('head of /e/2/y #2');
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect(await head('/e/1/x')).toBe('head of /e/1/x #3');
    expect(reads).toEqual(['/e/1/x', '/e/2/y', '/e/1/x']);
  });
});
