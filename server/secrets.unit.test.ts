import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretBox } from './secrets';

describe('secretBox', () => {
  it('opens what it sealed, and a different key cannot', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tessera-secrets-'));
    const box = secretBox({ secretKey: 'k'.repeat(40), dataDir });
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('same')).not.toBe(box.seal('same'));
    const other = secretBox({ secretKey: 'o'.repeat(40), dataDir });
    expect(() => other.open(sealed)).toThrow();
  });

  it('without SECRET_KEY keeps one generated key in DATA_DIR, readable only by its owner', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tessera-secrets-'));
    const sealed = secretBox({ secretKey: undefined, dataDir }).seal('hello');
    const file = path.join(dataDir, 'secret.key');
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(secretBox({ secretKey: undefined, dataDir }).open(sealed)).toBe('hello');
  });
});
