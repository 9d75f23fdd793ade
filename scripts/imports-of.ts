import path from 'node:path';
import ts from 'typescript';

/** A source file's extension. */
export const SOURCE = /\.tsx?$/;

/**
 * The repository paths (without extension) a file imports, type-only imports and re-exports
 * included: what the boundary tests of the server's modules and the web's features read.
 */
export function importsOf(file: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName.split('?')[0] ?? '')
    .filter((name) => name.startsWith('.'))
    .map((name) => path.posix.normalize(path.posix.join(path.posix.dirname(file), name)).replace(SOURCE, ''));
}
