/**
 * A UUID as the API's `uuidSchema` accepts it (zod's `z.uuid()`: RFC 9562 versions 1 to 8 with
 * the RFC variant, plus the nil and max UUIDs). Pages check ids with this, without zod; a test
 * holds the two to the same answers.
 */
const UUID_PATTERN =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
