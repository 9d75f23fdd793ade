/** Who the passkeys are for (decision 066): the site at APP_URL, by its host name and origin. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  return { id: url.hostname, origin: url.origin, name: 'Tessera' };
}

export const toBase64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
export const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => {
  const buffer = Buffer.from(text, 'base64url');
  const bytes = new Uint8Array(new ArrayBuffer(buffer.length));
  bytes.set(buffer);
  return bytes;
};
