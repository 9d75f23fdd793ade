import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, SOURCE } from '../scripts/imports-of';

// The dependency rules of docs/architecture.md (sections "Dependency direction" and "Server
// modules"), checked on every import of every source file.

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * What each module offers the others: its `service.ts` and the files named here. Everything
 * else in a module's folder (routes, presenters, queries, helpers) is its own business, and
 * another module that needs it asks for a service function instead. A new module gets an entry.
 */
const PUBLIC_FILES: Readonly<Record<string, readonly string[]>> = {
  accounts: ['service'],
  affiliates: ['service'],
  'api-keys': ['service'],
  // An attendee as the API shows it, and its webhook: for the modules that make attendees.
  'attendee-view': ['service'],
  attendees: ['service'],
  // Users' profiles and invitations mail links, set passwords and start or end sessions.
  auth: ['service', 'links', 'passwords', 'sessions'],
  billing: [],
  capacity: ['service'],
  // Lists (the demo makes one), scans (the demo checks people in).
  'check-in': ['lists', 'public-list', 'scan'],
  demo: [],
  events: ['service'],
  health: ['service'],
  messages: ['service'],
  // Event pages show the event's images; tickets, passes and mails its logo (decision 037).
  images: ['service', 'presenter', 'logo'],
  orders: [
    'service',
    // The buyer's checkout after the reservation (the demo places orders through it).
    'details',
    // Completing an order: the one path for every kind of payment, door payments included.
    'fulfil',
    // A refund that went through: the one path for card refunds and recorded ones (decision 037).
    'refunded',
    // Stock counters: the only way to move them (decision 006).
    'inventory',
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
  ],
  // A user of an account, read and shown: for signing in and for managing the account's users.
  members: ['service'],
  organizers: ['service'],
  // An event of the caller's account, found or locked: the first step of every event-owned service.
  // The routes of an event's list and its export (decision 047).
  'owned-events': ['service', 'list-routes'],
  payments: [],
  'promo-codes': ['service'],
  // The connected Stripe account: whether an account can take card payments.
  'stripe-accounts': ['service'],
  'public-tickets': ['service'],
  // Every event gets the default questions.
  questions: ['service', 'defaults'],
  stats: ['service'],
  'taxes-fees': ['service'],
  // Signed ticket codes: written on tickets and mails, read at the door.
  'ticket-codes': ['service'],
  tickets: ['service'],
  'ticket-documents': ['service'],
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
const LAYERS: readonly (readonly string[])[] = [
  [
    'accounts',
    'api-keys',
    'billing',
    'health',
    'members',
    'owned-events',
    'stripe-accounts',
    'taxes-fees',
    'ticket-codes',
  ],
  ['affiliates', 'auth', 'images', 'organizers', 'public-tickets', 'webhooks'],
  ['attendee-view', 'ticket-documents', 'users'],
  ['orders'],
  ['attendees', 'payments', 'stats', 'tickets', 'waitlist', 'wallet'],
  ['capacity', 'check-in', 'messages', 'promo-codes', 'questions'],
  ['demo', 'events'],
];

/** Folders of `server/` that serve every module and know none of them. */
const INFRASTRUCTURE = ['db', 'exports', 'http', 'jobs', 'mail', 'payments', 'storage', 'text'];

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'locales') return [];
    if (statSync(path.join(ROOT, relative)).isDirectory()) return sourceFiles(relative);
    return SOURCE.test(name) ? [relative] : [];
  });
}

const moduleOf = (file: string) => /^server\/modules\/([^/]+)\/(.+?)(?:\.tsx?)?$/.exec(file);

/** Imports of one module into another's files that are not public: `from → to`. */
function deepImports(files: readonly { file: string; imports: readonly string[] }[]): string[] {
  const found: string[] = [];
  for (const { file, imports } of files) {
    const from = moduleOf(file);
    if (!from || isTest(file)) continue;
    for (const target of imports) {
      const to = moduleOf(target);
      if (!to || to[1] === from[1]) continue;
      const [, module = '', inner = ''] = to;
      if (inner !== 'service' && !PUBLIC_FILES[module]?.includes(inner)) found.push(`${file} → ${target}`);
    }
  }
  return found;
}

