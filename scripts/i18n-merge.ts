/**
 * Merges translations into the .po catalogs.
 * Usage: tsx scripts/i18n-merge.ts translations.json
 * where the JSON file is `{ "<msgid>": { "de": "…", "fr": "…", … } }`.
 * Only entries that exist in a catalog are written; unknown ids are reported.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PO from 'pofile';
import { LOCALES } from '../common/i18n/locales';

const file = process.argv[2];
if (!file) {
  console.error('usage: tsx scripts/i18n-merge.ts translations.json');
  process.exit(2);
}
const translations = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
const unknown = new Set(Object.keys(translations));

for (const locale of LOCALES) {
  if (locale === 'en') continue;
  const poPath = path.join('common', 'locales', locale, 'messages.po');
  const po = PO.parse(readFileSync(poPath, 'utf8'));
  let written = 0;
  for (const item of po.items) {
    const text = translations[item.msgid]?.[locale];
    if (text === undefined) continue;
    unknown.delete(item.msgid);
    item.msgstr = [text];
    written += 1;
  }
  writeFileSync(poPath, po.toString().replace(/\n*$/, '\n'));
  console.log(`${locale}: ${written} translations written`);
}
if (unknown.size > 0) console.warn(`not in the catalogs: ${[...unknown].join(', ')}`);
