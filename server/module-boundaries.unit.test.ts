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

// The dependency rules of docs/architecture.md (sections "Dependency direction" and "Server
// modules"), checked on every import of every source file.

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * What each module offers the others: its `service.ts` and the files named here. Everything
 * else in a module's folder (routes, presenters, queries, helpers) is its own business, and
 * another module that needs it asks for a service function instead. A new module gets an entry.
 */
const PUBLIC_FILES: Readonly<Record<string, readonly string[]>> = {
  // Deleting an account or a login (decision 065): its job's handler, handed to the worker by main.ts.
  'account-deletion': ['purge'],
  accounts: ['service'],
  addons: ['service'],
  affiliates: ['service'],
  'api-keys': ['service'],
  // An attendee as the API shows it, and its webhook: for the modules that make attendees.
  'attendee-view': ['service'],
  categories: ['service'],
  attendees: ['service'],
  // Users' profiles and invitations mail links, set passwords and start or end sessions.
  // Passkeys finish a sign-in with its steps (decision 066).
  auth: ['service', 'links', 'passwords', 'sessions', 'sign-in'],
  billing: [],
  capacity: ['service'],
  // Lists (the demo makes one), scans (the demo checks people in).
  'check-in': ['lists', 'public-list', 'scan'],
  'date-cancellation': [],
  demo: [],
  // An event's first date is written with it, and follows its start and end while it is its only one.
  // The dates a buyer may choose from, read with the event page's other public reads.
  'event-dates': ['service', 'public', 'next-dates'],
  events: ['service'],
  health: ['service'],
  // Mails look up and fill the organizer's own templates (decision 055).
  'mail-templates': ['service'],
  messages: ['service'],
  // Event pages show the event's images; tickets, passes and mails its logo (decision 037); a
  // duplicate copies them. An organizer's homepage processes and stores its logo and cover the
  // same way (decision 061).
  images: ['service', 'presenter', 'logo', 'copy', 'process', 'store', 'upload-parts'],
  // Orders queue their invoice and mark it paid; the job runs it (decision 053).
  invoices: ['service', 'credit-notes', 'settings'],
  // The mail job's maker of every order document (tickets and invoice), handed in by main.ts.
  'invoice-documents': ['service'],
  orders: [
    'service',
    // The buyer's checkout after the reservation (the demo places orders through it).
    'details',
    // Completing an order: the one path for every kind of payment, door payments included.
    'fulfil',
    // A refund that went through: the one path for card refunds and recorded ones (decision 037).
    'refunded',
    // Stock counters: the only way to move them (decision 006). Seats of a plan likewise (decision 067).
    'inventory',
    'seat-inventory',
    // An order's history.
    'activity',
    // Order and ticket mails.
    'mails',
    // What open checkouts hold (promo code uses, the dashboard's checkouts).
    'open-checkouts',
    // An order by its public short id.
    'public-view',
    // An order's webhooks, for the orders other modules write (attendees added by hand).
    'webhook-events',
    // Waiting-list offers hold stock: offering, leaving and removing move counters (decision 030).
    'waitlist-offers',
    // The organizer's cancel of a locked order, which a buyer's own cancel reuses (decision 057).
    'admin-actions',
  ],
  // A user of an account, read and shown: for signing in and for managing the account's users.
  members: ['service'],
  organizers: ['service'],
  'organizer-page': [],
  // "Find my tickets" (decision 056): its job's handler, handed to the worker by main.ts.
  'order-lookup': ['find'],
  // An event of the caller's account, found or locked: the first step of every event-owned service.
  // The routes of an event's list and its export (decision 047); the dates its lists narrow to.
  'owned-events': ['service', 'list-routes', 'dates'],
  // A buyer's data (decision 064): its job's handler, handed to the worker by main.ts.
  'personal-data': ['request'],
  // Card refunds written and asked of Stripe apart, for the cancellation of a date's orders.
  payments: ['refunds'],
  // Passkeys (decision 066) are read by their routes only.
  passkeys: [],
  'promo-codes': ['service'],
  // The security audit log (decision 063): every module that changes a login's security records here.
  // An event's seating (decision 067) is read by its routes only.
  seating: [],
  'security-events': ['service'],
  // Authenticator apps, recovery codes and the account's rule (decision 063), for sign-in and the profile.
  'two-factor': ['totp', 'recovery-codes', 'status'],
  // The connected Stripe account: whether an account can take card payments.
  'stripe-accounts': ['service'],
  'public-tickets': ['service', 'of-events'],
  // The seats of an event's dates and where an order's attendees sit, for every page after the sale (decision 067).
  stock: ['service', 'seats'],
  // Every event gets the default questions.
  questions: ['service', 'defaults'],
  // Reports are read by their routes only.
  reports: [],
  // A buyer's own edits and cancellations are read by their routes only (decision 057).
  // The account's seating plans: an event copies one (issue 42).
  'seating-plans': ['service'],
  'self-service': [],
  stats: ['service'],
  'taxes-fees': ['service'],
  // Signed ticket codes: written on tickets and mails, read at the door.
  'ticket-codes': ['service'],
  tickets: ['service'],
  // The fonts and text setting of PDF documents are shared with the invoices' PDFs.
  // The ticket design's answers and page view, for the ticket page (decision 059).
  'ticket-documents': ['service', 'fonts', 'design'],
  // A user's sessions (decision 066) are read by their routes only.
  'user-sessions': [],
  users: [],
  waitlist: ['service'],
  wallet: ['service'],
  webhooks: ['service'],
};

