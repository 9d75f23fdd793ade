import type {
  CheckInAttendee,
  CheckInRequest,
  CheckInResponse,
  PublicCheckInListResponse,
} from '../../../../common/check-in';
import { ApiError } from '../../../api/errors';
import { type CheckInServer, createCheckInSync, type DeviceStore } from './check-in-sync';
import type { QueuedScan } from './store';
import type { OfflineList } from './verify';

// For check-in-sync.test.ts: a door device's list, people on it, a small stand-in for the
// check-in API that answers as the real one does, and the device's storage kept in memory.

export const list: PublicCheckInListResponse = {
  short_id: 'L'.repeat(22),
  name: 'Front door',
  description: null,
  state: 'ACTIVE',
  activates_at: null,
  expires_at: null,
  ticket_ids: [1],
  date: null,
  event: { id: 7, title: 'Night', start_date: '2030-12-31T20:00:00.000Z', timezone: 'UTC', public_key: '' },
  checked_in: 0,
  expected: 3,
  revoked: [],
};
export const person = (
  id: number,
  first_name: string,
  extra: Partial<CheckInAttendee> = {},
): CheckInAttendee => ({
  id,
  code_hash: `hash-${id}`,
  first_name,
  last_name: 'Silva',
  ticket_id: 1,
  ticket_title: 'Entry',
  order_reference: `ORDER00${id}`,
  email_hint: `${first_name[0]?.toLowerCase()}•••@example.com`,
  status: 'ACTIVE',
  seat: null,
  payment_due: null,
  check_in: null,
  ...extra,
});
export const due = { total: 7500, currency: 'EUR', items: [{ title: 'Entry', quantity: 3 }] };
/** Three tickets of one order to be paid at the door. */
export const family = () =>
  [4, 5, 6].map((id, i) =>
    person(id, ['Rosa', 'Duarte', 'Ines'][i] ?? '', {
      order_reference: 'FAMILY01',
      status: 'AWAITING_PAYMENT',
      payment_due: due,
    }),
  );

export const offline = () => new ApiError({ status: 0, code: 'OFFLINE', message: 'You are offline.' });
export const gone = () => new ApiError({ status: 404, code: 'CHECK_IN_LIST_NOT_FOUND', message: 'Gone.' });
export const busy = () => new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'Wait.' });

