import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPage, negotiateEncoding, variesByEncoding } from './compression';

describe('choosing the encoding of a response', () => {
  it('prefers brotli, then gzip, honours q-values, and takes the wildcard for gzip', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('gzip');
    expect(negotiateEncoding('*;q=0, identity')).toBeUndefined();
    expect(negotiateEncoding('gzip;q=0, *')).toBeUndefined();
    expect(negotiateEncoding('BR')).toBe('br');
    expect(negotiateEncoding('deflate')).toBeUndefined();
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('br;q=nonsense, gzip')).toBe('gzip');
  });

  it('knows which files have compressed twins', () => {
    expect(variesByEncoding('/dist/web/assets/index-Ab12.js.br')).toBe(true);
    expect(variesByEncoding('/dist/web/assets/index-Ab12.css')).toBe(true);
    expect(variesByEncoding('/dist/web/favicon.svg.gz')).toBe(true);
    expect(variesByEncoding('/dist/web/assets/cover.webp')).toBe(false);
    expect(variesByEncoding('/dist/web/assets/font.woff2')).toBe(false);
  });
});

describe('compressing a page per request', () => {
  it('gives the same bytes for the same page, compressed once, and each page its own', () => {
    const page = `<!doctype html><title>Fado</title>${'<p>by the river</p>'.repeat(50)}`;
    const first = compressPage(page, 'br');
    expect(compressPage(page, 'br')).toBe(first);
    expect(brotliDecompressSync(first).toString()).toBe(page);
    expect(gunzipSync(compressPage(page, 'gzip')).toString()).toBe(page);
    const other = compressPage(`${page}<p>sold out</p>`, 'br');
    expect(brotliDecompressSync(other).toString()).toBe(`${page}<p>sold out</p>`);
    // Past a few hundred pages the oldest is compressed again, to the same bytes.
    for (let i = 0; i < 250; i++) compressPage(`${page}${i}`, 'br');
    expect(compressPage(page, 'br')).not.toBe(first);
    expect(compressPage(page, 'br')).toEqual(first);
  });
});
