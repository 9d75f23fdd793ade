/**
 * `npm run bench`: runs every benchmark in bench/ one after another. Each prints its figures
 * and the reference it is compared with, ending with `BENCH {…}` lines; a table of all those
 * lines closes the run. Never part of `npm test`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';

const dir = import.meta.dirname;
const only = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || f.includes(only))
  .sort();

// Every BENCH line a bench prints, whichever way it prints it, is kept for the table.
const lines: Record<string, unknown>[] = [];
const log = console.log;
console.log = (...args: unknown[]) => {
  const text = format(...args);
  if (text.startsWith('BENCH ')) lines.push(JSON.parse(text.slice(6)) as Record<string, unknown>);
  log(...args);
};

for (const file of files) {
  console.log(`\n== ${file}`);
  try {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { run: () => Promise<void> };
    await module.run();
  } catch (error) {
    // One broken bench does not hide the others' figures.
    console.error(error);
    lines.push({ name: file.replace('.bench.ts', ''), ok: false, error: String(error) });
    process.exitCode = 1;
  }
}

const shown = (value: unknown) =>
  value === undefined || value === null
    ? ''
    : typeof value === 'number'
      ? value.toLocaleString('en')
      : String(value);

/** One row per BENCH line: the figure, its reference, the ratio, the target and whether it is met. */
function table(rows: Record<string, unknown>[]): string {
  const head = ['bench', 'value', 'reference', 'ratio', 'target', 'ok'];
  const body = rows.map((r) => [
    shown(r.name),
    r.value === undefined ? '' : `${shown(r.value)} ${shown(r.unit)}`.trim(),
    shown(r.reference_value),
    shown(r.ratio),
    shown(r.target),
    r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

if (lines.length > 0) log(`\n== summary (${lines.length} BENCH lines)\n${table(lines)}`);
