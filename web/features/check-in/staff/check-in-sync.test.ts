import { describe, expect, it } from 'vitest';
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

// A door device and its check-in list: loaded from the server or from the copy it keeps, scans
// checked in by the server or, out of reach, on the device and queued, then uploaded when the
// network is back. The server here is a small stand-in that answers as the real one does; the
// device's storage is kept in memory.

const list: PublicCheckInListResponse = {
  short_id: 'L'.repeat(22),
  name: 'Front door',
  description: null,
  state: 'ACTIVE',
  activates_at: null,
  expires_at: null,
  ticket_ids: [1],
  event: { id: 7, title: 'Night', start_date: '2030-12-31T20:00:00.000Z', timezone: 'UTC', public_key: '' },
  checked_in: 0,
  expected: 3,
  revoked: [],
};
const person = (id: number, first_name: string, extra: Partial<CheckInAttendee> = {}): CheckInAttendee => ({
  id,
  code_hash: `hash-${id}`,
  first_name,
  last_name: 'Silva',
  ticket_id: 1,
  ticket_title: 'Entry',
  order_reference: `ORDER00${id}`,
  email_hint: `${first_name[0]?.toLowerCase()}•••@example.com`,
  status: 'ACTIVE',
  payment_due: null,
  check_in: null,
  ...extra,
});
const due = { total: 7500, currency: 'EUR', items: [{ title: 'Entry', quantity: 3 }] };
/** Three tickets of one order to be paid at the door. */
const family = () =>
  [4, 5, 6].map((id, i) =>
    person(id, ['Rosa', 'Duarte', 'Ines'][i] ?? '', {
      order_reference: 'FAMILY01',
      status: 'AWAITING_PAYMENT',
      payment_due: due,
    }),
  );

const offline = () => new ApiError({ status: 0, code: 'OFFLINE', message: 'You are offline.' });
const gone = () => new ApiError({ status: 404, code: 'CHECK_IN_LIST_NOT_FOUND', message: 'Gone.' });
const busy = () => new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'Wait.' });

