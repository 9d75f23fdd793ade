import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RequestValidationError, zodValidatorCompiler } from './validation';

/** A validator as Fastify compiles it for one route's part, and how often zod ran its schema. */
function compiled(httpPart: string, shape: z.ZodRawShape) {
  let runs = 0;
  const schema = z.object(shape).refine(() => {
    runs += 1;
    return true;
  });
  const validate = zodValidatorCompiler({ schema, httpPart, method: 'GET', url: '/x' }) as (
    data: unknown,
  ) => { value?: Record<string, unknown>; error?: RequestValidationError };
  return { validate, runs: () => runs };
}

describe('the validator of path parameters', () => {
  it('remembers a valid id and hands out a copy of its output each time', () => {
    const { validate, runs } = compiled('params', { id: z.coerce.number().int().positive() });
    const first = validate({ id: '12' });
    const second = validate({ id: '12' });
    expect(first.value).toEqual({ id: 12 });
    expect(second.value).toEqual({ id: 12 });
    expect(second.value).not.toBe(first.value);
    expect(runs()).toBe(1);
    if (first.value) first.value.id = 99;
    expect(validate({ id: '12' }).value).toEqual({ id: 12 });
  });

  it('still refuses what is invalid, every time, and tells two ids apart', () => {
    const { validate } = compiled('params', { id: z.coerce.number().int().positive() });
    expect(validate({ id: '12' }).value).toEqual({ id: 12 });
    for (let i = 0; i < 2; i += 1)
      expect(validate({ id: '-1' }).error).toBeInstanceOf(RequestValidationError);
    expect(validate({ id: '13' }).value).toEqual({ id: 13 });
    expect(validate({ id: '\u0000' }).error).toBeInstanceOf(RequestValidationError);
  });

  it('does not keep long values, such as the token of a link', () => {
    const { validate, runs } = compiled('params', { token: z.string() });
    const token = 'Q2hhbmdlTWVQbGVhc2VJdHNBU2VjcmV0VG9rZW4xMjM';
    validate({ token });
    validate({ token });
    expect(runs()).toBe(2);
  });
});

describe('the validator of a query string', () => {
  it('remembers only the empty query: one with values is validated each time', () => {
    const { validate, runs } = compiled('querystring', { promo_code: z.string().optional() });
    validate({});
    validate({});
    expect(runs()).toBe(1);
    validate({ promo_code: 'A' });
    validate({ promo_code: 'A' });
    expect(runs()).toBe(3);
  });

  it('never remembers a body', () => {
    const { validate, runs } = compiled('body', { name: z.string() });
    validate({ name: 'a' });
    validate({ name: 'a' });
    expect(runs()).toBe(2);
  });
});
