import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CheckInAttendee, PublicCheckInListResponse } from '../../../../common/check-in';
import { ticketCode, ticketCodeMessage } from '../../../../common/ticket-code';
import { codeHash, decideOffline, offlineAnswer, verifyOffline } from './verify';

// A door device offline: the event's key, the list and its attendees, and scans decided locally.

const pair = generateKeyPairSync('ed25519');
const publicKey = pair.privateKey.export({ format: 'jwk' }).x ?? '';
const signed = (attendeeShortId: string, ticketId: number, eventId = 7, dateId?: number) => {
  const parts = { attendeeShortId, eventId, ticketId, dateId };
  return ticketCode(
    parts,
    sign(null, Buffer.from(ticketCodeMessage(parts)), pair.privateKey).toString('base64url'),
  );
};
const hash = (shortId: string) =>
  createHash('sha256').update(shortId).digest().subarray(0, 16).toString('base64url');
const ANA = 'A'.repeat(22);
const RUI = 'B'.repeat(22);
const EVA = 'C'.repeat(22);

const list: PublicCheckInListResponse = {
  short_id: 'L'.repeat(22),
  name: 'Door',
  description: null,
  state: 'ACTIVE',
  activates_at: null,
  expires_at: '2031-01-01T00:00:00.000Z',
  ticket_ids: [1],
  date: null,
  event: {
    id: 7,
    title: 'Night',
    start_date: '2030-12-31T20:00:00.000Z',
    timezone: 'UTC',
    public_key: publicKey,
  },
  checked_in: 0,
  expected: 2,
  revoked: [hash(EVA)],
};
const person = (id: number, shortId: string, extra: Partial<CheckInAttendee> = {}): CheckInAttendee => ({
  id,
  code_hash: hash(shortId),
  first_name: `P${id}`,
  last_name: 'X',
  ticket_id: 1,
  ticket_title: 'Seat',
  order_reference: `REF0000${id}`,
  email_hint: 'p•••@example.com',
  status: 'ACTIVE',
  seat: null,
  payment_due: null,
  check_in: null,
  ...extra,
});
const data = {
  list,
  attendees: [
    person(1, ANA),
    person(2, RUI, { check_in: { id: 9, checked_in_at: '2030-12-31T20:05:00.000Z', device: 'Door 1' } }),
  ],
};
const now = new Date('2030-12-31T20:30:00Z');

describe('offline check-in', () => {
  it('hashes short ids exactly as the server does', async () => {
    expect(await codeHash(ANA)).toBe(hash(ANA));
  });

  it('reads the date of a code and refuses another date on a list bound to one', async () => {
    expect(await verifyOffline(signed(ANA, 1, 7, 31), publicKey, 7)).toEqual({
      attendeeShortId: ANA,
      eventId: 7,
      ticketId: 1,
      dateId: 31,
    });
    expect(await verifyOffline(signed(ANA, 1, 7, 31).replace('.1.31.', '.1.32.'), publicKey, 7)).toBeNull();
    const bound = {
      ...data,
      list: { ...list, date: { id: 31, starts_at: '2030-12-31T20:00:00.000Z', ends_at: null, label: null } },
    };
    expect((await decideOffline(bound, { code: signed(ANA, 1, 7, 32) }, now)).outcome).toBe('WRONG_DATE');
    expect((await decideOffline(bound, { code: signed(ANA, 1, 7, 31) }, now)).outcome).toBe('CHECKED_IN');
    // The same code on a list for every date.
    expect((await decideOffline(data, { code: signed(ANA, 1, 7, 32) }, now)).outcome).toBe('CHECKED_IN');
  });

  it('trusts only codes the event signed', async () => {
    expect(await verifyOffline(signed(ANA, 1), publicKey, 7)).toEqual({
      attendeeShortId: ANA,
      eventId: 7,
      ticketId: 1,
    });
    expect(await verifyOffline(signed(ANA, 1).replace('.7.1.', '.7.2.'), publicKey, 7)).toBeNull();
    expect(await verifyOffline(signed(ANA, 1, 8), publicKey, 7)).toBeNull();
    const other = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }).x ?? '';
    expect(await verifyOffline(signed(ANA, 1), other, 7)).toBeNull();
    expect(await verifyOffline('hello', publicKey, 7)).toBeNull();
  });

  it('decides as the server would', async () => {
    expect((await decideOffline(data, { code: signed(ANA, 1) }, now)).outcome).toBe('CHECKED_IN');
    expect((await decideOffline(data, { code: signed(RUI, 1) }, now)).outcome).toBe('ALREADY_CHECKED_IN');
    expect((await decideOffline(data, { code: signed(EVA, 1) }, now)).outcome).toBe('CANCELLED');
    expect((await decideOffline(data, { code: signed(ANA, 2) }, now)).outcome).toBe('NOT_ON_LIST');
    expect((await decideOffline(data, { code: 'forged' }, now)).outcome).toBe('INVALID');
    expect((await decideOffline(data, { attendeeId: 1 }, now)).outcome).toBe('CHECKED_IN');
    const later = new Date('2031-02-01T00:00:00Z');
    expect((await decideOffline(data, { code: signed(ANA, 1) }, later)).outcome).toBe('LIST_EXPIRED');
  });

  it('tells namesakes apart by their codes, and answers with the id', async () => {
    const twins = {
      list,
      attendees: [person(1, ANA, { first_name: 'Maria' }), person(2, RUI, { first_name: 'Maria' })],
    };
    const decided = await decideOffline(twins, { code: signed(RUI, 1) }, now);
    expect(decided).toMatchObject({ outcome: 'CHECKED_IN', attendee: { id: 2 } });
    expect(offlineAnswer(decided, now, 'Door 2').attendee).toEqual({
      id: 2,
      first_name: 'Maria',
      last_name: 'X',
      ticket_title: 'Seat',
      order_reference: 'REF00002',
      seat: null,
    });
  });

  it('says where a seated guest sits, and nothing for a list kept before seats were listed', async () => {
    const seat = { key: 'A-1-4', section: 'Stalls', row: 'A', row_kind: 'row' as const, seat: '4' };
    const seated = { list, attendees: [person(1, ANA, { seat })] };
    const decided = await decideOffline(seated, { code: signed(ANA, 1) }, now);
    expect(offlineAnswer(decided, now, 'Door 2').attendee?.seat).toEqual(seat);
    const { seat: _, ...kept } = person(1, ANA);
    const old = { list, attendees: [kept as CheckInAttendee] };
    const before = await decideOffline(old, { code: signed(ANA, 1) }, now);
    expect(offlineAnswer(before, now, 'Door 2').attendee?.seat).toBeNull();
  });

  it('lets a ticket awaiting payment in only once staff took the payment, and says what to collect', async () => {
    const due = { total: 7500, currency: 'EUR', items: [{ title: 'Seat', quantity: 3 }] };
    const owing = {
      list,
      attendees: [person(1, ANA, { status: 'AWAITING_PAYMENT', payment_due: due })],
    };
    const refused = await decideOffline(owing, { code: signed(ANA, 1) }, now);
    expect(refused.outcome).toBe('AWAITING_PAYMENT');
    expect(offlineAnswer(refused, now, 'Door 2').payment_due).toEqual(due);
    const paid = await decideOffline(owing, { attendeeId: 1, markPaid: true }, now);
    expect(paid.outcome).toBe('CHECKED_IN');
    expect(offlineAnswer(paid, now, 'Door 2').payment_due).toBeUndefined();
  });
});
