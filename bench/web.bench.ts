import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import sharp from 'sharp';
import { CHECKOUT_BUDGET_BYTES, FIRST_VISIT_BUDGET_BYTES, measureBundles } from '../scripts/bundle-size';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { makeAccount, makeLiveEvent, makeOrganizer } from '../server/test/builders';
import { auditRuns, CHROMIUM, RUNS, type RunFigures, round } from './lighthouse';
import { ensureWebBuild } from './support';

/** The targets of issue 17 ("Fast on a phone"); decision 024. */
const TARGETS = {
  score: 95,
  lcp_ms: 2000,
  tbt_ms: 150,
  cls: 0.05,
  first_visit_kb: FIRST_VISIT_BUDGET_BYTES / 1024,
  checkout_kb: CHECKOUT_BUDGET_BYTES / 1024,
};
const DIST = path.resolve(process.env.WEB_DIST_DIR ?? path.join('dist', 'web'));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** An image a phone camera could have taken: noise compresses about as badly as a photo. */
const cover = () =>
  sharp({
    create: {
      width: 1600,
      height: 800,
      channels: 3,
      background: '#3b3fb6',
      noise: { type: 'gaussian', mean: 110, sigma: 40 },
    },
  })
    .blur(3)
    .png()
    .toBuffer();

function multipart(image: Buffer) {
  const boundary = 'tessera-bench-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nEVENT_COVER\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The buyer's event page on a phone: `npm run build` first, then `npm run bench -- web`.
 * Starts the built app on a fresh embedded database with one live event (cover, description,
 * three tickets), runs Lighthouse's mobile preset (simulated slow 4G and a 4x slower CPU)
 * three times in the system Chromium (after one run not counted), and prints the medians with the bundle sizes of
 * `scripts/bundle-size.ts` against the targets, ending with a `BENCH {…}` line.
 */
export async function run(): Promise<void> {
  ensureWebBuild(DIST);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-bench-web-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await migrateDatabase(database);
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      WEB_DIST_DIR: DIST,
      DATA_DIR: dataDir,
      APP_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'warn',
    }),
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const owner = await makeAccount(app);
  // The organizer, with its homepage address, whose page is measured too (decision 062).
  const organizer = await makeOrganizer(app, owner, { name: 'Armazém 16' });
  const named = await app.inject({
    method: 'PUT',
    url: `/api/organizers/${organizer.id}`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: {
      slug: 'armazem-16',
      description: 'Fado, jazz and folk in an old warehouse by the river. Doors open an hour before.',
      website: 'https://armazem16.example.com',
    },
  });
  if (named.statusCode !== 200) throw new Error(`organizer address answered ${named.statusCode}`);
  const { event } = await makeLiveEvent(app, owner, {
    organizer_id: organizer.id,
    title: 'Fado nights by the river',
    description:
      '<p>Three evenings of <strong>fado</strong> in the old warehouse by the river, with guitarra ' +
      'portuguesa and viola. Doors open an hour before; a small kitchen serves petiscos.</p>' +
      '<ul><li>Seated, unnumbered</li><li>Step-free access</li></ul>',
    start_date: '2031-06-12T19:30:00Z',
    end_date: '2031-06-12T22:30:00Z',
    location: {
      venue_name: 'Armazém 16',
      address_line_1: 'Rua do Cais 16',
      city: 'Lisboa',
      country: 'Portugal',
    },
    settings: { offline_payments_enabled: true, offline_payment_instructions: 'Pay at the door.' },
    tickets: [
      { title: 'General admission', type: 'PAID', price: 1800 },
      { title: 'Student', type: 'PAID', price: 900, description: 'Show a student card at the door.' },
      { title: 'Volunteer', type: 'FREE' },
    ],
  });
  const { payload, contentType } = multipart(await cover());
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/events/${event.id}/images`,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
    payload,
  });
  if (uploaded.statusCode !== 201) throw new Error(`cover upload answered ${uploaded.statusCode}`);
  // A few more live events of the organizer, one of them past.
  for (const [title, start] of [
    ['Jazz on the quay', '2031-07-03T20:00:00Z'],
    ['Folk Sunday', '2031-07-06T17:00:00Z'],
    ['Guitar workshop', '2031-08-01T10:00:00Z'],
    ['Opening night', '2020-05-01T19:00:00Z'],
  ] as const) {
    await makeLiveEvent(app, owner, {
      organizer_id: organizer.id,
      title,
      start_date: start,
      settings: { offline_payments_enabled: true, offline_payment_instructions: 'Pay at the door.' },
      tickets: [
        { title: 'Standing', type: 'PAID', price: 1200 },
        { title: 'Seated', type: 'PAID', price: 2000 },
      ],
    });
  }
  const pages = [
    { name: 'web', label: 'event page', url: `${base}/e/${event.id}/${event.slug}` },
    { name: 'web-organizer-page', label: 'organizer page', url: `${base}/o/armazem-16` },
  ];

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const measured = new Map<string, RunFigures[]>();
  try {
    for (const page of pages) {
      console.log(`${page.label}: ${page.url}`);
      measured.set(page.name, await auditRuns(page.url, chrome.port));
    }
  } finally {
    chrome.kill();
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  const lighthouseOf = (runs: RunFigures[]) => ({
    score: median(runs.map((r) => r.score)),
    lcp_ms: round(median(runs.map((r) => r.lcp))),
    tbt_ms: round(median(runs.map((r) => r.tbt))),
    cls: round(median(runs.map((r) => r.cls)), 3),
    fcp_ms: round(median(runs.map((r) => r.fcp))),
  });
  const meetsLighthouse = (f: ReturnType<typeof lighthouseOf>) =>
    f.score >= TARGETS.score &&
    f.lcp_ms <= TARGETS.lcp_ms &&
    f.tbt_ms <= TARGETS.tbt_ms &&
    f.cls <= TARGETS.cls;
  const runs = measured.get('web') ?? [];

  const bundles = measureBundles(DIST);
  const figures = {
    ...lighthouseOf(runs),
    first_visit_kb: round(bundles.firstVisit.gzip / 1024, 1),
    first_visit_files: bundles.firstVisit.files.length,
    checkout_kb: round(bundles.checkout.gzip / 1024, 1),
    checkout_files: bundles.checkout.files.length,
  };
  const ok =
    meetsLighthouse(figures) &&
    figures.first_visit_kb <= TARGETS.first_visit_kb &&
    figures.checkout_kb <= TARGETS.checkout_kb;
  console.log(
    `median of ${RUNS} (Lighthouse mobile preset, ${path.basename(CHROMIUM)}); bundle sizes are gzip level 9`,
  );
  console.log(`BENCH ${JSON.stringify({ name: 'web', runs: RUNS, ...figures, targets: TARGETS, ok })}`);
  // The organizer's homepage: no bundle (a page written on the server), the same page targets.
  const organizerPage = lighthouseOf(measured.get('web-organizer-page') ?? []);
  const { first_visit_kb: _f, checkout_kb: _c, ...pageTargets } = TARGETS;
  console.log(
    `BENCH ${JSON.stringify({ name: 'web-organizer-page', runs: RUNS, ...organizerPage, targets: pageTargets, ok: meetsLighthouse(organizerPage) })}`,
  );
}
