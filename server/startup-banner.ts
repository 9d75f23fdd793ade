import type { Config } from './config';

/** A connection string without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

export function describeDatabase(config: Config): string {
  if (config.databaseUrl) return `PostgreSQL at ${redactUrl(config.databaseUrl)}`;
  return `embedded PGlite in ${config.dataDir} (for trying Tessera and small events; set DATABASE_URL for real sales)`;
}

export function describeMail(config: Config): string {
  if (config.smtpUrl) return `SMTP via ${redactUrl(config.smtpUrl)} from ${config.mailFrom}`;
  return `no SMTP_URL set: e-mails are written as .eml files to ${config.dataDir}/mail/ and logged`;
}
