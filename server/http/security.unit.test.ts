import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security';

async function cspWith(options: Parameters<typeof registerSecurityHeaders>[1]): Promise<string> {
  const app = Fastify();
  registerSecurityHeaders(app, options);
  app.get('/', async () => 'ok');
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return String(res.headers['content-security-policy']);
}

describe('the content security policy', () => {
  it('keeps everything on our own origin without card payments', async () => {
    const csp = await cspWith({ https: false });
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('stripe.com');
  });

  it('lets Stripe.js load, frame and call Stripe for the Payment Element', async () => {
    const csp = await cspWith({ https: false, stripe: { testApiBase: null } });
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
    expect(csp).toContain("frame-src 'self' blob: https://js.stripe.com https://hooks.stripe.com;");
  });

  it('lets the test-only card form reach the local Stripe stand-in, and nothing of Stripe', async () => {
    const csp = await cspWith({ https: false, stripe: { testApiBase: 'http://127.0.0.1:4242/' } });
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:4242;");
    expect(csp).not.toContain('stripe.com');
  });
});