/** The check-in API of one list, in memory: one check-in per attendee, one answer per nonce. */
export function doorServer(people: CheckInAttendee[]) {
  const checkIns = new Map<number, NonNullable<CheckInAttendee['check_in']> & { scannedAt?: string }>();
  const answers = new Map<string, CheckInResponse>();
  /** Orders marked paid at the door, once each, in the order it happened. */
  const markedPaid: string[] = [];
  const statusOf = (p: CheckInAttendee) =>
    p.status === 'AWAITING_PAYMENT' && markedPaid.includes(p.order_reference) ? 'ACTIVE' : p.status;
  const refusedNonces = new Set<string>();
  const received: string[] = [];
  let nextId = 100;
  const door = {
    reachable: true,
    exists: true,
    /** Answers 429, as the server does over its rate limit. */
    busy: false,
    checkIns,
    /** The nonce of every check-in the server was sent. */
    received,
    /** Scans whose upload the server answers with a 422 (as for a body it cannot take). */
    refusedNonces,
    markedPaid,
  };
  const call = <T>(answer: () => T): Promise<T> => {
    if (!door.reachable) return Promise.reject(offline());
    if (!door.exists) return Promise.reject(gone());
    if (door.busy) return Promise.reject(busy());
    return Promise.resolve(answer());
  };
  const server: CheckInServer = {
    fetchList: () =>
      call(() => ({
        list,
        attendees: people.map((p) => ({
          ...p,
          status: statusOf(p),
          payment_due: statusOf(p) === 'AWAITING_PAYMENT' ? p.payment_due : null,
          check_in: checkIns.get(p.id) ?? null,
        })),
      })),
    postCheckIn: (_shortId: string, body: CheckInRequest) =>
      call(() => {
        received.push(body.nonce ?? '');
        if (body.nonce && refusedNonces.has(body.nonce))
          throw new ApiError({ status: 422, code: 'VALIDATION_FAILED', message: 'No.' });
        const again = body.nonce ? answers.get(body.nonce) : undefined;
        if (again) return again;
        const who = people.find((p) => p.id === body.attendee_id);
        if (!who) return { outcome: 'INVALID' } as const;
        const attendee = {
          id: who.id,
          first_name: who.first_name,
          last_name: who.last_name,
          ticket_title: 'Entry',
          order_reference: who.order_reference,
        };
        const before = checkIns.get(who.id);
        let response: CheckInResponse;
        if (before) response = { outcome: 'ALREADY_CHECKED_IN', attendee, check_in: before };
        else if (statusOf(who) === 'AWAITING_PAYMENT' && !body.mark_paid)
          response = {
            outcome: 'AWAITING_PAYMENT',
            attendee,
            ...(who.payment_due ? { payment_due: who.payment_due } : {}),
          };
        else {
          if (statusOf(who) === 'AWAITING_PAYMENT') markedPaid.push(who.order_reference);
          const made = {
            id: nextId++,
            checked_in_at: '2030-12-31T20:10:00.000Z',
            device: body.device ?? null,
            ...(body.scanned_at ? { scannedAt: body.scanned_at } : {}),
          };
          checkIns.set(who.id, made);
          response = { outcome: 'CHECKED_IN', attendee, check_in: made };
        }
        if (body.nonce) answers.set(body.nonce, response);
        return response;
      }),
    deleteCheckIn: (_shortId: string, checkInId: number) =>
      call(() => {
        const [attendeeId, made] = [...checkIns].find(([, c]) => c.id === checkInId) ?? [];
        const who = people.find((p) => p.id === attendeeId);
        if (!made || !who) throw gone();
        checkIns.delete(who.id);
        return {
          attendee: {
            id: who.id,
            first_name: who.first_name,
            last_name: who.last_name,
            ticket_title: 'Entry',
          },
          check_in: { ...made, checked_out_at: '2030-12-31T20:11:00.000Z' },
        };
      }),
  };
  return { door, server };
}

/** What a device keeps, in memory (IndexedDB in the browser). */
export function deviceStore(): DeviceStore & {
  lists: Map<string, OfflineList>;
  queue: Map<string, QueuedScan>;
} {
  const lists = new Map<string, OfflineList>();
  const queue = new Map<string, QueuedScan>();
  return {
    lists,
    queue,
    saveList: async (shortId, data) => void lists.set(shortId, structuredClone(data)),
    loadList: async (shortId) => structuredClone(lists.get(shortId)),
    enqueue: async (scan) => void queue.set(scan.nonce, structuredClone(scan)),
    // By key, as IndexedDB answers: the nonce, not the order the scans were made in.
    queued: async (shortId) =>
      [...queue.values()].filter((q) => q.shortId === shortId).sort((a, b) => (a.nonce < b.nonce ? -1 : 1)),
    dequeue: async (nonce) => void queue.delete(nonce),
  };
}

export const people = () => [
  person(1, 'Maria'),
  person(2, 'Maria'),
  person(3, 'Tiago', { status: 'AWAITING_PAYMENT' }),
];

export function device(server: CheckInServer, store: DeviceStore, network = { online: true }) {
  return createCheckInSync({
    shortId: list.short_id,
    device: 'Phone 4821',
    server,
    store,
    browserOnline: () => network.online,
    now: () => new Date('2030-12-31T20:30:00.000Z'),
  });
}

export const attendee = (sync: ReturnType<typeof device>, id: number) => {
  const { load } = sync.getState();
  return load.status === 'ready' ? load.data.attendees.find((a) => a.id === id) : undefined;
};
