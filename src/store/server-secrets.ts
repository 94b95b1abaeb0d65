import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * A secret every instance of the server shares (the key that signs media file URLs), made by
 * whichever instance needs it first and kept in the database: operators configure nothing, and
 * a URL one instance signed is valid at all of them.
 */
export async function serverSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
