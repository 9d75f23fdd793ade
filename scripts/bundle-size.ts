/**
 * What a first-time visitor downloads to see a buyer's event page, gzip-compressed:
 * the entry (index.html's script) with its static imports and CSS, the public event route
 * chunk with its static imports and CSS, and the buyer part of the English message catalog.
 * Run after `vite build`; prints a table and compares the total with the budget (never fails).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const OUT_DIR = path.join('dist', 'web');
const BUDGET_BYTES = 128 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest = JSON.parse(readFileSync(path.join(OUT_DIR, '.vite', 'manifest.json'), 'utf8')) as Manifest;

function findKey(description: string, test: (key: string, chunk: ManifestChunk) => boolean): string {
  const key = Object.keys(manifest).find((k) => {
    const chunk = manifest[k];
    return chunk !== undefined && test(k, chunk);
  });
  if (!key) throw new Error(`No ${description} in the Vite manifest`);
  return key;
}

/** A chunk and everything it imports statically (the browser fetches those before running it). */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const parts = [
  { label: 'entry', key: findKey('entry', (_, c) => c.isEntry === true) },
  {
    label: 'public event page',
    key: findKey('public event route', (k) => k.includes('features/public-event/')),
  },
  {
    label: 'English catalog',
    key: findKey('English buyer catalog', (k) => k.endsWith('locales/en/buyer.ts')),
  },
];

const files = new Map<string, string>();
for (const part of parts) {
  for (const key of staticClosure(part.key)) {
    const chunk = manifest[key];
    if (!chunk) continue;
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (!files.has(file)) files.set(file, part.label);
    }
  }
}

const rows = [...files].map(([file, part]) => {
  const content = readFileSync(path.join(OUT_DIR, file));
  return {
    file,
    part,
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content).length,
  };
});
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const width = Math.max(...rows.map((r) => r.file.length), 4);
console.log(`\nBuyer first visit (/e/:eventId/:eventSlug), gzip level 9\n`);
console.log(
  `${'file'.padEnd(width)}  ${'needed by'.padEnd(18)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}`,
);
for (const row of rows) {
  console.log(
    `${row.file.padEnd(width)}  ${row.part.padEnd(18)}  ${kb(row.raw).padStart(9)}  ${kb(row.gzip).padStart(9)}`,
  );
}
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const verdict = total <= BUDGET_BYTES ? 'OK' : 'OVER';
const brotli = rows.reduce((sum, row) => sum + row.brotli, 0);
console.log(`\nTotal ${kb(total)} gzip; budget ${kb(BUDGET_BYTES)}: ${verdict}`);
console.log(`(for reference: ${kb(brotli)} with brotli, if the server compresses with it)\n`);
