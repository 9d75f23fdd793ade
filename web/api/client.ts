import { msg } from '@lingui/core/macro';
import type { ApiErrorBody } from '../../common/errors/definition';
import { HTTP_ERRORS } from '../../common/errors/http';
import { i18n } from '../i18n';
import { LOGIN_PATH, rememberReturnPath, shouldRedirectToLogin } from './auth-redirect';
import { ApiError } from './errors';
import { clearToken, getToken, setToken } from './token';

export { ApiError, isApiError } from './errors';

const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Appended to the URL; empty values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Set to false for calls whose 401/403 the caller handles itself (e.g. logout). */
  redirectOnAuthError?: boolean;
  /** Sees every answer (success or not) with when the call was sent, e.g. to read its `Date`. */
  onResponse?: (response: Response, sentAt: number) => void;
}

let navigate: (to: string) => void = (to) => window.location.assign(to);

/** Lets the router take over client-side navigation (no full page reload on a 401). */
export function setApiNavigator(navigator: (to: string) => void): void {
  navigate = navigator;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

/** Calls the API: JSON in and out, bearer token, typed errors, login redirect on 401/403. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (i18n.locale) headers['Accept-Language'] = i18n.locale;
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  const sentAt = Date.now();
  try {
    response = await fetch(apiUrl(path, request.query), {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? null : JSON.stringify(request.body),
      credentials: 'same-origin',
      signal: request.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError();
  }

  request.onResponse?.(response, sentAt);
  const body = await readBody(response);
  if (!response.ok) {
    const error = toApiError(response, body);
    if (error.status === 401) clearToken();
    if (error.code === TWO_FACTOR_SETUP_REQUIRED) redirectToSecuritySetup();
    else if (request.redirectOnAuthError !== false) redirectToLoginIfNeeded(error.status);
    throw error;
  }
  storeIssuedToken(response, body);
  return body as T;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Login and registration hand out a token in the body and in the `x-auth-token` header. */
function storeIssuedToken(response: Response, body: unknown): void {
  const fromBody =
    typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string'
      ? body.token
      : undefined;
  const token = fromBody ?? response.headers.get('x-auth-token');
  if (token) setToken(token);
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ApiErrorBody).message === 'string' &&
    typeof (body as ApiErrorBody).code === 'string'
  );
}

function toApiError(response: Response, body: unknown): ApiError {
  if (isErrorBody(body)) {
    return new ApiError({
      status: response.status,
      code: body.code,
      message: body.message,
      fieldErrors: body.errors,
      requestId: body.request_id,
    });
  }
  // No error body: a proxy or an outage answered, not the API.
  const unavailable = response.status === 502 || response.status === 503 || response.status === 504;
  return new ApiError({
    status: response.status,
    code: unavailable ? 'SERVICE_UNAVAILABLE' : 'UNEXPECTED',
    message: i18n._(unavailable ? HTTP_ERRORS.SERVICE_UNAVAILABLE.message : HTTP_ERRORS.INTERNAL.message),
  });
}

function networkError(): ApiError {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return new ApiError({
    status: 0,
    code: offline ? 'OFFLINE' : 'NETWORK_ERROR',
    message: i18n._(
      offline ? msg`You are offline. Check your connection and try again.` : HTTP_ERRORS.INTERNAL.message,
    ),
  });
}

/**
 * The account requires two-factor sign-in and this user has none yet (decision 063): every
 * call but setting it up answers 403 with this code, and the app goes to the security page.
 */
const TWO_FACTOR_SETUP_REQUIRED = 'TWO_FACTOR_SETUP_REQUIRED';
export const SECURITY_PATH = '/manage/profile/security';

function redirectToSecuritySetup(): void {
  if (window.location.pathname !== SECURITY_PATH) navigate(SECURITY_PATH);
}

function redirectToLoginIfNeeded(status: number): void {
  const { pathname, search } = window.location;
  if (!shouldRedirectToLogin(status, pathname)) return;
  rememberReturnPath(`${pathname}${search}`, sessionStorage);
  navigate(LOGIN_PATH);
}
