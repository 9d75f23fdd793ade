import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { importsOf, SOURCE } from './imports-of';

// What the boundary tests of the server's modules and of the web's features share: the import
// graph of a folder, the pairs of units (modules, features) that import each other, the imports
// that climb the units' layers, and the layers as docs/architecture.md draws them.

/** One source file and the repository paths (without extension) it imports. */
export interface FileImports {
  file: string;
  imports: readonly string[];
}

/** Units in layers, lowest first: a unit imports only units of lower layers. */
export type Layers = readonly (readonly string[])[];

/**
 * Where a repository path sits: its unit (module, feature) and the file inside it, without
 * extension; undefined outside every unit.
 */
export type PlaceOf = (file: string) => readonly [unit: string, inner: string] | undefined;

export const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Every source file under `dir` (a path from `root`), tests included, installed and locale files not. */
export function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'locales') return [];
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(root, relative);
    return SOURCE.test(name) ? [relative] : [];
  });
}

/** The imports of every source file under the folders `dirs` of `root`. */
export const importGraph = (root: string, dirs: readonly string[]): FileImports[] =>
  dirs.flatMap((dir) =>
    sourceFiles(root, dir).map((file) => ({
      file,
      imports: importsOf(file, readFileSync(path.join(root, file), 'utf8')),
    })),
  );

/** Imports of `files` that `forbidden` picks: `from → to`. */
export const importing = (files: readonly FileImports[], forbidden: (target: string) => boolean) =>
  files.flatMap(({ file, imports }) => imports.filter(forbidden).map((target) => `${file} → ${target}`));

/**
 * Imports from one unit into a file of another that it does not offer (`offers` says what a
 * unit offers): `from → to`.
 */
export function deepImports(
  files: readonly FileImports[],
  placeOf: PlaceOf,
  offers: (unit: string, inner: string) => boolean,
): string[] {
  return files.flatMap(({ file, imports }) => {
    const from = placeOf(file)?.[0];
    if (from === undefined) return [];
    return imports.flatMap((target) => {
      const to = placeOf(target);
      return to === undefined || to[0] === from || offers(to[0], to[1]) ? [] : [`${file} → ${target}`];
    });
  });
}

/** Every import from one unit into another: `[from, to, "file → target"]`. */
function crossings(files: readonly FileImports[], placeOf: PlaceOf): [string, string, string][] {
  return files.flatMap(({ file, imports }) => {
    const from = placeOf(file)?.[0];
    if (from === undefined) return [];
    return imports.flatMap((target): [string, string, string][] => {
      const to = placeOf(target)?.[0];
      return to === undefined || to === from ? [] : [[from, to, `${file} → ${target}`]];
    });
  });
}

/** Pairs of units that import each other: `a ↔ b`, each pair once, sorted. */
export function twoWayPairs(files: readonly FileImports[], placeOf: PlaceOf): string[] {
  const edges = new Set(crossings(files, placeOf).map(([from, to]) => `${from} ${to}`));
  return [...edges]
    .map((edge) => edge.split(' ') as [string, string])
    .filter(([a, b]) => a < b && edges.has(`${b} ${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`)
    .sort();
}

/**
 * Imports from one unit into a unit not below it in `layers` (the same layer, a higher one, or
 * none): `from → to`. A unit missing from the layers climbs with every import it makes and takes.
 */
export function climbingImports(files: readonly FileImports[], placeOf: PlaceOf, layers: Layers): string[] {
  const layerOf = new Map(layers.flatMap((names, i) => names.map((name) => [name, i] as const)));
  return crossings(files, placeOf)
    .filter(([from, to]) => (layerOf.get(to) ?? Number.POSITIVE_INFINITY) >= (layerOf.get(from) ?? -1))
    .map(([, , edge]) => edge);
}

/** The layers as docs/architecture.md writes them: one numbered line per layer, lowest first. */
export const layersText = (layers: Layers) =>
  layers.map((names, i) => `${i + 1}. ${names.map((name) => `\`${name}\``).join(', ')}`).join('\n');

/** What a document draws between `<!-- marker -->` and `<!-- /marker -->`, if it has them. */
export const drawnBetween = (doc: string, marker: string) =>
  new RegExp(`<!-- ${marker} -->\\n([\\s\\S]*?)\\n<!-- /${marker} -->`).exec(doc)?.[1];
