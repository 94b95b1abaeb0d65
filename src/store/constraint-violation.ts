/** The integrity constraints the schema relies on, as both databases report their violation. */
export type ConstraintViolation = 'unique' | 'check' | 'foreign_key' | 'not_null';

const BY_CODE: Record<string, ConstraintViolation> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_CHECK: 'check',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign_key',
  SQLITE_CONSTRAINT_NOTNULL: 'not_null',
  '23505': 'unique',
  '23514': 'check',
  '23503': 'foreign_key',
  '23502': 'not_null',
};

/** Which constraint a database error violated, if it is a constraint violation at all. */
export function constraintViolation(error: unknown): ConstraintViolation | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? BY_CODE[code] : undefined;
}
