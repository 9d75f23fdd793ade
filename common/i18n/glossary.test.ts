import { readFileSync } from 'node:fs';
import path from 'node:path';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';

const ROOT = path.resolve(import.meta.dirname, '../..');
const GLOSSARY = path.join(ROOT, 'common/locales/README.md');
const TRANSLATED = LOCALES.filter((locale) => locale !== 'en');

interface Rule {
  concept: string;
  never: string[];
  fine: string[];
}

/** The entries in backticks of one table cell. */
function entries(cell: string | undefined): string[] {
  return [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '').filter(Boolean);
}

/** The rows of each locale's table in the README: the section `### {locale} — …` holds it. */
function readGlossary(markdown: string): Map<string, Rule[]> {
  const rules = new Map<string, Rule[]>();
  let locale: string | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^###\s+(\S+)\s/.exec(line);
    if (heading) {
      locale = heading[1];
      rules.set(locale ?? '', []);
      continue;
    }
    if (!locale || !line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const [concept, , never, fine] = line.split('|').slice(1, -1);
    if (concept === undefined || concept.trim() === 'Concept') continue;
    rules.get(locale)?.push({ concept: concept.trim(), never: entries(never), fine: entries(fine) });
  }
  return rules;
}

const WORD = '[\\p{L}\\p{N}\\p{M}-]';
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern for one glossary entry, following the rules the README states. */
function patternOf(entry: string): RegExp {
  const open = entry.startsWith('*');
  const close = entry.endsWith('*');
  const body = entry
    .replace(/^\*|\*$/g, '')
    .split(/\s+/)
    .map(literal)
    .join('\\s+');
  if (/\p{Script=Han}/u.test(entry)) return new RegExp(body, 'gu');
  const before = open ? `${WORD}*` : `(?<!${WORD})`;
  const after = close ? `${WORD}*` : `(?!${WORD})`;
  return new RegExp(`${before}${body}${after}`, 'giu');
}

/** The words of a translation: ICU placeholders, plural keywords and tags removed. */
function prose(text: string): string {
  return text
    .replace(/\{\s*\w+\s*,\s*(?:plural|select|selectordinal)\s*,/g, ' ')
    .replace(/(?:=\d+|zero|one|two|few|many|other)\s*\{/g, ' ')
    .replace(/\{\s*\w+\s*\}/g, ' ')
    .replace(/<\/?\d+\/?>/g, ' ')
    .replace(/[{}#]/g, ' ');
}

/** Every use of a forbidden variant in a text, as "concept: word". */
function offences(text: string, rules: Rule[]): string[] {
  const words = prose(text);
  return rules.flatMap((rule) => {
    const checked = rule.fine.reduce(
      (rest, fine) => rest.replace(new RegExp(literal(fine), 'giu'), ' '),
      words,
    );
    return rule.never.flatMap((entry) =>
      [...checked.matchAll(patternOf(entry))].map((match) => `${rule.concept}: "${match[0]}"`),
    );
  });
}

function translations(locale: string): [string, string][] {
  const po = PO.parse(readFileSync(path.join(ROOT, 'common/locales', locale, 'messages.po'), 'utf8'));
  return po.items.filter((item) => !item.obsolete).map((item) => [item.msgid, item.msgstr[0] ?? '']);
}

const glossary = readGlossary(readFileSync(GLOSSARY, 'utf8'));

describe('glossary (common/locales/README.md)', () => {
  it('has a table for every translated locale', () => {
    for (const locale of TRANSLATED) {
      expect(
        glossary.get(locale)?.some((rule) => rule.never.length > 0),
        locale,
      ).toBe(true);
    }
  });

  it('matches whole words, wildcards, phrases and Chinese as the README describes', () => {
    const rules = (never: string[], fine: string[] = []) => [{ concept: 'c', never, fine }];
    expect(offences('Du kannst dein Ticket öffnen.', rules(['du', 'dein*']))).toEqual([
      'c: "Du"',
      'c: "dein"',
    ]);
    expect(offences('Dubai: duplizieren', rules(['du']))).toEqual([]);
    expect(offences('Online-Event und Eventseite, eventuell', rules(['*event*'], ['eventuell']))).toEqual([
      'c: "Online-Event"',
      'c: "Eventseite"',
    ]);
    expect(offences('Une adresse e-mail', rules(['mail*']))).toEqual([]);
    expect(offences('Bitte versuche  es erneut', rules(['Versuche es']))).toEqual(['c: "versuche  es"']);
    expect(
      offences(
        '{event} ist live. {count, plural, one {# Ticket} other {# Tickets}}',
        rules(['*event*', 'one']),
      ),
    ).toEqual([]);
    expect(offences('您的预订已延长，含预订费', rules(['预订'], ['预订费']))).toEqual(['c: "预订"']);
  });

  it.each(TRANSLATED)(
    'is followed by every %s translation',
    (locale) => {
      const rules = glossary.get(locale) ?? [];
      const found = translations(locale).flatMap(([msgid, msgstr]) =>
        offences(msgstr, rules).map((offence) => `${locale} | ${msgid} | ${offence}`),
      );
      expect(found).toEqual([]);
      // Every message against every rule: seconds of CPU, more on a machine busy with other tests.
    },
    30_000,
  );
});
