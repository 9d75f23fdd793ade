import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/*
 * A software authenticator for tests (decision 066): it makes a real WebAuthn credential (ES256
 * key, 'none' attestation) and signs real assertions, as a browser with a security key would
 * send them: CBOR-encoded attestation object, authenticator data and client data JSON.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

/** The few CBOR items WebAuthn needs: integers, byte and text strings, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

export interface RegistrationOptionsJson {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
}

export interface AuthenticationOptionsJson {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

/** One credential (passkey) of one authenticator. */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly key: KeyObject;
  private readonly publicKey: KeyObject;
  /** The signature counter; starts at 0 and grows with each assertion. */
  counter = 0;
  /** The user handle the site gave at registration (a discoverable credential keeps it). */
  userHandle: string | undefined;

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to `navigator.credentials.create()` with these options. */
  register(options: RegistrationOptionsJson, origin = this.origin) {
    this.userHandle = options.user.id;
    const flags = 0x01 | 0x04 | 0x40; // user present, user verified, attested credential data
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authData = Buffer.concat([
      sha256(options.rp.id ?? this.rpId),
      Buffer.from([flags]),
      counter,
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The browser's answer to `navigator.credentials.get()`; the counter grows unless `counter` is given. */
  assert(options: AuthenticationOptionsJson, input: { counter?: number; verified?: boolean } = {}) {
    this.counter = input.counter ?? this.counter + 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const flags = 0x01 | (input.verified === false ? 0 : 0x04);
    const authData = Buffer.concat([sha256(options.rpId ?? this.rpId), Buffer.from([flags]), count]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.key);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
