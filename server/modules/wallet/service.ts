import type { WalletConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { FileStorage } from '../../storage';
import { createApplePass } from './apple';
import { createGoogleSaveToken, GOOGLE_SAVE_URL } from './google';
import { getWalletTicket } from './ticket';

interface PassRequest {
  db: Db;
  storage: FileStorage;
  wallet: WalletConfig;
  appUrl: string;
  eventId: number;
  shortId: string;
}

/** `GET …/attendees/{shortId}/wallet.pkpass`: the ticket as a signed Apple Wallet pass. */
export async function createAppleWalletPass({ db, storage, wallet, appUrl, eventId, shortId }: PassRequest) {
  if (!wallet.apple) throw new AppError('WALLET_NOT_CONFIGURED');
  const ticket = await getWalletTicket(db, { eventId, shortId, appUrl, storage });
  return createApplePass(wallet.apple, ticket);
}

/** `GET …/attendees/{shortId}/wallet/google`: the link that saves the ticket to Google Wallet. */
export async function createGoogleWalletLink({ db, storage, wallet, appUrl, eventId, shortId }: PassRequest) {
  if (!wallet.google) throw new AppError('WALLET_NOT_CONFIGURED');
  const ticket = await getWalletTicket(db, { eventId, shortId, appUrl, storage });
  return `${GOOGLE_SAVE_URL}${createGoogleSaveToken(wallet.google, { ticket, appUrl })}`;
}
