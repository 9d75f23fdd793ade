/**
 * Link tags that let the browser fetch a public event page's code alongside the entry script
 * instead of after it has run (decision 024). Without them the page's chunk, its style sheet
 * and the buyer's message catalog wait for the entry (110 KB) to download and run before the
 * router asks for them: one more round trip before the first paint on a slow phone network.
 * Read from the Vite manifest of the build; nothing when there is none (tests, API-only).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../common/i18n/locales';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * For a built app, a function giving the preload tags of the event page for a locale; null
 * when the build has no manifest or no event page chunk.
 */
export function readEventPagePreloads(distDir: string): ((locale: Locale) => string) | null {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const keys = Object.keys(manifest);
  const entry = keys.find((k) => manifest[k]?.isEntry);
  const page = keys.find(
    (k) => k.endsWith('features/public-event/PublicEventPage.tsx') || manifest[k]?.name === 'event',
  );
  if (!entry || !page) return null;
  const loadedByEntry = closure(manifest, entry);
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const key of closure(manifest, page)) {
    if (loadedByEntry.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) continue;
    scripts.push(chunk.file);
    styles.push(...(chunk.css ?? []));
  }
  const tags = [
    // A style sheet link the way Vite's loader would add it, so the loader finds it and skips it.
    ...[...new Set(styles)].map(
      (file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`,
    ),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`),
  ].join('');
  const catalogs = new Map<string, string>();
  for (const key of keys) {
    const match = /locales\/([^/]+)\/buyer\.ts$/.exec(key);
    const file = manifest[key]?.file;
    if (match?.[1] && file) {
      catalogs.set(match[1], `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`);
    }
  }
  return (locale) => tags + (catalogs.get(locale) ?? '');
}

/** `html` with `tags` placed at the end of its head. */
export function withPreloads(html: string, tags: string): string {
  return tags ? html.replace('</head>', () => `${tags}</head>`) : html;
}
