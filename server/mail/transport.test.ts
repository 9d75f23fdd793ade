import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nFor } from '../i18n';
import { testConfig } from '../test/app';
import { startSmtp, type TestSmtp } from '../test/smtp';
import { renderMail } from './templates';
import { createMailer } from './transport';

let dataDir: string;
let smtp: TestSmtp;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-mail-'));
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const reset = (locale: 'en' | 'zh-CN') =>
  renderMail(
    'passwordReset',
    { firstName: 'Ada <script>', url: 'https://tickets.example/auth/reset-password/abc' },
    i18nFor(locale),
  );

describe('mailer', () => {
  it('delivers over SMTP with an HTML and a plain-text part', async () => {
    const mailer = createMailer(
      testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Tessera <tickets@example.com>' }),
      { info: () => {} },
    );
    await mailer.send({ to: 'ada@example.com', ...(await reset('zh-CN')) });
    mailer.close();
    const [mail] = smtp.to('ada@example.com');
    expect(mail?.subject).toBe('重置您的密码');
    expect(mail?.text).toContain('https://tickets.example/auth/reset-password/abc');
    expect(mail?.html).toContain('lang="zh-CN"');
    // Names are escaped in HTML.
    expect(mail?.html).toContain('Ada &#60;script&#62;');
    expect(mail?.html).not.toContain('<script>');
  });

  it('without SMTP_URL writes an .eml file under DATA_DIR/mail and logs subject, recipient and links', async () => {
    const logged: Record<string, unknown>[] = [];
    const mailer = createMailer(testConfig({ DATA_DIR: dataDir }), { info: (object) => logged.push(object) });
    await mailer.send({ to: 'grace@example.com', ...(await reset('en')) });
    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const parsed = await PostalMime.parse(await readFile(path.join(dataDir, 'mail', files[0] ?? '')));
    expect(parsed.subject).toBe('Reset your password');
    expect(parsed.to?.map((a) => ('address' in a ? a.address : ''))).toEqual(['grace@example.com']);
    expect(parsed.text).toContain('Choose a new password: https://tickets.example/auth/reset-password/abc');
    expect(logged).toEqual([
      expect.objectContaining({
        to: 'grace@example.com',
        subject: 'Reset your password',
        links: ['https://tickets.example/auth/reset-password/abc'],
      }),
    ]);
  });

  it('runs beforeEnd once the server has the whole mail and before it takes it; a throwing hook abandons the mail', async () => {
    const mailer = createMailer(testConfig({ SMTP_URL: smtp.url }), { info: () => {} });
    const to = (n: number) => `held${n}@example.com`;
    const seen: { started: number; received: number }[] = [];
    const before = smtp.started();
    await mailer.send({
      to: to(1),
      ...(await reset('en')),
      beforeEnd: async () => {
        // Give the server time to take the mail if it could: it must not have.
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen.push({ started: smtp.started() - before, received: smtp.to(to(1)).length });
      },
    });
    expect(seen).toEqual([{ started: 1, received: 0 }]);
    expect(smtp.to(to(1))).toHaveLength(1);

    await expect(
      mailer.send({
        to: to(2),
        ...(await reset('en')),
        beforeEnd: async () => {
          throw new Error('claim lost');
        },
      }),
    ).rejects.toThrow('claim lost');
    // The next mail goes through (on a new connection) and the abandoned one never arrives.
    await mailer.send({ to: to(3), ...(await reset('en')) });
    mailer.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.to(to(2))).toEqual([]);
    expect(smtp.to(to(3))).toHaveLength(1);
    expect(smtp.started() - before).toBe(3);
  });
});
