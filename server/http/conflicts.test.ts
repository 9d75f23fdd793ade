import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeEvent } from '../test/builders';
import { createIdentityKit, type IdentityKit, PASSWORD } from '../test/identity';
import { lastLink } from '../test/smtp';

// A request that clashes with data that already exists answers 409, with a translated message
// and the field at fault in `errors`; 422 stays for input that is wrong in itself. These are
// every "already exists" case of the API: a login's e-mail address, a member of the account,
// an event's promo code.

let kit: IdentityKit;
beforeAll(async () => {
  kit = await createIdentityKit();
});
afterAll(async () => {
  await kit?.close();
});

const register = (email: string, language = 'en') =>
  kit.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'accept-language': language },
    payload: {
      first_name: 'Grace',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accept_terms: true,
    },
  });

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

describe('an e-mail address another login uses', () => {
  it('is a 409 on registration, whatever its case, in the language of the request', async () => {
    const first = await makeAccount(kit.app);
    const taken = await register(first.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'EMAIL_TAKEN',
      message: 'This e-mail address is already in use.',
      errors: {
        email: ['A Tessera login already uses this e-mail address. Log in instead, or use another address.'],
      },
    });
    const german = await register(first.email, 'de');
    expect(german.statusCode).toBe(409);
    expect(german.json().message).toBe('Diese E-Mail-Adresse wird bereits verwendet.');
  });

  it('is a 409 for all but one of several registrations of one address at the same moment', async () => {
    const email = `race.${Date.now()}@example.com`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => register(email)));
    expect(statuses(answers)).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(Object.keys(answer.json().errors)).toEqual(['email']);
    }
  });

  it('is a 409 for an e-mail change, and when the new address was taken before the change is confirmed', async () => {
    const a = await makeAccount(kit.app);
    const b = await makeAccount(kit.app);
    const taken = await kit.as(a.token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { email: b.email, current_password: PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    expect(Object.keys(taken.json().errors)).toEqual(['email']);

    const wanted = `wanted.${Date.now()}@example.com`;
    await kit.as(a.token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { email: wanted, current_password: PASSWORD },
    });
    await kit.deliverMail();
    const link = lastLink(kit.smtp.to(wanted).at(-1), '/manage/profile/confirm-email-change/');
    expect((await register(wanted)).statusCode).toBe(201);
    const late = await kit.as(a.token, {
      method: 'POST',
      url: `/api/users/${a.userId}/email-change/${link.token}`,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'This e-mail address is already in use.',
    });
    const me = await kit.as(a.token, { method: 'GET', url: '/api/users/me' });
    expect(me.json().email).toBe(a.email);
  });
});

describe('inviting someone who already belongs to the account', () => {
  const invite = (token: string, email: string) =>
    kit.as(token, { method: 'POST', url: '/api/users', payload: { email, role: 'ORGANIZER' } });

  it('is a 409 on the e-mail field', async () => {
    const owner = await makeAccount(kit.app);
    const email = `member.${Date.now()}@example.com`;
    expect((await invite(owner.token, email)).statusCode).toBe(201);
    const again = await invite(owner.token, email.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'ALREADY_MEMBER',
      message: 'This person already belongs to this account.',
      errors: { email: ['This person already belongs to this account.'] },
    });
    expect((await invite(owner.token, owner.email)).json().code).toBe('ALREADY_MEMBER');
  });

  it('lets one of several simultaneous invitations in, and two accounts invite the same newcomer at once', async () => {
    const owner = await makeAccount(kit.app);
    const email = `rush.${Date.now()}@example.com`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => invite(owner.token, email)));
    expect(statuses(answers)).toEqual([201, 409, 409, 409]);

    const [one, two] = [await makeAccount(kit.app), await makeAccount(kit.app)];
    const newcomer = `both.${Date.now()}@example.com`;
    const both = await Promise.all([invite(one.token, newcomer), invite(two.token, newcomer)]);
    expect(statuses(both)).toEqual([201, 201]);
    expect(both[0]?.json().id).toBe(both[1]?.json().id);
  });
});

describe('a promo code the event already has', () => {
  it('is a 409 on the code field, whatever its case, on create and on rename; other events may use it', async () => {
    const owner = await makeAccount(kit.app);
    const event = await makeEvent(kit.app, owner);
    const url = `/api/events/${event.id}/promo-codes`;
    const create = (code: string) =>
      kit.as(owner.token, {
        method: 'POST',
        url,
        payload: { code, discount_type: 'PERCENTAGE', discount: 10 },
      });
    expect((await create('SUMMER')).statusCode).toBe(201);
    const duplicate = await create('summer');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      code: 'PROMO_CODE_TAKEN',
      message: 'This promo code already exists.',
      errors: { code: ['This event already has this code.'] },
    });

    const winter = (await create('WINTER')).json();
    const renamed = await kit.as(owner.token, {
      method: 'PUT',
      url: `${url}/${winter.id}`,
      payload: { code: 'Summer', discount_type: 'PERCENTAGE', discount: 10 },
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors).toEqual({ code: ['This event already has this code.'] });

    const answers = await Promise.all(Array.from({ length: 4 }, () => create('RUSH')));
    expect(statuses(answers)).toEqual([201, 409, 409, 409]);

    const other = await makeEvent(kit.app, owner);
    const elsewhere = await kit.as(owner.token, {
      method: 'POST',
      url: `/api/events/${other.id}/promo-codes`,
      payload: { code: 'summer', discount_type: 'PERCENTAGE', discount: 10 },
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});
