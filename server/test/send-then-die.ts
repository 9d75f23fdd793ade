import { i18nFor } from '../i18n';
import { renderMail } from '../mail/templates';
import { createMailer } from '../mail/transport';
import { testConfig } from './app';

// For `server/mail/transport.test.ts`: sends one mail to argv[3] through the SMTP server at
// argv[2] and kills this process (SIGKILL, nothing runs after it) the moment the mail's end is
// written, before the server answers: right after the synchronous step that reports it, in
// which the last line is handed to the system.
const [smtpUrl, to] = process.argv.slice(2);
const mailer = createMailer(testConfig({ SMTP_URL: smtpUrl ?? '' }), { info: () => {} });
const content = await renderMail(
  'passwordReset',
  { firstName: 'Ada', url: 'https://tickets.example/auth/reset-password/abc' },
  i18nFor('en'),
);
await mailer.send({
  to: to ?? '',
  ...content,
  onEndWritten: () => process.nextTick(() => process.kill(process.pid, 'SIGKILL')),
});
console.error('the process outlived its mail');
process.exit(1);