/**
 * The server's modules in layers, lowest first: a module imports only modules of lower layers,
 * so no two modules, and no ring of them, depend on each other. A new module gets a place here
 * (docs/architecture.md, "Server modules by layer", shows this list and is checked against it).
 */
const LAYERS: Layers = [
  [
    'accounts',
    'addons',
    'api-keys',
    'billing',
    'health',
    'members',
    'owned-events',
    'seating-plans',
    'security-events',
    'stock',
    'stripe-accounts',
    'taxes-fees',
    'ticket-codes',
    'two-factor',
  ],
  [
    'affiliates',
    'auth',
    'categories',
    'event-dates',
    'images',
    'mail-templates',
    'organizers',
    'public-tickets',
    'reports',
    'webhooks',
  ],
  ['account-deletion', 'attendee-view', 'invoices', 'passkeys', 'ticket-documents', 'user-sessions', 'users'],
  ['invoice-documents', 'orders'],
  ['attendees', 'order-lookup', 'payments', 'personal-data', 'stats', 'tickets', 'waitlist', 'wallet'],
  ['capacity', 'check-in', 'messages', 'promo-codes', 'questions', 'seating', 'self-service'],
  ['date-cancellation', 'demo', 'events'],
  ['organizer-page'],
];

/** Folders of `server/` that serve every module and know none of them. */
const INFRASTRUCTURE = ['db', 'exports', 'http', 'jobs', 'mail', 'payments', 'storage', 'text'];

/** A module's name and the file inside it, for a path under `server/modules/`. */
const placeOf: PlaceOf = (file) => {
  const match = /^server\/modules\/([^/]+)\/(.+?)(?:\.tsx?)?$/.exec(file);
  return match ? [match[1] ?? '', match[2] ?? ''] : undefined;
};

/** Imports of one module into another's files that are not public (tests may reach in). */
const deepImportsOf = (files: readonly FileImports[]) =>
  deepImports(
    files.filter(({ file }) => !isTest(file)),
    placeOf,
    (module, inner) => inner === 'service' || (PUBLIC_FILES[module]?.includes(inner) ?? false),
  );

const graph = importGraph(ROOT, ['common', 'server', 'web']);
const untested = graph.filter(({ file }) => !isTest(file));

