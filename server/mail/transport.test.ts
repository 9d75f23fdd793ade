import { spawn } from 'node:child_process';
import { once } from 'node:events';
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

  it('calls onEndWritten once, when the mail is written and before the server answers', async () => {
    const mailer = createMailer(testConfig({ SMTP_URL: smtp.url }), { info: () => {} });
    const seen: { received: number; sendReturned: boolean }[] = [];
    let sendReturned = false;
    await mailer
      .send({
        to: 'ended@example.com',
        ...(await reset('en')),
        onEndWritten: () => seen.push({ received: smtp.to('ended@example.com').length, sendReturned }),
      })
      .then(() => {
        sendReturned = true;
      });
    mailer.close();
    expect(seen).toEqual([{ received: 0, sendReturned: false }]);
    expect(smtp.to('ended@example.com')).toHaveLength(1);
  });

  it('a mail whose end was written arrives although its process is killed at that moment', async () => {
    // The child sends one mail and SIGKILLs itself from onEndWritten, before the server's answer.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/test/send-then-die.ts', smtp.url, 'killed@example.com'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    expect({ signal, stderr }).toEqual({ signal: 'SIGKILL', stderr: '' });
    for (let i = 0; i < 50 && smtp.to('killed@example.com').length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(smtp.to('killed@example.com').map((m) => m.subject)).toEqual(['Reset your password']);
  });
});
