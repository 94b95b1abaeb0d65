import type pg from 'pg';

let driver: typeof pg | undefined;

/**
 * The `pg` driver, loaded when a PostgreSQL store is opened: a process on SQLite (the default
 * server, most CLI commands) never loads it, and starts that much sooner.
 */
export async function loadPostgresDriver(): Promise<typeof pg> {
  driver ??= (await import('pg')).default;
  return driver;
}

/** The driver a PostgreSQL store loaded (there is no PostgreSQL pool to use before one is opened). */
export function loadedPostgresDriver(): typeof pg {
  if (!driver) throw new Error('the PostgreSQL driver is used before a PostgreSQL store was opened');
  return driver;
}
