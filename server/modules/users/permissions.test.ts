import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeMember, type Owner } from '../../test/builders';
import { createIdentityKit, type IdentityKit, PASSWORD } from '../../test/identity';

let kit: IdentityKit;
let owner: Owner;
let organizer: { token: string; id: number; email: string };
let otherAccount: Owner;

beforeAll(async () => {
  kit = await createIdentityKit();
  owner = await makeAccount(kit.app, { first_name: 'Owner' });
  otherAccount = await makeAccount(kit.app, { first_name: 'Other' });
  const member = await makeMember(kit.app, owner, { role: 'ORGANIZER', first_name: 'Org' });
  organizer = { token: member.token, id: member.userId, email: member.email };
});
afterAll(async () => {
  await kit?.close();
});

describe('roles', () => {
  it('keep ORGANIZERs out of users and account settings (403)', async () => {
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object][] = [
      ['GET', '/api/users'],
      ['GET', `/api/users/${owner.userId}`],
      ['POST', '/api/users', { email: 'x@example.com', role: 'ADMIN' }],
      ['PUT', `/api/users/${organizer.id}`, { role: 'ADMIN' }],
      ['POST', `/api/users/${organizer.id}/invitation`],
      ['DELETE', `/api/users/${organizer.id}/invitation`],
      ['PUT', '/api/accounts/current', { name: 'Mine now', currency: 'EUR', timezone: 'UTC' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await kit.as(organizer.token, { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // What an ORGANIZER may do: read and edit their own profile, read the account.
    expect((await kit.as(organizer.token, { method: 'GET', url: '/api/users/me' })).json().role).toBe(
      'ORGANIZER',
    );
    expect((await kit.as(organizer.token, { method: 'GET', url: '/api/accounts/current' })).statusCode).toBe(
      200,
    );
  });

  it('lists, searches, filters and sorts the account’s users for admins', async () => {
    const list = await kit.as(owner.token, { method: 'GET', url: '/api/users?sort_by=email' });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ total: 2, current_page: 1 });
    expect(list.json().data.map((u: { email: string }) => u.email)).toEqual(
      [owner.email, organizer.email].sort(),
    );
    const organizers = await kit.as(owner.token, {
      method: 'GET',
      url: '/api/users?filter_fields[role][eq]=ORGANIZER',
    });
    expect(organizers.json().data.map((u: { id: number }) => u.id)).toEqual([organizer.id]);
    const search = await kit.as(owner.token, { method: 'GET', url: '/api/users?query=org' });
    expect(search.json().data.map((u: { id: number }) => u.id)).toEqual([organizer.id]);
    const bad = await kit.as(owner.token, { method: 'GET', url: '/api/users?sort_by=password_hash' });
    expect(bad.statusCode).toBe(422);
  });

  it('never shows another account’s users (404), even to its own admins', async () => {
    for (const url of [`/api/users/${owner.userId}`, `/api/users/${organizer.id}`]) {
      const res = await kit.as(otherAccount.token, { method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
    const edit = await kit.as(otherAccount.token, {
      method: 'PUT',
      url: `/api/users/${organizer.id}`,
      payload: { role: 'ADMIN' },
    });
    expect(edit.statusCode).toBe(404);
    const list = await kit.as(otherAccount.token, { method: 'GET', url: '/api/users' });
    expect(list.json().data.map((u: { id: number }) => u.id)).toEqual([otherAccount.userId]);
    expect((await kit.as(otherAccount.token, { method: 'GET', url: '/api/users/abc' })).statusCode).toBe(404);
  });

  it('fix the owner’s role and status', async () => {
    for (const payload of [{ role: 'ORGANIZER' }, { status: 'INACTIVE' }]) {
      const res = await kit.as(owner.token, { method: 'PUT', url: `/api/users/${owner.userId}`, payload });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'OWNER_IMMUTABLE',
        message: 'The role and status of the account owner cannot be changed.',
      });
    }
    const rename = await kit.as(owner.token, {
      method: 'PUT',
      url: `/api/users/${owner.userId}`,
      payload: { first_name: 'Renamed' },
    });
    expect(rename.json()).toMatchObject({ first_name: 'Renamed', role: 'ADMIN', status: 'ACTIVE' });
  });

  it('let an admin promote, deactivate (logging the user out) and reactivate', async () => {
    const promoted = await kit.as(owner.token, {
      method: 'PUT',
      url: `/api/users/${organizer.id}`,
      payload: { role: 'ADMIN' },
    });
    expect(promoted.json().role).toBe('ADMIN');
    expect((await kit.as(organizer.token, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    await kit.as(owner.token, {
      method: 'PUT',
      url: `/api/users/${organizer.id}`,
      payload: { role: 'ORGANIZER' },
    });

    const off = await kit.as(owner.token, {
      method: 'PUT',
      url: `/api/users/${organizer.id}`,
      payload: { status: 'INACTIVE' },
    });
    expect(off.json().status).toBe('INACTIVE');
    expect((await kit.as(organizer.token, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    const login = await kit.login(organizer.email, PASSWORD);
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('USER_INACTIVE');

    await kit.as(owner.token, {
      method: 'PUT',
      url: `/api/users/${organizer.id}`,
      payload: { status: 'ACTIVE' },
    });
    const back = await kit.login(organizer.email, PASSWORD);
    expect(back.statusCode).toBe(200);
    organizer.token = back.json().token;
  });
});

describe('account settings', () => {
  it('are read by members and changed by admins', async () => {
    const res = await kit.as(owner.token, {
      method: 'PUT',
      url: '/api/accounts/current',
      payload: {
        name: 'Lisbon Jazz Nights',
        support_email: 'Help@Jazz.example',
        currency: 'gbp',
        timezone: 'Europe/London',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Lisbon Jazz Nights',
      support_email: 'help@jazz.example',
      currency: 'GBP',
      timezone: 'Europe/London',
    });
    const seen = await kit.as(organizer.token, { method: 'GET', url: '/api/accounts/current' });
    expect(seen.json().name).toBe('Lisbon Jazz Nights');
    const other = await kit.as(otherAccount.token, { method: 'GET', url: '/api/accounts/current' });
    expect(other.json().name).not.toBe('Lisbon Jazz Nights');
  });
});
