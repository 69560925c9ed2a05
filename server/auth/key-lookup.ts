// A service's keys behind a lookup (a database query, a secrets service) instead of a fixed list.
// The lookup's own failure is not the caller's: it answers 503 in the API's body (the request was
// not judged, so a retry is safe), never 401 and never a 500 with the driver's message.
import { StoreUnavailableError } from '../core/errors.ts';

/** A key by its public part; `undefined` for an unknown key (401 as with a fixed list). */
export type KeyLookup<K> = (key: string) => K | undefined | Promise<K | undefined>;

/** The lookup's answer; its failure (thrown or rejected) becomes StoreUnavailableError('key'). */
export async function lookupKey<K>(lookup: KeyLookup<K>, key: string): Promise<K | undefined> {
  try {
    return await lookup(key);
  } catch (cause) {
    throw new StoreUnavailableError('key', cause);
  }
}
