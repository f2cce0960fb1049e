/**
 * Applicants' ID numbers (Aadhaar, PAN, Jan Aadhaar, voter ID, bank accounts) at rest: sealed
 * together with AES-256-GCM (sealed.ts) under a key from ID_NUMBER_KEYS — kept apart from the
 * database's credentials, so a copy of the database alone opens nothing — and bound to the
 * application's draft id, so a sealed value copied into another row does not open there.
 * Only the last four characters are ever kept in clear (the masks). Keys rotate: the first key of
 * ID_NUMBER_KEYS seals, every key listed opens what it sealed, and `npm run ids:reseal` moves old
 * rows to the first key (resealAll below) before an old key is dropped.
 */
import { authKeys } from '../auth/auth-keys';
import { query, transaction } from '../platform/db';
import { ConfigurationError, env } from '../platform/env';
import { seal, unseal } from '../platform/sealed';

/** One key of the keyring. */
export interface IdKey {
  /** Its name, stored with each row it sealed (applications.id_key). */
  id: string;
  key: Uint8Array;
}

/** The id of the key derived from AUTH_SECRET when ID_NUMBER_KEYS is unset (local mode only). */
export const LOCAL_KEY_ID = 'local';

/** Parses `id:base64key,…` (env.ts has checked its shape); the first key seals. */
export function parseKeyring(value: string): IdKey[] {
  const keys = value.split(',').map((pair) => {
    const [id, base64] = pair.split(':') as [string, string];
    return { id, key: new Uint8Array(Buffer.from(base64, 'base64')) };
  });
  const ids = new Set(keys.map((k) => k.id));
  if (ids.size !== keys.length) throw new ConfigurationError('ID_NUMBER_KEYS names a key twice: give each key its own id.');
  if (keys.some((k) => k.key.length !== 32)) throw new ConfigurationError('ID_NUMBER_KEYS: each key must be 32 bytes in base64.');
  return keys;
}

let cached: IdKey[] | undefined;

/** The keyring: ID_NUMBER_KEYS, or locally (only) a key derived from AUTH_SECRET. */
export function idKeyring(): IdKey[] {
  if (cached) return cached;
  const { ID_NUMBER_KEYS, local } = env();
  if (ID_NUMBER_KEYS) cached = parseKeyring(ID_NUMBER_KEYS);
  else if (local) cached = [{ id: LOCAL_KEY_ID, key: authKeys().localIdNumbers }];
  else throw new ConfigurationError('ID_NUMBER_KEYS is not set: ID numbers cannot be stored (see the README, "Application data").');
  return cached;
}

/** How an ID number is shown without an explicit, logged action: its last four characters. */
export const maskId = (value: string) => `•••• ${value.slice(-4)}`;

/** ID numbers sealed for one application. */
export interface SealedIds {
  /** The sealed JSON object of every ID number, or null when the form has none. */
  sealed: string | null;
  /** The key that sealed them (null with nothing sealed). */
  keyId: string | null;
  /** Field name → masked value ('•••• 1234'). */
  masks: Record<string, string>;
}

/** Seals `values` (field name → ID number) with the first key, bound to the application's `draft`. */
export function sealIds(values: Record<string, string>, draft: string, keyring: IdKey[] = idKeyring()): SealedIds {
  const masks = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, maskId(value)]));
  if (Object.keys(values).length === 0) return { sealed: null, keyId: null, masks };
  const [first] = keyring;
  return { sealed: seal(JSON.stringify(values), first!.key, draft), keyId: first!.id, masks };
}

/**
 * Opens what sealIds sealed with key `keyId` for `draft`. Throws when the key is no longer in
 * the keyring, or the value was altered or moved to another application.
 */
export function openIds(sealed: string, keyId: string, draft: string, keyring: IdKey[] = idKeyring()): Record<string, string> {
  const found = keyring.find((k) => k.id === keyId);
  if (!found) throw new Error(`The key "${keyId}" that sealed these ID numbers is not in ID_NUMBER_KEYS.`);
  return JSON.parse(unseal(sealed, found.key, draft)) as Record<string, string>;
}

/** What resealAll did. */
export interface Resealed {
  /** Rows moved to the first key. */
  resealed: number;
  /** Rows already sealed with it. */
  current: number;
  /** Rows whose key is not in the keyring (left as they are, named in the log). */
  unknownKey: number;
}

/**
 * Re-seals every application's ID numbers that another key sealed with the first key of the
 * keyring, a batch at a time, each row only if it is still as read (a concurrent purge wins).
 * Afterwards the old keys can be dropped from ID_NUMBER_KEYS.
 */
export async function resealAll(batch = 200, keyring: IdKey[] = idKeyring()): Promise<Resealed> {
  const first = keyring[0]!;
  const known = keyring.map((k) => k.id);
  const [counts] = await query<{ current: number; unknown: number }>(
    `select count(*) filter (where id_key = $1)::int as current, count(*) filter (where id_key <> all($2::text[]))::int as unknown
       from applications where id_numbers is not null`,
    [first.id, known],
  );
  const unknown = await query<{ reference: string; id_key: string }>(
    `select l.reference, a.id_key from applications a join leads l on l.id = a.lead_id
      where a.id_numbers is not null and a.id_key <> all($1::text[]) order by a.lead_id limit 20`,
    [known],
  );
  for (const row of unknown) console.error(`${row.reference}: sealed with key "${row.id_key}", which is not in ID_NUMBER_KEYS; left as it is.`);
  let resealed = 0;
  for (;;) {
    const done = await transaction(async (client) => {
      const { rows } = await client.query<{ lead_id: string; draft: string; id_numbers: string; id_key: string }>(
        `select lead_id::text, draft::text, id_numbers, id_key from applications
          where id_numbers is not null and id_key <> $1 and id_key = any($2::text[])
          order by lead_id limit $3 for update skip locked`,
        [first.id, known, batch],
      );
      for (const row of rows) {
        const values = openIds(row.id_numbers, row.id_key, row.draft, keyring);
        const { sealed } = sealIds(values, row.draft, keyring);
        await client.query('update applications set id_numbers = $2, id_key = $3 where lead_id = $1', [row.lead_id, sealed, first.id]);
      }
      return rows.length;
    });
    resealed += done;
    if (done < batch) break;
  }
  return { resealed, current: counts?.current ?? 0, unknownKey: counts?.unknown ?? 0 };
}
