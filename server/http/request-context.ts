import { randomUUID } from 'node:crypto';
import type { I18n } from '@lingui/core';
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../common/i18n/locales';
import { i18nFor, localeOfRequest } from '../i18n';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    i18n: I18n;
  }
}

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Request ids: a client-sent `x-request-id` when well-formed, else a new UUID. */
export function genRequestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Gives every request its language and echoes its id, so a user can quote it to support. */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('i18n', {
    getter() {
      return i18nFor((this as { locale: Locale }).locale);
    },
  });
  // Callback hooks, not async ones: every request runs them, and a promise each is measurable
  // under a rush (issue 19).
  app.addHook('onRequest', (request, reply, done) => {
    request.locale = localeOfRequest(request.headers);
    reply.header('x-request-id', request.id);
    done();
  });
}