/** The check-in API of one list, in memory: one check-in per attendee, one answer per nonce. */
function doorServer(people: CheckInAttendee[]) {
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
function deviceStore(): DeviceStore & { lists: Map<string, OfflineList>; queue: Map<string, QueuedScan> } {
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

const people = () => [
  person(1, 'Maria'),
  person(2, 'Maria'),
  person(3, 'Tiago', { status: 'AWAITING_PAYMENT' }),
];

function device(server: CheckInServer, store: DeviceStore, network = { online: true }) {
  return createCheckInSync({
    shortId: list.short_id,
    device: 'Phone 4821',
    server,
    store,
    browserOnline: () => network.online,
    now: () => new Date('2030-12-31T20:30:00.000Z'),
  });
}

const attendee = (sync: ReturnType<typeof device>, id: number) => {
  const { load } = sync.getState();
  return load.status === 'ready' ? load.data.attendees.find((a) => a.id === id) : undefined;
};

describe('a door device’s check-in list', () => {
  it('loads the list and keeps a copy; out of reach it works from the copy; a list gone says so', async () => {
    const { door, server } = doorServer(people());
    const store = deviceStore();
    const first = device(server, store);
    expect(first.getState().load).toEqual({ status: 'loading' });
    await first.refresh();
    expect(first.getState().load).toMatchObject({ status: 'ready', data: { list: { name: 'Front door' } } });
    expect(store.lists.get(list.short_id)?.attendees).toHaveLength(3);

    door.reachable = false;
    const later = device(server, store);
    await later.refresh();
    expect(later.getState().load).toMatchObject({
      status: 'ready',
      data: { attendees: [{ id: 1 }, { id: 2 }, { id: 3 }] },
    });
    const elsewhere = device(server, deviceStore());
    await elsewhere.refresh();
    expect(elsewhere.getState().load).toEqual({ status: 'failed' });

    door.reachable = true;
    door.exists = false;
    await later.refresh();
    expect(later.getState().load).toEqual({ status: 'gone' });
  });

  it('checks in through the server and keeps its copy in step with each answer, namesakes apart', async () => {
    const { door, server } = doorServer(people());
    const store = deviceStore();
    const sync = device(server, store);
    await sync.refresh();
    let changes = 0;
    sync.subscribe(() => {
      changes += 1;
    });

    const answer = await sync.checkIn({ attendee_id: 2 });
    expect(answer).toMatchObject({
      offline: false,
      response: { outcome: 'CHECKED_IN', attendee: { id: 2 } },
    });
    expect(changes).toBeGreaterThan(0);
    expect(attendee(sync, 2)?.check_in).toMatchObject({ device: 'Phone 4821' });
    expect(attendee(sync, 1)?.check_in).toBeNull();
    expect(store.lists.get(list.short_id)?.attendees.find((a) => a.id === 2)?.check_in).not.toBeNull();
    expect((await sync.checkIn({ attendee_id: 2 }))?.response.outcome).toBe('ALREADY_CHECKED_IN');

    // Undone on the server: out in the copy too.
    const checkInId = door.checkIns.get(2)?.id ?? 0;
    expect(await sync.undo(checkInId)).toBe(true);
    expect(door.checkIns.has(2)).toBe(false);
    expect(attendee(sync, 2)?.check_in).toBeNull();
    expect(await sync.undo(checkInId)).toBe(false);

    // Unpaid: refused until marked paid, then in and counted as a ticket that holds.
    expect((await sync.checkIn({ attendee_id: 3 }))?.response.outcome).toBe('AWAITING_PAYMENT');
    expect(attendee(sync, 3)).toMatchObject({ status: 'AWAITING_PAYMENT', check_in: null });
    expect((await sync.checkIn({ attendee_id: 3, mark_paid: true }))?.response.outcome).toBe('CHECKED_IN');
    expect(attendee(sync, 3)?.status).toBe('ACTIVE');

    // The list was taken away meanwhile: the page says so.
    door.exists = false;
    expect(await sync.checkIn({ attendee_id: 1 })).toBeNull();
    expect(sync.getState().load).toEqual({ status: 'gone' });
  });

  it('decides offline, queues the scan, and uploads it when the network is back', async () => {
    const { door, server } = doorServer(people());
    const store = deviceStore();
    const network = { online: true };
    const sync = device(server, store, network);
    await sync.refresh();
    expect(await sync.checkIn({ attendee_id: 2 })).toMatchObject({ response: { outcome: 'CHECKED_IN' } });

    door.reachable = false;
    network.online = false;
    const answer = await sync.checkIn({ attendee_id: 1 });
    expect(answer).toMatchObject({ offline: true, response: { outcome: 'CHECKED_IN', attendee: { id: 1 } } });
    expect(sync.getState()).toMatchObject({ online: false, waiting: 1 });
    expect(attendee(sync, 1)?.check_in).toMatchObject({ id: -1, device: 'Phone 4821' });
    // Decided on the device as the server would: in already, or not paid, and not queued.
    expect((await sync.checkIn({ attendee_id: 1 }))?.response.outcome).toBe('ALREADY_CHECKED_IN');
    expect((await sync.checkIn({ attendee_id: 2 }))?.response.outcome).toBe('ALREADY_CHECKED_IN');
    expect((await sync.checkIn({ attendee_id: 3 }))?.response.outcome).toBe('AWAITING_PAYMENT');
    expect(sync.getState().waiting).toBe(1);
    expect([...store.queue.values()]).toMatchObject([
      { body: { attendee_id: 1, device: 'Phone 4821', scanned_at: '2030-12-31T20:30:00.000Z' } },
    ]);
    // Nothing is sent while the browser says it is offline.
    await sync.upload();
    expect(store.queue.size).toBe(1);

    door.reachable = true;
    network.online = true;
    await sync.setOnline(true);
    expect(sync.getState()).toMatchObject({ online: true, waiting: 0 });
    expect(door.checkIns.get(1)).toMatchObject({ scannedAt: '2030-12-31T20:30:00.000Z' });
    // The copy is the server's again: the check-in has its real id.
    expect(attendee(sync, 1)?.check_in?.id).toBe(door.checkIns.get(1)?.id);
  });

  it('keeps what the server could not take yet, and lets go of what it refused', async () => {
    const { door, server } = doorServer(people());
    const store = deviceStore();
    const network = { online: true };
    const sync = device(server, store, network);
    await sync.refresh();
    door.reachable = false;
    await sync.checkIn({ attendee_id: 1 });
    await sync.checkIn({ attendee_id: 2 });
    expect(sync.getState().waiting).toBe(2);

    // The browser thinks it is online, the server is still out of reach: both wait.
    await sync.upload();
    expect(sync.getState().waiting).toBe(2);
    // Reachable but asking to wait (too many requests from the venue's address): both wait too.
    door.reachable = true;
    door.busy = true;
    await sync.upload();
    expect(sync.getState().waiting).toBe(2);
    door.busy = false;

    door.reachable = true;
    const queued = (await store.queued(list.short_id)).map((q) => q.nonce);
    door.refusedNonces.add([...store.queue.values()].find((q) => q.body.attendee_id === 1)?.nonce ?? '');
    door.received.length = 0;
    // Two uploads at once send each scan once.
    await Promise.all([sync.upload(), sync.upload()]);
    expect(door.received).toEqual(queued);
    expect(sync.getState().waiting).toBe(0);
    expect([...door.checkIns.keys()]).toEqual([2]);
  });

  it('settles every ticket of an order paid at the door at once, not only the one let in', async () => {
    const { door, server } = doorServer([...people(), ...family()]);
    const sync = device(server, deviceStore());
    await sync.refresh();
    const refused = await sync.checkIn({ attendee_id: 4 });
    expect(refused?.response).toMatchObject({ outcome: 'AWAITING_PAYMENT', payment_due: due });
    let changes = 0;
    sync.subscribe(() => {
      changes += 1;
    });
    const paid = await sync.checkIn({ attendee_id: 4, mark_paid: true });
    expect(paid?.response.outcome).toBe('CHECKED_IN');
    expect(changes).toBe(1);
    expect([4, 5, 6].map((id) => [attendee(sync, id)?.status, attendee(sync, id)?.payment_due])).toEqual([
      ['ACTIVE', null],
      ['ACTIVE', null],
      ['ACTIVE', null],
    ]);
    expect(attendee(sync, 3)?.status).toBe('AWAITING_PAYMENT');
    // The other two are let in as paid, without being asked to pay again.
    expect((await sync.checkIn({ attendee_id: 5 }))?.response.outcome).toBe('CHECKED_IN');
    expect(door.markedPaid).toEqual(['FAMILY01']);
  });

  it('takes a payment at the door offline, and uploads it once, before the tickets let in after it', async () => {
    const { door, server } = doorServer([...people(), ...family()]);
    const store = deviceStore();
    const network = { online: true };
    let clock = Date.parse('2030-12-31T20:30:00.000Z');
    const sync = createCheckInSync({
      shortId: list.short_id,
      device: 'Phone 4821',
      server,
      store,
      browserOnline: () => network.online,
      // A second passes between scans.
      now: () => {
        clock += 1000;
        return new Date(clock);
      },
    });
    await sync.refresh();
    door.reachable = false;
    network.online = false;

    const owing = await sync.checkIn({ attendee_id: 4 });
    expect(owing).toMatchObject({
      offline: true,
      response: { outcome: 'AWAITING_PAYMENT', payment_due: due },
    });
    expect(store.queue.size).toBe(0);
    const paid = await sync.checkIn({ attendee_id: 4, mark_paid: true });
    expect(paid).toMatchObject({ offline: true, response: { outcome: 'CHECKED_IN', attendee: { id: 4 } } });
    expect([4, 5, 6].map((id) => attendee(sync, id)?.status)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE']);
    expect(attendee(sync, 4)?.check_in).toMatchObject({ id: -1 });
    // Ines comes in a moment later: her ticket holds on the device now.
    expect((await sync.checkIn({ attendee_id: 6 }))?.response.outcome).toBe('CHECKED_IN');
    const [confirmation] = [...store.queue.values()].filter((q) => q.body.mark_paid);
    expect(confirmation?.body).toMatchObject({ attendee_id: 4, mark_paid: true });
    expect(sync.getState().waiting).toBe(2);

    door.reachable = true;
    network.online = true;
    door.received.length = 0;
    await sync.setOnline(true);
    // The payment first, whatever order the device's store keeps them in.
    expect(door.received[0]).toBe(confirmation?.nonce);
    expect(door.received).toHaveLength(2);
    expect(door.markedPaid).toEqual(['FAMILY01']);
    expect([...door.checkIns.keys()].sort()).toEqual([4, 6]);
    // Sent again (its answer was lost on the way): the same nonce, the order paid once.
    if (confirmation) await store.enqueue(confirmation);
    await sync.upload();
    expect(door.received.slice(2)).toEqual([confirmation?.nonce]);
    expect(door.markedPaid).toEqual(['FAMILY01']);
    expect(sync.getState().waiting).toBe(0);
  });
});
