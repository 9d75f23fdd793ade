/**
 * Writes .br and .gz twins of every built text file (scripts, styles, index.html, SVG, maps,
 * however small), so the server sends them compressed (`@fastify/static` with
 * `preCompressed`, and the HTML shell in `server/http/spa.ts`) without compressing on every
 * request (decision 024). Run after `vite build`; `npm run build` does.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMPRESSIBLE_FILE, compressForBuild, TWIN_SUFFIX } from '../server/http/compression';

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes the twins of the text files under `root`; returns how many files got them. */
export function compressAssets(root: string): number {
  let count = 0;
  for (const file of [...files(root)]) {
    if (!COMPRESSIBLE_FILE.test(file)) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}${TWIN_SUFFIX.br}`, compressForBuild(content, 'br'));
    writeFileSync(`${file}${TWIN_SUFFIX.gzip}`, compressForBuild(content, 'gzip'));
    count += 1;
  }
  return count;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = compressAssets(path.join('dist', 'web'));
  console.log(`compressed ${count} files (.br and .gz)`);
}
