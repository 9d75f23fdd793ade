import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEventPagePreloads, withPreloads } from './preload';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function distWith(manifest: object | null): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-preload-'));
  dirs.push(dir);
  if (manifest) {
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

// The shape `vite build` writes with the `event` group of vite.config.ts.
const MANIFEST = {
  'index.html': {
    file: 'assets/index-A1.js',
    isEntry: true,
    imports: ['_shared-S1.js'],
    css: ['assets/index-A1.css'],
  },
  '_shared-S1.js': { file: 'assets/shared-S1.js' },
  '_event-E1.js': {
    file: 'assets/event-E1.js',
    name: 'event',
    imports: ['index.html', '_shared-S1.js', '_money-M1.js'],
    css: ['assets/event-E1.css'],
  },
  '_money-M1.js': { file: 'assets/money-M1.js' },
  'locales/en/buyer.ts': { file: 'assets/buyer-EN.js', isDynamicEntry: true },
  'locales/zh-CN/buyer.ts': { file: 'assets/buyer-ZH.js', isDynamicEntry: true },
  'locales/en/manage.ts': { file: 'assets/manage-EN.js', isDynamicEntry: true },
};

describe('preloading the event page', () => {
  it("names the page's chunks and styles not in the entry, and the visitor's catalog", async () => {
    const preloads = readEventPagePreloads(await distWith(MANIFEST));
    expect(preloads?.('zh-CN')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/event-E1.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/event-E1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/money-M1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/buyer-ZH.js">',
    );
    expect(preloads?.('en')).toContain('/assets/buyer-EN.js');
    expect(preloads?.('en')).not.toContain('manage');
  });

  it('adds nothing without a build, or to other pages', async () => {
    expect(readEventPagePreloads(await distWith(null))).toBeNull();
    expect(readEventPagePreloads(await distWith({ 'index.html': MANIFEST['index.html'] }))).toBeNull();
    expect(withPreloads('<head><title>x</title></head>', '<link>')).toBe(
      '<head><title>x</title><link></head>',
    );
    expect(withPreloads('<head></head>', '')).toBe('<head></head>');
  });
});
