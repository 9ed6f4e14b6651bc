import { app } from '../../app.server';
import { env } from '../../env.server';
import { sealingKeys } from './seal.server';
import { createTotpStore, type TotpStore } from './store.server';

let store: TotpStore | undefined;

/**
 * The TOTP store over the app's database: one for every kind of account, members (`member:<no>`) and
 * staff (`staff:<id>`) alike, its secrets sealed with keys drawn from the session secrets.
 */
export async function appTotp(): Promise<TotpStore> {
  if (!store) {
    const { db } = await app();
    store = createTotpStore({ db, keys: sealingKeys(env().sessionSecrets, 'totp-secret') });
  }
  return store;
}
