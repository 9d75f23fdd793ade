/**
 * The door's load for `check-in.bench.ts`, in a child process: `devices` door devices, each
 * with its own keep-alive connection, scanning in turn so that together they send `rate`
 * scans a second, each scan a different ticket code, for `seconds` after `warmUpSeconds`.
 * Every device posts what the door page posts (the code, a fresh nonce, its name). Reads the
 * plan from the JSON file named in argv, prints one JSON result.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';

export interface DoorPlan {
  /** `…/api/public/check-in-lists/{shortId}/check-ins` */
  url: string;
  codes: string[];
  devices: number;
  rate: number;
  warmUpSeconds: number;
  seconds: number;
}

export interface DoorResult {
  /** Milliseconds of each scan of the measured part. */
  latencies: number[];
  /** How many scans of the measured part got each outcome (or HTTP status, when not 2xx). */
  outcomes: Record<string, number>;
  scans: number;
  seconds: number;
}

function post(url: URL, { body, agent }: { body: string; agent: http.Agent }): Promise<string> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status !== 200 && status !== 201) return resolve(`HTTP ${status}`);
          resolve((JSON.parse(Buffer.concat(chunks).toString()) as { outcome: string }).outcome);
        });
      },
    );
    request.on('error', (error) => resolve(error.message));
    request.end(body);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const plan = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as DoorPlan;
const url = new URL(plan.url);
const result: DoorResult = { latencies: [], outcomes: {}, scans: 0, seconds: plan.seconds };
const interval = (1000 * plan.devices) / plan.rate;
const total = Math.floor((plan.warmUpSeconds + plan.seconds) * plan.rate);
const measuredFrom = Math.floor(plan.warmUpSeconds * plan.rate);
let next = 0;
const start = performance.now() + 100;
await Promise.all(
  Array.from({ length: plan.devices }, async (_, device) => {
    // A device scans on its own schedule, whether or not its last answer came (a queue of people).
    const agent = new http.Agent({ keepAlive: true });
    const scans: Promise<void>[] = [];
    for (let k = 0; ; k++) {
      await pause(start + (device / plan.devices) * interval + k * interval - performance.now());
      const index = next++;
      const code = plan.codes[index];
      if (index >= total || !code) break;
      const body = JSON.stringify({
        ticket_code: code,
        nonce: randomBytes(12).toString('base64url'),
        device: `door-${device + 1}`,
      });
      scans.push(
        (async () => {
          const sent = performance.now();
          const outcome = await post(url, { body, agent });
          if (index < measuredFrom) return;
          result.latencies.push(performance.now() - sent);
          result.outcomes[outcome] = (result.outcomes[outcome] ?? 0) + 1;
          result.scans += 1;
        })(),
      );
    }
    await Promise.all(scans);
    agent.destroy();
  }),
);
process.stdout.write(JSON.stringify(result));
