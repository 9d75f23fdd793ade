import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Wallet credentials made here, for tests: a certificate authority of our own standing in for
 * Apple's WWDR intermediate, a Pass Type ID certificate it issued (made with the openssl
 * command, as an operator exports theirs), and an RSA key standing in for a Google service
 * account's.
 */
export interface WalletKit {
  /** The WALLET_* variables, PEM texts included. */
  env: Record<string, string>;
  /** The stand-in WWDR certificate, to check a signature against. */
  caPem: string;
  /** The public half of the Google key, to check a save link's token. */
  googlePublicKey: string;
}

export const KIT_PASS_TYPE_ID = 'pass.test.tessera.tickets';
export const KIT_TEAM_ID = 'TESSERA123';
export const KIT_ISSUER_ID = '3388000000012345678';
export const KIT_SERVICE_ACCOUNT = 'wallet@tessera-test.iam.gserviceaccount.com';

const OPENSSL_CONFIG = `
[req]
distinguished_name = dn
prompt = no
[dn]
CN = unused
[ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[signer]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`;

/** Makes a fresh kit; `passphrase` encrypts the signer's key as an operator's export may be. */
export function makeWalletKit(options: { passphrase?: string } = {}): WalletKit {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-wallet-kit-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  try {
    writeFileSync(path.join(dir, 'kit.cnf'), OPENSSL_CONFIG);
    openssl(
      'req',
      '-x509',
      '-new',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-config',
      'kit.cnf',
      '-extensions',
      'ca',
      '-subj',
      '/CN=Tessera test WWDR/O=Tessera tests',
    );
    const keyProtection = options.passphrase ? ['-passout', `pass:${options.passphrase}`] : ['-nodes'];
    openssl(
      'req',
      '-new',
      '-newkey',
      'rsa:2048',
      ...keyProtection,
      '-keyout',
      'signer.key',
      '-out',
      'signer.csr',
      '-config',
      'kit.cnf',
      '-subj',
      `/UID=${KIT_PASS_TYPE_ID}/CN=Pass Type ID: ${KIT_PASS_TYPE_ID}/OU=${KIT_TEAM_ID}`,
    );
    openssl(
      'x509',
      '-req',
      '-in',
      'signer.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-set_serial',
      '2',
      '-days',
      '2',
      '-out',
      'signer.pem',
      '-extfile',
      'kit.cnf',
      '-extensions',
      'signer',
    );
    const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
    const google = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return {
      env: {
        WALLET_APPLE_PASS_TYPE_ID: KIT_PASS_TYPE_ID,
        WALLET_APPLE_TEAM_ID: KIT_TEAM_ID,
        WALLET_APPLE_CERT: read('signer.pem'),
        WALLET_APPLE_KEY: read('signer.key'),
        ...(options.passphrase ? { WALLET_APPLE_KEY_PASSPHRASE: options.passphrase } : {}),
        WALLET_APPLE_WWDR: read('ca.pem'),
        WALLET_GOOGLE_ISSUER_ID: KIT_ISSUER_ID,
        WALLET_GOOGLE_SERVICE_ACCOUNT_EMAIL: KIT_SERVICE_ACCOUNT,
        WALLET_GOOGLE_PRIVATE_KEY: google.privateKey,
      },
      caPem: read('ca.pem'),
      googlePublicKey: google.publicKey,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
