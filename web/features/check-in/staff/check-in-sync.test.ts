import { describe, expect, it } from 'vitest';
import { createCheckInSync } from './check-in-sync';
import {
  attendee,
  device,
  deviceStore,
  doorServer,
  due,
  family,
  list,
  people,
} from './check-in-sync.stand-in';

// A door device and its check-in list: loaded from the server or from the copy it keeps, scans
// checked in by the server or, out of reach, on the device and queued, then uploaded when the
// network is back. The server here is a small stand-in that answers as the real one does; the
// device's storage is kept in memory.

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
