import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRateLimited, newAddress, STRICT_LIMITS, send } from '../test/abuse';
import { createTestApp, type TestApp, testConfig } from '../test/app';
import { makeAccount, type Owner } from '../test/builders';

// The limits of issue 41's routes (decisions 063–066): passkey sign-in, the password asked again
// before a deletion, and a buyer's data requests. As in abuse-limits.test.ts, `app` runs with the
// real defaults and `strict` with small values; every test uses addresses of its own.

let app: TestApp;
let strict: TestApp;
let strictOwner: Owner;
beforeAll(async () => {
  app = await createTestApp();
  strict = await createTestApp({ config: testConfig(STRICT_LIMITS) });
  strictOwner = await makeAccount(strict.app);
});
afterAll(async () => {
  await app?.close();
  await strict?.close();
});

describe('passkey sign-in', () => {
  const assertion = {
    id: 'Y3JlZA',
    rawId: 'Y3JlZA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    clientExtensionResults: {},
  };

  it('limits the challenges one client address asks for (3 a minute in the strict app)', async () => {
    const from = newAddress();
    const options = () =>
      send(strict, from, { method: 'POST', url: '/api/auth/passkeys/options', payload: {} });
    for (let i = 0; i < 3; i++) expect((await options()).statusCode).toBe(200);
    expectRateLimited(await options());
    // Another address is not held up.
    expect(
      (await send(strict, newAddress(), { method: 'POST', url: '/api/auth/passkeys/options', payload: {} }))
        .statusCode,
    ).toBe(200);
  });

  it('limits the answers one client address sends', async () => {
    const from = newAddress();
    const answer = (i: number) =>
      send(strict, from, {
        method: 'POST',
        url: '/api/auth/passkeys/login',
        payload: { challenge: `guessed-challenge-${i}-${from}`, response: assertion },
      });
    for (let i = 0; i < 3; i++) expect((await answer(i)).statusCode).toBe(410);
    expectRateLimited(await answer(3));
  });
});

describe('asking for the password again (decision 065)', () => {
  it('limits wrong passwords of one login on account and login deletion, from any address', async () => {
    const member = await makeAccount(strict.app);
    for (const url of ['/api/accounts/current/deletion', '/api/users/me/deletion']) {
      const guess = (from: string) =>
        send(strict, from, {
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${member.token}` },
          payload: { password: 'not the password' },
        });
      for (let i = 0; i < 3; i++) expect((await guess(newAddress())).statusCode).toBe(422);
      expectRateLimited(await guess(newAddress()));
    }
    // Another login is not held up.
    const other = await send(strict, newAddress(), {
      method: 'POST',
      url: '/api/users/me/deletion',
      headers: { authorization: `Bearer ${strictOwner.token}` },
      payload: { password: 'not the password' },
    });
    expect(other.statusCode).toBe(422);
  });
});

describe('a buyer’s data requests', () => {
  const ask = (from: string, email: string) =>
    send(app, from, { method: 'POST', url: '/api/public/data-requests', payload: { email } });

  it('limits the requests of one client address a minute, and of one e-mail address an hour', async () => {
    const from = newAddress();
    for (let i = 0; i < 5; i++)
      expect((await ask(from, `asker${i}.${from}@example.com`)).statusCode).toBe(202);
    expectRateLimited(await ask(from, `asker.more.${from}@example.com`));
    // One address asked for over many client addresses: three an hour, found or not.
    const victim = `victim.${newAddress()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await ask(newAddress(), victim)).statusCode).toBe(202);
    expectRateLimited(await ask(newAddress(), victim.toUpperCase()));
  });

  it('limits the downloads of one client address a minute', async () => {
    const from = newAddress();
    const download = () =>
      send(app, from, { method: 'GET', url: `/api/public/data-exports/${'x'.repeat(22)}` });
    for (let i = 0; i < 10; i++) expect((await download()).statusCode).toBe(410);
    expectRateLimited(await download());
  });
});
