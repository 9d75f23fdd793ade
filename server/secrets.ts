import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Encryption of secrets kept in the database (two-factor secrets; decision 063). The key is
 * SECRET_KEY when set, otherwise a random key the server writes once to DATA_DIR/secret.key
 * (mode 0600) and reads back on every start. Several instances sharing one database must
 * share SECRET_KEY. A database dump without the key does not reveal the secrets.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const KEY_FILE = 'secret.key';
const VERSION = 'v1';

function keyMaterial(config: { secretKey: string | undefined; dataDir: string }): Buffer {
  if (config.secretKey) return Buffer.from(config.secretKey, 'utf8');
  const file = path.join(config.dataDir, KEY_FILE);
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  // `wx`: two processes starting at once keep the first one's key.
  try {
    writeFileSync(file, `${key.toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  }
}

/** AES-256-GCM under a key derived (HKDF-SHA-256) from the configured material. */
export function secretBox(config: { secretKey: string | undefined; dataDir: string }): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial(config), 'tessera', 'secrets at rest v1', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