/** Imports from one module into a module not below it in `layers`: `from → to`. */
function climbingImports(
  files: readonly { file: string; imports: readonly string[] }[],
  layers: readonly (readonly string[])[],
): string[] {
  const layerOf = new Map(layers.flatMap((names, i) => names.map((name) => [name, i] as const)));
  const found: string[] = [];
  for (const { file, imports } of files) {
    const from = moduleOf(file)?.[1];
    if (!from || isTest(file)) continue;
    for (const target of imports) {
      const to = moduleOf(target)?.[1];
      if (!to || to === from) continue;
      if ((layerOf.get(to) ?? Number.POSITIVE_INFINITY) >= (layerOf.get(from) ?? -1)) {
        found.push(`${file} → ${target}`);
      }
    }
  }
  return found;
}

/** Pairs of modules that import each other (tests aside): `a ↔ b`. */
function twoWayPairs(files: readonly { file: string; imports: readonly string[] }[]): string[] {
  const edges = new Set<string>();
  for (const { file, imports } of files) {
    const from = moduleOf(file)?.[1];
    if (!from || isTest(file)) continue;
    for (const target of imports) {
      const to = moduleOf(target)?.[1];
      if (to && to !== from) edges.add(`${from} ${to}`);
    }
  }
  return [...edges]
    .map((edge) => edge.split(' ') as [string, string])
    .filter(([a, b]) => a < b && edges.has(`${b} ${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`);
}

/** The layers as docs/architecture.md writes them. */
const layersText = (layers: readonly (readonly string[])[]) =>
  layers.map((names, i) => `${i + 1}. ${names.map((name) => `\`${name}\``).join(', ')}`).join('\n');

const graph = ['common', 'server', 'web'].flatMap((dir) =>
  sourceFiles(dir).map((file) => ({
    file,
    imports: importsOf(file, readFileSync(path.join(ROOT, file), 'utf8')),
  })),
);
const importing = (files: typeof graph, forbidden: (target: string) => boolean) =>
  files.flatMap(({ file, imports }) => imports.filter(forbidden).map((target) => `${file} → ${target}`));

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
    expect(deepImports(graph)).toEqual([]);
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
    expect(deepImports([{ file, imports: importsOf(file, text) }])).toEqual([
      `${file} → server/modules/orders/admin-view`,
      `${file} → server/modules/orders/admin-view`,
    ]);
    // Tests may reach into what they test.
    expect(
      deepImports([
        { file: 'server/modules/payments/a.test.ts', imports: ['server/modules/orders/admin-view'] },
      ]),
    ).toEqual([]);
  });

  it('sit in layers and import only from lower ones, so none depend on each other', () => {
    expect(twoWayPairs(graph)).toEqual([]);
    expect(climbingImports(graph, LAYERS)).toEqual([]);
    expect(LAYERS.flat().sort()).toEqual(readdirSync(path.join(ROOT, 'server/modules')).sort());
  });

  it('find a two-way pair and an import that climbs', () => {
    const planted = [
      { file: 'server/modules/orders/fulfil.ts', imports: ['server/modules/events/service'] },
      { file: 'server/modules/events/service.ts', imports: ['server/modules/orders/service'] },
    ];
    expect(twoWayPairs(planted)).toEqual(['events ↔ orders']);
    expect(climbingImports(planted, LAYERS)).toEqual([
      'server/modules/orders/fulfil.ts → server/modules/events/service',
    ]);
  });

  it('are drawn in docs/architecture.md as they are layered here', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const drawn = /<!-- server-layers -->\n([\s\S]*?)\n<!-- \/server-layers -->/.exec(doc)?.[1];
    expect(drawn).toBe(layersText(LAYERS));
  });
});
