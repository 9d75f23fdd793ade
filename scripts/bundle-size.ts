/**
 * What a buyer downloads, gzip-compressed, read from the Vite manifest (decision 024):
 *
 * - first visit to an event page (`/e/:eventId/:eventSlug`): the entry (index.html's script)
 *   with its static imports and CSS, the public event route chunk with its static imports and
 *   CSS, and the buyer part of the English message catalog;
 * - going on to checkout (`/checkout/:eventId/:order/details`): the checkout routes and the
 *   details step with their static imports and CSS, less what the first visit brought.
 *
 * Run after `vite build`; prints a table per part and compares the totals with the budgets
 * (never fails). `bench/web.bench.ts` uses `measureBundles()`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export const FIRST_VISIT_BUDGET_BYTES = 140 * 1024;
export const CHECKOUT_BUDGET_BYTES = 60 * 1024;

interface ManifestChunk {
  file: string;
  /** The chunk's name: a group's of vite.config.ts (`event`) or the source file's. */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleFile {
  file: string;
  part: string;
  raw: number;
  gzip: number;
  brotli: number;
}
export interface BundlePart {
  files: BundleFile[];
  gzip: number;
  brotli: number;
}
export interface Bundles {
  firstVisit: BundlePart;
  checkout: BundlePart;
}

/** A chunk and everything it imports statically (the browser fetches those before running it). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function findKey(
  manifest: Manifest,
  description: string,
  test: (key: string, chunk: ManifestChunk) => boolean,
) {
  const key = Object.keys(manifest).find((k) => {
    const chunk = manifest[k];
    return chunk !== undefined && test(k, chunk);
  });
  if (!key) throw new Error(`No ${description} in the Vite manifest`);
  return key;
}

/** The files of some chunks with their static imports and CSS, leaving out those in `already`. */
function filesOf(
  manifest: Manifest,
  parts: { label: string; key: string }[],
  already: Set<string>,
): Map<string, string> {
  const files = new Map<string, string>();
  for (const part of parts) {
    for (const key of staticClosure(manifest, part.key)) {
      const chunk = manifest[key];
      if (!chunk) continue;
      for (const file of [chunk.file, ...(chunk.css ?? [])]) {
        if (!files.has(file) && !already.has(file)) files.set(file, part.label);
      }
    }
  }
  return files;
}

function measure(outDir: string, files: Map<string, string>): BundlePart {
  const rows = [...files].map(([file, part]) => {
    const content = readFileSync(path.join(outDir, file));
    return {
      file,
      part,
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content).length,
    };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  return {
    files: rows,
    gzip: rows.reduce((sum, row) => sum + row.gzip, 0),
    brotli: rows.reduce((sum, row) => sum + row.brotli, 0),
  };
}

export function measureBundles(outDir = path.join('dist', 'web')): Bundles {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const find = (description: string, test: (key: string, chunk: ManifestChunk) => boolean) =>
    findKey(manifest, description, test);
  const firstFiles = filesOf(
    manifest,
    [
      { label: 'entry', key: find('entry', (_, c) => c.isEntry === true) },
      {
        label: 'public event page',
        // The page's source, or the chunk of the `event` group that vite.config.ts makes of it.
        key: find(
          'public event route',
          (k, c) => k.endsWith('features/public-event/PublicEventPage.tsx') || c.name === 'event',
        ),
      },
      {
        label: 'English catalog',
        key: find('English buyer catalog', (k) => k.endsWith('locales/en/buyer.ts')),
      },
    ],
    new Set(),
  );
  const checkoutParts = [
    {
      label: 'checkout',
      key: find(
        'checkout routes',
        (k, c) => k.endsWith('features/checkout/routes.tsx') || c.name === 'checkout',
      ),
    },
  ];
  // The details step, once it is a chunk of its own, is what the checkout shows first.
  const details = Object.keys(manifest).find((k) => k.endsWith('features/checkout/DetailsStep.tsx'));
  if (details) checkoutParts.push({ label: 'details step', key: details });
  const checkoutCatalog = Object.keys(manifest).find((k) => k.endsWith('locales/en/checkout.ts'));
  if (checkoutCatalog) checkoutParts.push({ label: 'English catalog', key: checkoutCatalog });
  const checkoutFiles = filesOf(manifest, checkoutParts, new Set(firstFiles.keys()));
  return { firstVisit: measure(outDir, firstFiles), checkout: measure(outDir, checkoutFiles) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Prints the part's files and total; answers whether it is within its budget. */
function print(title: string, part: BundlePart, budget: number): boolean {
  const width = Math.max(...part.files.map((r) => r.file.length), 4);
  console.log(`\n${title}, gzip level 9\n`);
  console.log(
    `${'file'.padEnd(width)}  ${'needed by'.padEnd(18)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}`,
  );
  for (const row of part.files) {
    console.log(
      `${row.file.padEnd(width)}  ${row.part.padEnd(18)}  ${kb(row.raw).padStart(9)}  ${kb(row.gzip).padStart(9)}`,
    );
  }
  const verdict = part.gzip <= budget ? 'OK' : 'OVER';
  console.log(
    `\nTotal ${kb(part.gzip)} gzip in ${part.files.length} files; budget ${kb(budget)}: ${verdict}` +
      ` (${kb(part.brotli)} with brotli, as the server sends it to browsers that accept it)`,
  );
  return part.gzip <= budget;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const bundles = measureBundles();
  const within = [
    print('Buyer first visit (/e/:eventId/:eventSlug)', bundles.firstVisit, FIRST_VISIT_BUDGET_BYTES),
    print(
      'Going on to checkout (/checkout/:eventId/:order/details) adds',
      bundles.checkout,
      CHECKOUT_BUDGET_BYTES,
    ),
  ];
  console.log('');
  // Over budget fails the build: a schema module pulled into the event page once cost buyers 35 KB
  // of zod unnoticed (a page must import constants from modules that hold no schema).
  if (within.includes(false)) {
    console.error('A part of the buyer pages is over its budget (above).');
    process.exitCode = 1;
  }
}
