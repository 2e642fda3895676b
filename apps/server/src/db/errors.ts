const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Whether a database error is a unique-constraint violation (of `constraint`, when named). Drizzle
 * wraps driver errors, so the chain of causes is searched; PGlite and node-postgres both carry
 * PostgreSQL's SQLSTATE in `code` and the index name in `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current && typeof current === 'object'; ) {
    const {
      code,
      constraint: name,
      cause,
    } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || name === constraint;
    current = cause;
  }
  return false;
}

/** Whether a database error is a foreign-key violation: the row points at one that is not there. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; ) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === FOREIGN_KEY_VIOLATION) return true;
    current = cause;
  }
  return false;
}
