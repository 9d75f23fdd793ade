import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../scripts/imports-of';
import {
  climbingImports,
  deepImports,
  drawnBetween,
  type FileImports,
  importGraph,
  importing,
  isTest,
  type Layers,
  layersText,
  type PlaceOf,
  twoWayPairs,
} from '../scripts/layers';

// What the web app's feature folders may take from each other (docs/architecture.md, "Web
// features"): a feature's screens, hooks and helpers are its own; another feature imports only
// the files named here, each for the reason beside it, and only from a lower layer. Pieces every
// screen uses (the no-permission page, the user menu, tables, dialogs) live in web/components/,
// which like the other shared folders knows no feature.

const ROOT = path.resolve(import.meta.dirname, '..');

/** What each feature offers the others. A new feature gets an entry. */
const PUBLIC_FILES: Readonly<Record<string, readonly string[]>> = {
  // Account settings: the account's payment connection for the event's dashboard and the
  // default taxes and fees; the role names of the API keys page.
  accounts: ['api', 'labels'],
  // Affiliates' names for the orders list's filter.
  affiliates: ['api'],
  attendees: [],
  auth: [],
  billing: [],
  capacity: [],
  'check-in': [],
  // The checkout's API, the event date line the widget and waiting-list pages show, and the
  // card payment panels the widget opens in a tab of their own.
  checkout: ['api', 'context', 'panels'],
  // An event's dates (issue 36): a page the organizer app loads; the dates, and the date select,
  // names and column of the screens that show them (lists, dashboard, messages, check-in lists).
  'event-dates': ['api', 'DateFilter'],
  // The event's dashboard and getting-started checklist: pages the organizer app loads.
  'event-dashboard': [],
  // An event's data, its dates, its layout (every event page sits in it), its status labels
  // (the dashboard shows them), its settings fields (the account's defaults for new events
  // are the same fields) and its image field (a product's picture is one of its images).
  events: ['api', 'datetime', 'EventLayout', 'ImageField', 'labels', 'SettingsFields'],
  integrations: [],
  // Invoices and credit notes (decision 053): an order's documents, their PDFs and status
  // badges, for the order drawer.
  invoices: ['api', 'labels'],
  // The organizer app's shell: its routes load every feature's pages, nothing imports it.
  manage: [],
  // The rich-text editor of a message, which the e-mail templates reuse (decision 055).
  messages: ['MessageBodyEditor'],
  'mail-templates': [],
  // The ticket downloads the checkout's last step offers, and the public pages' frame.
  'order-pages': ['TicketDownloads', 'PublicShell'],
  // "Find my tickets" and its mail's links (decision 056): pages the router loads.
  'order-lookup': [],
  orders: [],
  // A buyer's data (decision 064): the export's page the router loads, the Privacy page the organizer app loads.
  'personal-data': [],
  organizers: ['api'],
  // The signed-in user.
  profile: ['api'],
  products: [],
  'promo-codes': [],
  // The user's passkeys and sessions (decision 066): a page the router loads.
  security: [],
  // The event page's data (and the reservation that starts a checkout), design and parts, for
  // the checkout, the widget, the waiting-list page and the designer; the affiliate link a
  // buyer followed, which the widget remembers too.
  'public-event': [
    'api',
    'affiliate-link',
    'design',
    'EventTheme',
    'EventLogo',
    'EventView',
    'TicketsSection',
    'MantineInEventTheme',
    'EventLoadError',
  ],
  // The account's seating plans and their designer (issue 42): pages the organizer app loads.
  'seating-plans': [],
  // An event's questions, for the ticket design's picker of answers to print.
  questions: ['api'],
  // The event's and the account's reports: pages the organizer app loads.
  reports: [],
  'taxes-fees': [],
  // How an event's tickets look (decision 059): a page the organizer app loads.
  'ticket-design': [],
  // The event's tickets, for the screens that pick or count them; the list, form, states and
  // catalogue categories the products screen shares with the tickets screen (decision 051).
  tickets: [
    'api',
    'categories-api',
    'CategoriesModal',
    'ItemStates',
    'labels',
    'TicketFormModal',
    'TicketList',
  ],
  waitlist: [],
  'waitlist-entry': [],
  widget: [],
};

/**
 * The features in layers, lowest first: a feature imports only features of lower layers, so no
 * two features, and no ring of them, depend on each other. A new feature goes in the lowest
 * layer above everything it imports (docs/architecture.md, "Web features", shows this list and
 * is checked against it).
 */
const WEB_LAYERS: Layers = [
  ['auth', 'billing', 'organizers', 'profile', 'public-event', 'seating-plans'],
  ['events', 'security'],
  ['accounts', 'affiliates', 'event-dates', 'invoices', 'order-pages', 'reports', 'tickets'],
  [
    'attendees',
    'capacity',
    'check-in',
    'checkout',
    'event-dashboard',
    'integrations',
    'messages',
    'order-lookup',
    'orders',
    'personal-data',
    'products',
    'promo-codes',
    'questions',
    'taxes-fees',
    'waitlist',
  ],
  ['mail-templates', 'ticket-design'],
  ['manage', 'waitlist-entry', 'widget'],
];

