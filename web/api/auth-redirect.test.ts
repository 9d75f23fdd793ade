import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AFTER_LOGIN,
  isPublicPath,
  rememberReturnPath,
  safeReturnPath,
  shouldRedirectToLogin,
  takeReturnPath,
} from './auth-redirect';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('isPublicPath', () => {
  it.each([
    '/auth/login',
    '/auth/register',
    '/auth/forgot-password',
    '/auth/reset-password/abc',
    '/auth/accept-invitation/abc',
    '/e/12/summer-fair',
    '/event/12/summer-fair',
    '/checkout/12/AB12/details',
    '/order/12/AB12/print',
    '/ticket/12/XY34',
    '/ticket/12/XY34/print',
    '/widget/12',
    '/check-in/k7f9',
    '/manage/event/12/orders',
  ])('keeps %s where it is', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/manage/events',
    '/manage/events/ended',
    '/manage/profile',
    '/account/users',
    '/auth',
    '/events/1',
  ])('sends %s to login', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });
});

describe('shouldRedirectToLogin', () => {
  it('redirects on 401 and 403 outside public pages only', () => {
    expect(shouldRedirectToLogin(401, '/manage/events')).toBe(true);
    expect(shouldRedirectToLogin(403, '/manage/account')).toBe(true);
    expect(shouldRedirectToLogin(401, '/e/1/fair')).toBe(false);
    expect(shouldRedirectToLogin(403, '/manage/event/1/dashboard')).toBe(false);
    expect(shouldRedirectToLogin(404, '/manage/events')).toBe(false);
    expect(shouldRedirectToLogin(500, '/manage/events')).toBe(false);
  });

  it('leaves a 403 on the account pages to their no-permission page, but not a 401', () => {
    expect(shouldRedirectToLogin(403, '/account/users')).toBe(false);
    expect(shouldRedirectToLogin(403, '/account/settings')).toBe(false);
    expect(shouldRedirectToLogin(401, '/account/users')).toBe(true);
  });
});

describe('return path after login', () => {
  it('restores the saved page once, then falls back to the events list', () => {
    const storage = memoryStorage();
    rememberReturnPath('/manage/events?page=2', storage);
    expect(takeReturnPath(storage)).toBe('/manage/events?page=2');
    expect(takeReturnPath(storage)).toBe(DEFAULT_AFTER_LOGIN);
  });

  it('refuses other sites and the login pages themselves', () => {
    expect(safeReturnPath('https://evil.example/')).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeReturnPath('//evil.example/x')).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeReturnPath('/\\evil.example')).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeReturnPath('/auth/login?x=1')).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeReturnPath(null)).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeReturnPath('/manage/profile')).toBe('/manage/profile');
  });
});
