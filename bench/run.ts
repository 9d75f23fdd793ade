/**
 * `npm run bench`: runs every benchmark in bench/ one after another. Each prints its figures
 * and the reference it is compared with. Never part of `npm test`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
const only = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || f.includes(only))
  .sort();
for (const file of files) {
  console.log(`\n== ${file}`);
  const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { run: () => Promise<void> };
  await module.run();
}
