import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';

/**
 * The wallet settings of the environment, once `config.ts` has parsed it. PEM values are the
 * PEM text itself; an environment that cannot hold several lines may write them as one, with
 * `\n` for each line break.
 */
export interface WalletEnv {
  WALLET_APPLE_PASS_TYPE_ID?: string;
  WALLET_APPLE_TEAM_ID?: string;
  WALLET_APPLE_CERT?: string;
  WALLET_APPLE_KEY?: string;
  WALLET_APPLE_KEY_PASSPHRASE?: string;
  WALLET_APPLE_WWDR?: string;
  WALLET_GOOGLE_ISSUER_ID?: string;
  WALLET_GOOGLE_SERVICE_ACCOUNT_EMAIL?: string;
  WALLET_GOOGLE_PRIVATE_KEY?: string;
}

export interface WalletConfig {
  /** Apple Wallet (.pkpass): the Pass Type ID, its team, and what signs the passes. */
  apple?: {
    passTypeId: string;
    teamId: string;
    /** PEM texts: the Pass Type ID certificate, its key (unencrypted), Apple's WWDR intermediate. */
    signerCert: string;
    signerKey: string;
    wwdr: string;
  };
  /** Google Wallet: the issuer and the service account whose key signs the save links. */
  google?: {
    issuerId: string;
    serviceAccountEmail: string;
    /** PEM text of the service account's RSA private key. */
    privateKey: string;
  };
}

const APPLE_REQUIRED = [
  'WALLET_APPLE_PASS_TYPE_ID',
  'WALLET_APPLE_TEAM_ID',
  'WALLET_APPLE_CERT',
  'WALLET_APPLE_KEY',
  'WALLET_APPLE_WWDR',
] as const;
const APPLE_ALL = [...APPLE_REQUIRED, 'WALLET_APPLE_KEY_PASSPHRASE'] as const;
const GOOGLE_REQUIRED = [
  'WALLET_GOOGLE_ISSUER_ID',
  'WALLET_GOOGLE_SERVICE_ACCOUNT_EMAIL',
  'WALLET_GOOGLE_PRIVATE_KEY',
] as const;

const pem = (value: string) => `${value.replace(/\\n/g, '\n').trim()}\n`;

/** Names the variables of a group that are missing when only some are set; [] when all or none are. */
function partial(env: WalletEnv, all: readonly (keyof WalletEnv)[], required: readonly (keyof WalletEnv)[]) {
  if (!all.some((name) => env[name])) return [];
  const missing = required.filter((name) => !env[name]);
  return missing.length === 0
    ? []
    : [`${required.join(', ')} go together: set all of them or none (missing: ${missing.join(', ')}).`];
}

function certificate(name: string, text: string, problems: string[]): X509Certificate | null {
  try {
    return new X509Certificate(pem(text));
  } catch {
    problems.push(`${name} is not a PEM certificate ("-----BEGIN CERTIFICATE-----" …).`);
    return null;
  }
}

function rsaKey(name: string, text: string, options: { passphrase?: string; problems: string[] }) {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem(text), format: 'pem', passphrase: options.passphrase });
  } catch {
    const encrypted = /ENCRYPTED/.test(text);
    options.problems.push(
      encrypted && options.passphrase === undefined
        ? `${name} is encrypted: set its passphrase.`
        : `${name} is not a PEM private key${encrypted ? ', or its passphrase does not open it' : ''}.`,
    );
    return null;
  }
  if (key.asymmetricKeyType !== 'rsa') {
    options.problems.push(`${name} must be an RSA key, not ${key.asymmetricKeyType}.`);
    return null;
  }
  return key;
}

function appleConfig(env: WalletEnv, problems: string[]): WalletConfig['apple'] {
  const { WALLET_APPLE_PASS_TYPE_ID: passTypeId, WALLET_APPLE_TEAM_ID: teamId } = env;
  const { WALLET_APPLE_CERT: cert, WALLET_APPLE_KEY: keyText, WALLET_APPLE_WWDR: wwdrText } = env;
  if (!passTypeId || !teamId || !cert || !keyText || !wwdrText) return undefined;
  const signer = certificate('WALLET_APPLE_CERT', cert, problems);
  const wwdr = certificate('WALLET_APPLE_WWDR', wwdrText, problems);
  const key = rsaKey('WALLET_APPLE_KEY', keyText, { passphrase: env.WALLET_APPLE_KEY_PASSPHRASE, problems });
  if (!signer || !wwdr || !key) return undefined;
  if (!signer.checkPrivateKey(key)) {
    problems.push('WALLET_APPLE_KEY is not the private key of WALLET_APPLE_CERT.');
    return undefined;
  }
  if (!signer.checkIssued(wwdr) || !signer.verify(wwdr.publicKey)) {
    problems.push(
      'WALLET_APPLE_CERT was not issued by WALLET_APPLE_WWDR: use the WWDR certificate that signed it.',
    );
    return undefined;
  }
  return {
    passTypeId,
    teamId,
    signerCert: signer.toString(),
    // The signing library reads unencrypted RSA keys; the passphrase is used here, once.
    signerKey: key.export({ type: 'pkcs1', format: 'pem' }).toString(),
    wwdr: wwdr.toString(),
  };
}

function googleConfig(env: WalletEnv, problems: string[]): WalletConfig['google'] {
  const { WALLET_GOOGLE_ISSUER_ID: issuerId, WALLET_GOOGLE_SERVICE_ACCOUNT_EMAIL: email } = env;
  if (!issuerId || !email || !env.WALLET_GOOGLE_PRIVATE_KEY) return undefined;
  const key = rsaKey('WALLET_GOOGLE_PRIVATE_KEY', env.WALLET_GOOGLE_PRIVATE_KEY, { problems });
  if (!key) return undefined;
  return {
    issuerId,
    serviceAccountEmail: email,
    privateKey: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** Wallet passes as configured, and what is wrong with the settings (the server does not start then). */
export function walletConfig(env: WalletEnv): { wallet: WalletConfig; problems: string[] } {
  const problems = [
    ...partial(env, APPLE_ALL, APPLE_REQUIRED),
    ...partial(env, GOOGLE_REQUIRED, GOOGLE_REQUIRED),
  ];
  if (problems.length > 0) return { wallet: {}, problems };
  const wallet: WalletConfig = { apple: appleConfig(env, problems), google: googleConfig(env, problems) };
  return { wallet, problems };
}