describe('dependency direction', () => {
  it('reads the imports of the whole code base', () => {
    expect(graph.length).toBeGreaterThan(300);
    expect(graph.find((f) => f.file === 'server/main.ts')?.imports).toContain('server/app');
  });

  it('keeps common/ free of server/ and web/, and server/ and web/ apart', () => {
    const under = (dir: string) => (target: string) => target.startsWith(`${dir}/`);
    const common = graph.filter(({ file }) => file.startsWith('common/'));
    const server = graph.filter(({ file }) => file.startsWith('server/'));
    const web = graph.filter(({ file }) => file.startsWith('web/'));
    expect(importing(common, (t) => under('server')(t) || under('web')(t))).toEqual([]);
    expect(importing(server, under('web'))).toEqual([]);
    expect(importing(web, under('server'))).toEqual([]);
  });

  it('keeps the server’s infrastructure folders free of the modules and of the app', () => {
    const infrastructure = graph.filter(
      ({ file }) => !isTest(file) && INFRASTRUCTURE.some((dir) => file.startsWith(`server/${dir}/`)),
    );
    expect(
      importing(
        infrastructure,
        (t) => t.startsWith('server/modules/') || t === 'server/app' || t === 'server/main',
      ),
    ).toEqual([]);
  });

  it('lets only main.ts and the tests import app.ts', () => {
    const others = graph.filter(
      ({ file }) => file !== 'server/main.ts' && !isTest(file) && !file.startsWith('server/test/'),
    );
    expect(importing(others, (t) => t === 'server/app')).toEqual([]);
  });
});

describe('server modules', () => {
  it('import each other only through service.ts and the files named public', () => {
    expect(deepImportsOf(graph)).toEqual([]);
  });

  it('name, for every module, what it offers, and only files that exist', () => {
    const modules = readdirSync(path.join(ROOT, 'server/modules')).sort();
    expect(Object.keys(PUBLIC_FILES).sort()).toEqual(modules);
    const missing = Object.entries(PUBLIC_FILES).flatMap(([module, files]) =>
      files.filter((name) => !existsSync(path.join(ROOT, `server/modules/${module}/${name}.ts`))),
    );
    expect(missing).toEqual([]);
  });

  it('find a deep import, a type-only one too, and allow service.ts, public files and their own', () => {
    const file = 'server/modules/payments/routes.ts';
    const text = [
      "import { recordActivity } from '../orders/admin-view';",
      "import type { Links } from '../orders/mails';",
      "import type { OrderRef } from '../orders/admin-view.ts';",
      "export { createOrder } from '../orders/service';",
      "import { refundOrder } from './refunds';",
    ].join('\n');
    expect(deepImportsOf([{ file, imports: importsOf(file, text) }])).toEqual([
      `${file} → server/modules/orders/admin-view`,
      `${file} → server/modules/orders/admin-view`,
    ]);
    // Tests may reach into what they test.
    expect(
      deepImportsOf([
        { file: 'server/modules/payments/a.test.ts', imports: ['server/modules/orders/admin-view'] },
      ]),
    ).toEqual([]);
  });

  it('sit in layers and import only from lower ones, so none depend on each other', () => {
    expect(twoWayPairs(untested, placeOf)).toEqual([]);
    expect(climbingImports(untested, placeOf, LAYERS)).toEqual([]);
    expect(LAYERS.flat().sort()).toEqual(readdirSync(path.join(ROOT, 'server/modules')).sort());
  });

  it('find a two-way pair and an import that climbs', () => {
    const planted = [
      { file: 'server/modules/orders/fulfil.ts', imports: ['server/modules/events/service'] },
      { file: 'server/modules/events/service.ts', imports: ['server/modules/orders/service'] },
    ];
    expect(twoWayPairs(planted, placeOf)).toEqual(['events ↔ orders']);
    expect(climbingImports(planted, placeOf, LAYERS)).toEqual([
      'server/modules/orders/fulfil.ts → server/modules/events/service',
    ]);
  });

  it('are drawn in docs/architecture.md as they are layered here', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    expect(drawnBetween(doc, 'server-layers')).toBe(layersText(LAYERS));
  });
});
