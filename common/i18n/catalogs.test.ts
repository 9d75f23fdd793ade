import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';

const ROOT = path.resolve(import.meta.dirname, '../..');

function readCatalog(dir: string, locale: string) {
  const po = PO.parse(readFileSync(path.join(dir, locale, 'messages.po'), 'utf8'));
  return po.items.filter((item) => !item.obsolete);
}

/** The text a translator works from: the msgid, or for explicit ids the English msgstr. */
const sources = new Map(
  readCatalog(path.join(ROOT, 'common/locales'), 'en').map((item) => {
    const explicit = item.extractedComments.includes('js-lingui-explicit-id');
    return [item.msgid, explicit ? (item.msgstr[0] ?? '') : item.msgid];
  }),
);

function placeholders(text: string): string[] {
  // Top-level ICU arguments such as {name} or {count, plural, …}.
  const names = new Set<string>();
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') {
      if (depth === 0) {
        const match = /^\{\s*([A-Za-z0-9_]+)/.exec(text.slice(i));
        if (match?.[1]) names.add(match[1]);
      }
      depth++;
    } else if (text[i] === '}') depth--;
  }
  return [...names].sort();
}

describe('message catalogs', () => {
  it('hold every message the code uses (run `npm run i18n:extract` when this fails)', () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'tessera-catalogs-'));
    try {
      execFileSync(path.join(ROOT, 'node_modules/.bin/lingui'), ['extract'], {
        cwd: ROOT,
        env: { ...process.env, LINGUI_CATALOG_ROOT: scratch },
        stdio: 'pipe',
      });
      const used = readCatalog(scratch, 'en').map((item) => item.msgid);
      const missing = used.filter((id) => !sources.has(id));
      expect(missing).toEqual([]);
      const unused = [...sources.keys()].filter((id) => !used.includes(id));
      expect(unused).toEqual([]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 120_000);

  it.each(LOCALES.filter((l) => l !== 'en'))('translate every message into %s', (locale) => {
    const catalog = new Map(
      readCatalog(path.join(ROOT, 'common/locales'), locale).map((i) => [i.msgid, i.msgstr[0] ?? '']),
    );
    const untranslated = [...sources.keys()].filter((id) => !catalog.get(id)?.trim());
    expect(untranslated).toEqual([]);
    const broken = [...sources.entries()]
      .filter(([id, source]) => placeholders(source).join() !== placeholders(catalog.get(id) ?? '').join())
      .map(([id]) => id);
    expect(broken).toEqual([]);
  });
});
