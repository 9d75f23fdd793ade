import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, SOURCE } from '../scripts/imports-of';

// What the web app's feature folders may take from each other (docs/architecture.md, "Web
// features"): a feature's screens, hooks and helpers are its own; another feature imports only
// the files named here, each for the reason beside it. Pieces every screen uses (the
// no-permission page, the user menu, tables, dialogs) live in web/components/.

const ROOT = path.resolve(import.meta.dirname, '..');

/** What each feature offers the others. A new feature gets an entry. */
const PUBLIC_FILES: Readonly<Record<string, readonly string[]>> = {
  // Account settings: the role names of the team and API keys pages.
  accounts: ['api', 'labels'],
  // An affiliate link remembered for the checkout and the widget; affiliates' names for the
  // orders list's filter.
  affiliates: ['api', 'remember'],
  attendees: [],
  auth: [],
  billing: [],
  capacity: [],
  'check-in': [],
  // The checkout's API, the event date line the widget and waiting-list pages show, and the
  // card payment panels the widget opens in a tab of their own.
  checkout: ['api', 'context', 'panels'],
  // An event's data, its dates, its layout (every event page sits in it) and its settings
  // fields (the account's defaults for new events are the same fields).
  events: ['api', 'datetime', 'EventLayout', 'SettingsFields'],
  integrations: [],
  // The organizer app's shell: its routes load every feature's pages, nothing imports it.
  manage: [],
  messages: [],
  // The ticket downloads the checkout's last step offers, and the public pages' frame.
  'order-pages': ['TicketDownloads', 'PublicShell'],
  // The orders list's address for one affiliate's orders.
  orders: ['params'],
  organizers: ['api'],
  // The signed-in user.
  profile: ['api'],
  'promo-codes': [],
  // The event page's data, design and parts, for the checkout, the widget and the designer.
  'public-event': [
    'api',
    'design',
    'EventTheme',
    'EventLogo',
    'EventView',
    'TicketsSection',
    'MantineInEventTheme',
    'EventLoadError',
  ],
  questions: [],
  'taxes-fees': [],
  // The event's tickets, for its dashboard and checklist.
  tickets: ['api'],
  waitlist: [],
  // The waiting-list API of the event page.
  'waitlist-entry': ['api', 'WaitlistEntryPage'],
  widget: [],
};

/**
 * Files that load other features' pages, as the router does: the organizer app's routes, and
 * the widget's, which runs the checkout's steps inside the frame.
 */
const SHELLS = ['web/features/manage/routes.tsx', 'web/features/widget/routes.tsx'];

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const featureOf = (file: string) => /^web\/features\/([^/]+)\/(.+?)(?:\.tsx?)?$/.exec(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (statSync(path.join(ROOT, relative)).isDirectory()) return sourceFiles(relative);
    return SOURCE.test(name) && !isTest(name) ? [relative] : [];
  });
}

/** Imports of one feature's files that are not public from another feature: `from → to`. */
function deepImports(files: readonly { file: string; imports: readonly string[] }[]): string[] {
  const found: string[] = [];
  for (const { file, imports } of files) {
    const from = featureOf(file);
    if (!from || SHELLS.includes(file)) continue;
    for (const target of imports) {
      const to = featureOf(target);
      if (!to || to[1] === from[1]) continue;
      const [, feature = '', inner = ''] = to;
      if (!PUBLIC_FILES[feature]?.includes(inner)) found.push(`${file} → ${target}`);
    }
  }
  return found;
}

const graph = sourceFiles('web/features').map((file) => ({
  file,
  imports: importsOf(file, readFileSync(path.join(ROOT, file), 'utf8')),
}));

describe('web features', () => {
  it('import each other only through the files named public', () => {
    expect(graph.length).toBeGreaterThan(100);
    expect(deepImports(graph)).toEqual([]);
  });

  it('name, for every feature, what it offers', () => {
    expect(Object.keys(PUBLIC_FILES).sort()).toEqual(readdirSync(path.join(ROOT, 'web/features')).sort());
  });

  it('find a feature reaching into another’s screens', () => {
    const file = 'web/features/orders/OrdersPage.tsx';
    const text = [
      "import { AttendeeDrawer } from '../attendees/AttendeeDrawer';",
      "import { useEvent } from '../events/api';",
      "import { OrderDrawer } from './OrderDrawer';",
    ].join('\n');
    expect(deepImports([{ file, imports: importsOf(file, text) }])).toEqual([
      `${file} → web/features/attendees/AttendeeDrawer`,
    ]);
  });
});
