import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateAccountRequest } from '../../common/accounts';
import { RegisterRequest } from '../../common/auth';
import { messages as en } from '../../common/locales/en/messages';
import { UpdateMeRequest } from '../../common/users';
import { requiring, validateWith } from './form-errors';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: en });
});

describe('requiring', () => {
  const PasswordChange = requiring(UpdateMeRequest, ['current_password', 'new_password']);
  const validate = validateWith(PasswordChange);

  it('adds "required" for the optional fields this form needs', () => {
    expect(
      validate({
        current_password: '',
        new_password: 'long enough',
        new_password_confirmation: 'long enough',
      }),
    ).toEqual({
      current_password: 'This field is required.',
    });
  });

  it('keeps the rules of the shared schema', () => {
    expect(
      validate({ current_password: 'old', new_password: 'long enough', new_password_confirmation: 'other' }),
    ).toEqual({
      new_password_confirmation: 'The passwords do not match.',
    });
    expect(
      validate({ current_password: 'old', new_password: 'short', new_password_confirmation: 'short' }),
    ).toEqual({
      new_password: 'Enter at least 8 characters.',
    });
    expect(
      validate({
        current_password: 'old',
        new_password: 'long enough',
        new_password_confirmation: 'long enough',
      }),
    ).toEqual({});
  });
});

describe('validateWith', () => {
  it('checks the request the form will send, not the raw values', () => {
    type Values = { name: string; support_email: string; currency: string; timezone: string };
    const toRequest = (v: Values) => ({ ...v, support_email: v.support_email || null });
    const validate = validateWith(UpdateAccountRequest, toRequest);
    const values = { name: 'Harbour Events', support_email: '', currency: 'EUR', timezone: 'Europe/Lisbon' };
    expect(validate(values)).toEqual({});
    expect(validate({ ...values, support_email: 'not an address' })).toEqual({
      support_email: 'Enter a valid e-mail address.',
    });
  });
});

describe('the registration form', () => {
  it('shows every problem at once: a short password, a confirmation that differs, terms not accepted', () => {
    const validate = validateWith(RegisterRequest);
    expect(
      validate({
        first_name: 'Ana',
        last_name: '',
        email: 'ana@example.com',
        password: 'short',
        password_confirmation: 'shorter',
        accept_terms: false,
        currency: 'EUR',
        timezone: 'Europe/Lisbon',
      }),
    ).toEqual({
      password: 'Enter at least 8 characters.',
      password_confirmation: 'The passwords do not match.',
      accept_terms: 'Please accept the terms to continue.',
    });
  });
});
