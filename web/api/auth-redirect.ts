/**
 * Where a 401/403 from the API sends the visitor, and where a login sends them back.
 * Pure functions; the storage is passed in so they are easy to test.
 */

export const LOGIN_PATH = '/auth/login';
export const DEFAULT_AFTER_LOGIN = '/manage/events';
const RETURN_TO_KEY = 'tessera_return_to';

/** First path segments of pages anyone may open without logging in. */
const PUBLIC_SECTIONS = new Set(['e', 'event', 'checkout', 'order', 'widget', 'ticket', 'check-in']);
/** Pages under /auth/ that are used before (or instead of) logging in. */
const PUBLIC_AUTH_PAGES = new Set([
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'accept-invitation',
]);

function segments(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

/**
 * True for the pages an authentication error must not redirect away from: the public buyer and
 * check-in pages, the login/registration pages, anything printable, and the event manager
 * (`/manage/event/…`), which shows its own no-permission state.
 */
export function isPublicPath(pathname: string): boolean {
  const [first, second] = segments(pathname);
  if (first === undefined) return false;
  if (PUBLIC_SECTIONS.has(first)) return true;
  if (first === 'auth') return second !== undefined && PUBLIC_AUTH_PAGES.has(second);
  if (first === 'manage' && second === 'event') return true;
  return segments(pathname).at(-1) === 'print';
}

/**
 * Organizer pages that answer a 403 with their own no-permission page instead of the login
 * page: the visitor is logged in, only their role does not reach this far.
 */
export function showsOwnNoPermission(pathname: string): boolean {
  return segments(pathname)[0] === 'account';
}

/** Whether an API answer with this status, received while on this page, should send the visitor to log in. */
export function shouldRedirectToLogin(status: number, pathname: string): boolean {
  if (status === 401) return !isPublicPath(pathname);
  if (status === 403) return !isPublicPath(pathname) && !showsOwnNoPermission(pathname);
  return false;
}

/**
 * A URL that is safe to return to after login: a same-site path (no `//host` or scheme) that
 * is not a login page itself, else the default.
 */
export function safeReturnPath(url: string | null | undefined): string {
  if (!url?.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return DEFAULT_AFTER_LOGIN;
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  if (segments(pathname)[0] === 'auth') return DEFAULT_AFTER_LOGIN;
  return url;
}

/** Saves the page to come back to after login. */
export function rememberReturnPath(url: string, storage: Pick<Storage, 'setItem'>): void {
  storage.setItem(RETURN_TO_KEY, url);
}

/** Returns (and forgets) the page saved before login, or the default. */
export function takeReturnPath(storage: Pick<Storage, 'getItem' | 'removeItem'>): string {
  const saved = storage.getItem(RETURN_TO_KEY);
  storage.removeItem(RETURN_TO_KEY);
  return safeReturnPath(saved);
}
