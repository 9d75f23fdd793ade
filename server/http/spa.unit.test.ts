import { describe, expect, it } from 'vitest';
import { withHead } from './spa';

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
