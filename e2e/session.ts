import type { Browser } from 'playwright-core';
import { baseUrl, openPage, type WatchedPage } from './browser';
import { waitForMail } from './mailbox';

/**
 * A fresh account set up through the API (registration, organizer, event) and a browser page
 * already logged in to it, for journeys that start in the organizer app rather than at sign-up
 * (the sign-up itself is covered by identity.test.ts).
 */
export interface OrganizerSession extends WatchedPage {
  token: string;
  email: string;
  eventId: number;
  /** Calls the API as this organizer; throws on a non-2xx answer. */
  api: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
}

let counter = 0;

export async function apiCall<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(new URL(path, baseUrl()), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function organizerSession(
  browser: Browser,
  options: {
    confirmEmail?: boolean;
    currency?: string;
    eventTitle?: string;
    /** Settings for the event, e.g. offline payment so that paid tickets can go live. */
    eventSettings?: Record<string, unknown>;
    locale?: string;
    /** The browser's own time zone (the machine's unless given). */
    timezoneId?: string;
  } = {},
): Promise<OrganizerSession> {
  counter += 1;
  const email = `organizer.${Date.now()}.${counter}@example.com`;
  const password = 'organizer password 1';
  const session = await apiCall<{ token: string; user: { id: number } }>('POST', '/api/auth/register', {
    first_name: 'Olga',
    last_name: 'Mendes',
    email,
    password,
    password_confirmation: password,
    accept_terms: true,
    currency: options.currency ?? 'EUR',
    timezone: 'Europe/Lisbon',
  });
  const token = session.token;
  const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(method, path, body, token);

  if (options.confirmEmail) {
    const mail = await waitForMail({ to: email, subject: /onfirm/ });
    const link = mail.links.find((l) => l.includes('/confirm-email-address/'));
    if (!link) throw new Error(`No confirmation link in "${mail.subject}"`);
    const confirmToken = new URL(link).pathname.split('/').pop();
    await api('POST', `/api/users/${session.user.id}/confirm-email/${confirmToken}`);
  }

  const organizer = await api<{ id: number }>('POST', '/api/organizers', { name: 'Riverside Music' });
  const start = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  start.setUTCHours(19, 0, 0, 0);
  const event = await api<{ id: number }>('POST', '/api/events', {
    title: options.eventTitle ?? `Summer Concert ${Date.now()}`,
    organizer_id: organizer.id,
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + 3 * 3600 * 1000).toISOString(),
    settings: options.eventSettings,
  });

  const watched = await openPage(browser, {
    locale: options.locale ?? 'en-US',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  await watched.context.addInitScript((value) => {
    localStorage.setItem('tessera_token', value);
  }, token);
  return { ...watched, token, email, eventId: event.id, api };
}
