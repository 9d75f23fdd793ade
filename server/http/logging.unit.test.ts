import { describe, expect, it } from 'vitest';
import { censorSecrets, loggablePath, serializeError } from './logging';

describe('loggablePath', () => {
  it('keeps plain words and numbers, and hides tokens, ids of secret links and the query', () => {
    expect(loggablePath('/checkout/12/k7f9Qz2xYw8b3LmN4pRt6v/details?email=a@b.c')).toBe(
      '/checkout/12/:value/details',
    );
    expect(loggablePath('/auth/reset-password/Q2hhbmdlTWVQbGVhc2VJdHNBU2VjcmV0VG9rZW4xMjM')).toBe(
      '/auth/reset-password/:value',
    );
    expect(loggablePath('/e/7/fado-night')).toBe('/e/7/fado-night');
    expect(loggablePath('/')).toBe('/');
  });
});

describe('serializeError', () => {
  it('drops bound parameters and quoted values of database errors, and keeps where it failed', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "ada@example.com"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (email)=(ada@example.com) already exists.',
    });
    const error = Object.assign(new Error('Failed query: select $1::int\nparams: ada@example.com,Ada'), {
      query: 'select $1::int',
      params: ['ada@example.com', 'Ada'],
      cause,
    });
    const logged = serializeError(error);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain(',Ada');
    expect(logged).toMatchObject({ query: 'select $1::int', cause: { code: '22P02' } });
    expect(logged.stack).toContain('logging.unit.test.ts');
  });

  it('keeps a plain message logged as an error, without e-mail addresses or tokens', () => {
    const logged = serializeError('550 mailbox of grace@example.com is full (id Q2hhbmdlTWVQbGVhc2VJdHNB1)');
    expect(logged.message).toBe('550 mailbox of [email] is full (id [token])');
  });
});

describe('censorSecrets', () => {
  it('blanks secret keys on the first three levels, in objects and arrays, without touching the original', () => {
    const original = {
      email: 'a@b.c',
      status: 200,
      buyer: { last_name: 'Lovelace', address: { token: 't', city: 'London' } },
      lines: [{ short_id: 'x' }],
      deep: { one: { two: { email: 'kept, too deep' } } },
    };
    const logged = censorSecrets(original);
    expect(logged).toEqual({
      email: '[redacted]',
      status: 200,
      buyer: { last_name: '[redacted]', address: { token: '[redacted]', city: 'London' } },
      lines: [{ short_id: '[redacted]' }],
      deep: { one: { two: { email: 'kept, too deep' } } },
    });
    expect(original.email).toBe('a@b.c');
    expect(original.buyer.address.token).toBe('t');
  });

  it('hands back the very object when it holds nothing to blank, and leaves errors to their serializer', () => {
    const line = { method: 'GET', route: '/api/public/events/:id', status: 200, ms: 1.2 };
    expect(censorSecrets(line)).toBe(line);
    const err = Object.assign(new Error('boom'), { email: 'a@b.c' });
    expect(censorSecrets({ err }).err).toBe(err);
  });
});
