/**
 * Splits each compiled catalog into the parts the web app downloads (decision 012):
 *
 * - `buyer`: the messages of every module a buyer's pages can load (the shell, shared
 *   components, the files of `common/` they import, the public event page, checkout, the order
 *   and ticket pages, the waiting-list page);
 * - `manage`: the other messages of the web app (login pages, organizer app, door staff);
 * - `seating`: the seat picker's and the seat map's (issue 42), loaded with the picker, only on
 *   the page of an event with a seating plan, so they never weigh on any other event's first visit.
 *
 * Messages only the server uses (e-mails) are in neither. Which module belongs to the buyer
 * is read from the import graph, not from folder names, so a component the buyer pages
 * borrow from an organizer folder still brings its text. The server keeps the full
 * `common/locales/{locale}/messages.ts` that `lingui compile` writes.
 *
 * Run after `lingui compile` (postinstall and build do); writes `web/locales/{locale}/{area}.ts`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import PO from 'pofile';
import { LOCALES } from '../common/i18n/locales';

/** Where a buyer's visit can start: the shell and the buyer sections the router loads lazily. */
export const BUYER_ROOTS = [
  'web/main.tsx',
  'web/features/public-event/PublicEventPage.tsx',
  'web/features/checkout/routes.tsx',
  'web/features/order-pages/routes.tsx',
  'web/features/order-lookup/routes.tsx',
  'web/features/personal-data/routes.tsx',
  'web/features/waitlist-entry/routes.tsx',
  'web/features/widget/routes.tsx',
];
/** Loaded lazily by a buyer page with its own catalog part (`seating`); the buyer part stops there. */
export const SEATING_ROOTS = ['web/features/public-event/seating/SeatPicker.tsx'];
/** Modules whose lazy imports lead to the organizer app; only their static imports count. */
const LAZY_SECTION_LOADERS = new Set(['web/router.tsx']);

const IMPORT_PATTERN = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const STATIC_IMPORT_PATTERN = /(?:from\s+|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveModule(fromFile: string, specifier: string): string | undefined {
  const base = path.posix.join(path.posix.dirname(fromFile), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
}

/** Every source module reachable from the buyer roots. */
export function buyerModules(roots = BUYER_ROOTS, stops: readonly string[] = SEATING_ROOTS): Set<string> {
  const seen = new Set<string>(stops.filter((stop) => !roots.includes(stop)));
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop();
    if (file === undefined || seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const pattern = LAZY_SECTION_LOADERS.has(file) ? STATIC_IMPORT_PATTERN : IMPORT_PATTERN;
    for (const match of source.matchAll(pattern)) {
      const resolved = match[1] === undefined ? undefined : resolveModule(file, match[1]);
      if (resolved && !seen.has(resolved)) queue.push(resolved);
    }
  }
  for (const stop of stops) if (!roots.includes(stop)) seen.delete(stop);
  return seen;
}

/** The modules only the seat picker brings (what the buyer's pages load anyway stays theirs). */
export function seatingModules(buyer = buyerModules()): Set<string> {
  return new Set([...buyerModules(SEATING_ROOTS, [])].filter((file) => !buyer.has(file)));
}

interface PoEntry {
  id: string;
  origins: string[];
}

/** The entries of a `.po` catalog with their compiled id and the files they come from. */
export function readPoEntries(poText: string): PoEntry[] {
  return PO.parse(poText)
    .items.filter((item) => !item.obsolete)
    .map((item) => ({
      // Explicit ids (`error.internal`) are kept as written; the others are hashed as the compiler does.
      id: item.extractedComments.includes('js-lingui-explicit-id')
        ? item.msgid
        : generateMessageId(item.msgid, item.msgctxt ?? undefined),
      origins: item.references,
    }));
}

export type WebArea = 'buyer' | 'manage' | 'seating';

/** Every module of `web/` and what it imports: the messages the web app can ever show. */
export function webModules(): Set<string> {
  const roots = readdirSync('web', { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join('web', file.split(path.sep).join('/')))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  return buyerModules(roots, []);
}

/**
 * Which web catalog a message goes to, or undefined when only the server uses it: the buyer's
 * when a module the buyer's pages load holds it; the seat picker's when only its modules (and
 * no other web module) do, the buyer's when the organizer app shares it; the organizer's when
 * another web module does. A message of `common/` goes where the web imports its file from (the
 * server translates the rest, such as the errors and field errors it answers with).
 */
export function areaOf(
  origins: string[],
  buyer: Set<string>,
  { web = buyer, seating = new Set<string>() }: { web?: Set<string>; seating?: Set<string> } = {},
): WebArea | undefined {
  const ofWeb = (origin: string) => origin.startsWith('web/') || web.has(origin) || seating.has(origin);
  if (origins.some((origin) => buyer.has(origin))) return 'buyer';
  // Text the organizer app shares with the seat picker goes with the buyer: the parts never overlap.
  if (origins.some((origin) => seating.has(origin)))
    return origins.every((origin) => seating.has(origin) || !ofWeb(origin)) ? 'seating' : 'buyer';
  if (origins.some(ofWeb)) return 'manage';
  return undefined;
}

async function main(): Promise<void> {
  const buyer = buyerModules();
  const web = webModules();
  const seating = seatingModules(buyer);
  const entries = readPoEntries(readFileSync('common/locales/en/messages.po', 'utf8'));
  const areaById = new Map<string, WebArea>();
  for (const entry of entries) {
    const area = areaOf(entry.origins, buyer, { web, seating });
    if (area) areaById.set(entry.id, area);
  }

  const sizes: string[] = [];
  for (const locale of LOCALES) {
    const compiled = pathToFileURL(path.resolve('common', 'locales', locale, 'messages.ts')).href;
    const { messages } = (await import(compiled)) as { messages: Record<string, unknown> };
    const parts: Record<WebArea, Record<string, unknown>> = { buyer: {}, manage: {}, seating: {} };
    for (const [id, message] of Object.entries(messages)) {
      const area = areaById.get(id);
      if (area) parts[area][id] = message;
    }
    const dir = path.join('web', 'locales', locale);
    mkdirSync(dir, { recursive: true });
    for (const [area, part] of Object.entries(parts)) {
      const literal = JSON.stringify(JSON.stringify(part));
      writeFileSync(
        path.join(dir, `${area}.ts`),
        `// Generated by scripts/web-catalogs.ts from the compiled catalog; do not edit.\nimport type { Messages } from '@lingui/core';\nexport const messages: Messages = JSON.parse(${literal});\n`,
      );
    }
    if (locale === 'en') {
      sizes.push(
        `buyer ${Object.keys(parts.buyer).length}, manage ${Object.keys(parts.manage).length}, seating ${Object.keys(parts.seating).length}`,
      );
    }
  }
  console.log(`Web catalogs written (messages per area: ${sizes.join('')}; server-only left out)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/web-catalogs.ts'))
  await main();
