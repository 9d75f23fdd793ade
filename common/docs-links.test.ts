import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Folders git ignores (see .gitignore), for a copy of the repository without git. */
const IGNORED_DIRS = new Set(['.git', 'node_modules', 'dist', 'data', 'coverage', 'test-results']);

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const relative = dir ? `${dir}/${name}` : name;
    if (IGNORED_DIRS.has(name) || relative === 'web/locales') continue;
    if (statSync(path.join(ROOT, relative)).isDirectory()) walk(relative, out);
    else if (!/^common\/locales\/[^/]+\/messages\.ts$/.test(relative)) out.push(relative);
  }
}

/** The repository's files: tracked ones and new ones git does not ignore. */
function repositoryFiles(): string[] {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return listed.split('\0').filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
  } catch {
    const files: string[] = [];
    walk('', files);
    return files;
  }
}

const files = repositoryFiles();

/** Text files only: binaries (images, fonts) contain NUL bytes. */
const texts = new Map(
  files.flatMap((file) => {
    const full = path.join(ROOT, file);
    if (statSync(full).size > 4 * 1024 * 1024) return [];
    const content = readFileSync(full);
    return content.includes(0) ? [] : [[file, content.toString('utf8')] as const];
  }),
);
const markdown = [...texts].filter(([file]) => file.endsWith('.md'));

// Written in pieces so that this file does not cite what it forbids.
const SECTION = '\u00a7';
const OUTSIDE = [
  { name: 'the folder beside the repository', pattern: new RegExp(`\\.\\./${'shared'}\\b`) },
  {
    name: 'a document that is not in the repository',
    pattern: new RegExp(`\\b(?:${['INVENTORY', 'SPEC', 'ARCHITECTURE', 'STYLE'].join('|')})\\.md\\b`),
  },
  {
    name: 'a numbered section of an outside document',
    pattern: new RegExp(`\\b(?:${['SPEC', 'ARCHITECTURE', 'INVENTORY'].join('|')})(?:'s)?\\s*${SECTION}`),
  },
];

/** The heading anchors of a Markdown text, as GitHub makes them. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = heading[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/**
 * Why a reference to `target` (a path with an optional #anchor, relative to `fromDir`) does not
 * resolve, or null. `selfText` is the referring Markdown text, for anchors into itself.
 */
function problemOf(fromDir: string, target: string, selfText: string | null = null): string | null {
  const [pathPart = '', anchor] = target.split('#', 2);
  let targetText = selfText;
  if (pathPart !== '') {
    const full = path.resolve(ROOT, fromDir, decodeURI(pathPart));
    if (full !== ROOT && !full.startsWith(ROOT + path.sep)) return 'points outside the repository';
    if (!existsSync(full)) return 'no such file';
    targetText = full.endsWith('.md') && statSync(full).isFile() ? readFileSync(full, 'utf8') : null;
  }
  if (anchor && targetText !== null && !anchorsOf(targetText).has(anchor)) return `no heading #${anchor}`;
  return null;
}

/** Lines of a Markdown text outside code blocks, with inline code spans blanked. */
function proseLines(text: string): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (!fenced) lines.push({ line: i + 1, text: line.replace(/`[^`]*`/g, '``') });
  });
  return lines;
}

const INLINE_LINK = /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const REFERENCE_LINK = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

describe('documentation inside the repository', () => {
  it('finds the repository’s files', () => {
    expect(texts.has('README.md')).toBe(true);
    expect(texts.has('docs/architecture.md')).toBe(true);
    expect(markdown.length).toBeGreaterThan(10);
  });

  it('cites no document that lives outside the repository', () => {
    const citations: string[] = [];
    for (const [file, text] of texts) {
      text.split('\n').forEach((line, i) => {
        for (const { name, pattern } of OUTSIDE) {
          if (pattern.test(line)) citations.push(`${file}:${i + 1}: ${name}: ${line.trim()}`);
        }
      });
    }
    expect(citations).toEqual([]);
  });

  it('links, in every Markdown file, only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const [file, text] of markdown) {
      const dir = path.dirname(file);
      for (const { line, text: prose } of proseLines(text)) {
        const targets = [...prose.matchAll(INLINE_LINK)].map((m) => m[1] ?? '');
        const reference = REFERENCE_LINK.exec(prose)?.[1];
        if (reference) targets.push(reference);
        for (const target of targets) {
          if (HAS_SCHEME.test(target)) continue;
          const problem = problemOf(dir, target, text);
          if (problem) broken.push(`${file}:${line}: ${target}: ${problem}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('names, in code and prose, only docs and decisions that exist', () => {
    const decisions = new Set(
      readdirSync(path.join(ROOT, 'docs/decisions')).flatMap(
        (name) => /^(\d{3})-.+\.md$/.exec(name)?.[1] ?? [],
      ),
    );
    const broken: string[] = [];
    for (const [file, text] of texts) {
      text.split('\n').forEach((line, i) => {
        for (const [mention] of line.matchAll(/\bdocs\/[\w./-]+\.md(?:#[\w-]+)?/g)) {
          const problem = problemOf('', mention);
          if (problem) broken.push(`${file}:${i + 1}: ${mention}: ${problem}`);
        }
        for (const [mention, number = ''] of line.matchAll(/\bdecision (\d{3})\b/gi)) {
          if (!decisions.has(number)) broken.push(`${file}:${i + 1}: ${mention}: no such decision record`);
        }
      });
    }
    expect(broken).toEqual([]);
  }, 30_000); // Reads every file of the repository: seconds on a loaded machine.

  it('names, in the comments of the code, only files that exist', () => {
    // A path from the repository's root, as comments write them: `server/http/spa.ts`.
    const named =
      /\b(?:server|web|common|scripts|bench|e2e|docs)\/[\w./-]*[\w-]\.(?:tsx?|md|js|css|json|sql)\b/g;
    // What the build writes, named where it is read.
    const built = /(?:^|\/)(?:dist|\.vite)\//;
    const missing: string[] = [];
    for (const [file, text] of texts) {
      if (!/\.tsx?$/.test(file)) continue;
      text.split('\n').forEach((line, i) => {
        const comment = /^\s*(?:\/\/|\/\*|\*)/.test(line)
          ? line
          : line.slice(line.indexOf('//') + 1 || line.length);
        for (const [name] of comment.matchAll(named)) {
          if (!built.test(name) && !existsSync(path.join(ROOT, name)))
            missing.push(`${file}:${i + 1}: ${name}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });
});