/**
 * Files that load other features' pages, as the router does: the organizer app's routes, and
 * the widget's, which runs the checkout's steps inside the frame.
 */
const SHELLS = ['web/features/manage/routes.tsx', 'web/features/widget/routes.tsx'];

/** The folders of web/ that every feature uses, and which therefore import none. */
const SHARED = ['web/api', 'web/components', 'web/lib', 'web/ui'];

/** A feature's name and the file inside it, for a path under `web/features/`. */
const placeOf: PlaceOf = (file) => {
  const match = /^web\/features\/([^/]+)\/(.+?)(?:\.tsx?)?$/.exec(file);
  return match ? [match[1] ?? '', match[2] ?? ''] : undefined;
};

/** The features' files the boundaries bind: tests and the shells are free. */
const bound = (files: readonly FileImports[]) =>
  files.filter(({ file }) => !isTest(file) && !SHELLS.includes(file));

/** Imports of one feature's files that are not public from another feature: `from → to`. */
const deepImportsOf = (files: readonly FileImports[]) =>
  deepImports(bound(files), placeOf, (feature, inner) => PUBLIC_FILES[feature]?.includes(inner) ?? false);

const graph = importGraph(ROOT, ['web']);
const features = graph.filter(({ file }) => file.startsWith('web/features/'));
const featureFolders = readdirSync(path.join(ROOT, 'web/features')).sort();

describe('web features', () => {
  it('import each other only through the files named public', () => {
    expect(features.length).toBeGreaterThan(100);
    expect(deepImportsOf(features)).toEqual([]);
  });

  it('name, for every feature, what it offers, and only files that exist', () => {
    expect(Object.keys(PUBLIC_FILES).sort()).toEqual(featureFolders);
    const missing = Object.entries(PUBLIC_FILES).flatMap(([feature, files]) =>
      files.filter(
        (name) =>
          !['ts', 'tsx'].some((ext) => existsSync(path.join(ROOT, `web/features/${feature}/${name}.${ext}`))),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('find a feature reaching into another’s screens', () => {
    const file = 'web/features/orders/OrdersPage.tsx';
    const text = [
      "import { AttendeeDrawer } from '../attendees/AttendeeDrawer';",
      "import { useEvent } from '../events/api';",
      "import { OrderDrawer } from './OrderDrawer';",
    ].join('\n');
    expect(deepImportsOf([{ file, imports: importsOf(file, text) }])).toEqual([
      `${file} → web/features/attendees/AttendeeDrawer`,
    ]);
  });

  it('sit in layers and import only from lower ones, so none depend on each other', () => {
    expect(twoWayPairs(bound(features), placeOf)).toEqual([]);
    expect(climbingImports(bound(features), placeOf, WEB_LAYERS)).toEqual([]);
    expect(WEB_LAYERS.flat().sort()).toEqual(featureFolders);
  });

  it('find a two-way pair, an import that climbs and a feature outside the layers', () => {
    const planted = [
      { file: 'web/features/events/EventLayout.tsx', imports: ['web/features/tickets/api'] },
      { file: 'web/features/tickets/TicketsPage.tsx', imports: ['web/features/events/api'] },
      { file: 'web/features/forecasts/ForecastsPage.tsx', imports: ['web/features/events/api'] },
    ];
    expect(twoWayPairs(planted, placeOf)).toEqual(['events ↔ tickets']);
    expect(climbingImports(planted, placeOf, WEB_LAYERS)).toEqual([
      'web/features/events/EventLayout.tsx → web/features/tickets/api',
      'web/features/forecasts/ForecastsPage.tsx → web/features/events/api',
    ]);
    // The shells may load any feature's pages; tests may reach into what they test.
    const free = [
      { file: 'web/features/manage/routes.tsx', imports: ['web/features/orders/OrdersPage'] },
      { file: 'web/features/events/form.test.ts', imports: ['web/features/tickets/form'] },
    ];
    expect(climbingImports(bound(free), placeOf, WEB_LAYERS)).toEqual([]);
    expect(deepImportsOf(free)).toEqual([]);
  });

  it('are drawn in docs/architecture.md as they are layered here', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    expect(drawnBetween(doc, 'web-layers')).toBe(layersText(WEB_LAYERS));
  });
});

describe('the shared folders of web/', () => {
  it('import no feature', () => {
    const shared = graph.filter(({ file }) => SHARED.some((dir) => file.startsWith(`${dir}/`)));
    expect(shared.length).toBeGreaterThan(40);
    expect(importing(shared, (target) => target.startsWith('web/features/'))).toEqual([]);
  });
});
