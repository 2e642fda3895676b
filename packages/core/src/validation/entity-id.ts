/** The longest id of a server row the API accepts (entityIdSchema's limit). */
export const ENTITY_ID_MAX_LENGTH = 128;

/**
 * An id of a server row as the API accepts it (entityIdSchema): trimmed, 1 to 128 characters.
 * Null when it cannot be one.
 */
export function readEntityId(raw: string | null | undefined): string | null {
  const id = raw?.trim() ?? '';
  return id.length >= 1 && id.length <= ENTITY_ID_MAX_LENGTH ? id : null;
}
