import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages as de } from '../locales/de/messages';
import { messages as en } from '../locales/en/messages';
import { fieldErrors, VALIDATION } from './validation';

const english = setupI18n({ locale: 'en', messages: { en } });
const german = setupI18n({ locale: 'de', messages: { de } });

const Form = z.strictObject({
  first_name: z.string().min(1).max(50),
  password: z.string().min(8),
  email: z.email(),
  website: z.url().optional(),
  quantity: z.int().min(1).max(10),
  options: z.array(z.string()).min(1),
  kind: z.enum(['FREE', 'PAID']),
});

function errorsOf(input: unknown, i18n = english) {
  const result = Form.safeParse(input, { reportInput: true });
  if (result.success) throw new Error('expected a failure');
  return fieldErrors(result.error.issues, i18n);
}

describe('fieldErrors', () => {
  it('writes one clear message per field', () => {
    expect(
      errorsOf({
        first_name: '',
        password: 'short',
        email: 'nope',
        website: 'not a url',
        quantity: 11,
        options: [],
        kind: 'GIFT',
        colour: 'red',
      }),
    ).toEqual({
      first_name: ['This field is required.'],
      password: ['Enter at least 8 characters.'],
      email: ['Enter a valid e-mail address.'],
      website: ['Enter a valid web address.'],
      quantity: ['Must be at most 10.'],
      options: ['Choose at least 1 item.'],
      kind: ['Choose one of: FREE, PAID.'],
      colour: ['This field is not accepted here.'],
    });
  });

  it('tells missing fields from wrong types', () => {
    expect(errorsOf({ first_name: 5, quantity: 1.5 })).toMatchObject({
      first_name: ['Expected a string.'],
      password: ['This field is required.'],
      quantity: ['Enter a whole number.'],
    });
  });

  it('translates, including plurals', () => {
    expect(errorsOf({ password: 'short' }, german)).toMatchObject({
      password: ['Geben Sie mindestens 8 Zeichen ein.'],
      email: ['Dieses Feld ist erforderlich.'],
    });
  });

  it('reports unknown fields named like Object’s own properties', () => {
    const input = JSON.parse('{"constructor": 1, "toString": 2, "__proto__": 3, "hasOwnProperty": 4}');
    const errors = errorsOf(input);
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(Object.hasOwn(errors, key), key).toBe(true);
      expect(errors[key], key).toEqual(['This field is not accepted here.']);
    }
  });

  it('uses a schema’s own message when it names a catalog entry', () => {
    const Passwords = z
      .object({ password: z.string(), confirm: z.string() })
      .refine((v) => v.password === v.confirm, { path: ['confirm'], message: VALIDATION.invalid.id });
    const result = Passwords.safeParse({ password: 'a', confirm: 'b' });
    expect(fieldErrors(result.error?.issues ?? [], german)).toEqual({
      confirm: ['Dieser Wert ist ungültig.'],
    });
  });
});
