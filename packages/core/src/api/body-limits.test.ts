import { describe, expect, it } from 'vitest';
import { FEEDBACK_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from '../constants/limits';
import { bodyLimitOf, DEFAULT_BODY_LIMIT_BYTES } from './endpoint';
import {
  endpoints,
  importLegacyExtensionDataBodySchema,
  MAX_LEGACY_IMPORT_SITES,
  MAX_OUTCOMES_PER_REPORT,
  reportInterceptOutcomesBodySchema,
  sendFeedbackBodySchema,
} from './index';

/** The size of a body as sent: its JSON in UTF-8 (by hand: core declares no TextEncoder). */
const utf8Bytes = (value: unknown) =>
  [...JSON.stringify(value)].reduce((bytes, char) => {
    const code = char.codePointAt(0) ?? 0;
    return bytes + (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);
  }, 0);
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

// A limit must never refuse a body its own schema accepts: the largest valid body of each call
// that carries long text or a batch fits under the call's limit.
describe('body limits', () => {
  it('default to 16 KB, and only calls with a body set their own', () => {
    expect(DEFAULT_BODY_LIMIT_BYTES).toBe(16 * 1024);
    for (const [name, endpoint] of Object.entries(endpoints)) {
      if (endpoint.bodyLimitBytes !== undefined) expect(endpoint.body, name).toBeDefined();
      expect(bodyLimitOf(endpoint), name).toBeGreaterThanOrEqual(DEFAULT_BODY_LIMIT_BYTES);
    }
  });

  it('fit the longest feedback in a three-byte script', () => {
    const body = sendFeedbackBodySchema.parse({
      content: '語'.repeat(FEEDBACK_MAX_LENGTH),
      location: '語'.repeat(SHORT_TEXT_MAX_LENGTH),
      trialEmail: `${'a'.repeat(64)}@${'b'.repeat(60)}.example.com`,
    });
    for (const name of ['sendFeedback', 'requestPurchaseRestore', 'sendUninstallFeedback'] as const) {
      expect(utf8Bytes(body), name).toBeLessThan(bodyLimitOf(endpoints[name]));
    }
  });

  it('fit a full report of pause outcomes', () => {
    const body = reportInterceptOutcomesBodySchema.parse({
      outcomes: Array.from({ length: MAX_OUTCOMES_PER_REPORT }, (_, index) => ({
        interceptId: uuid(index),
        siteId: uuid(index + 1000),
        outcome: 'session',
        sessionLengthInMilliseconds: 1_800_000,
        occurredAt: 1_800_000_000_000,
        userDay: 99_999,
      })),
    });
    expect(utf8Bytes(body)).toBeLessThan(bodyLimitOf(endpoints.reportInterceptOutcomes));
  });

  it('fit a full legacy import of the longest origins', () => {
    const body = importLegacyExtensionDataBodySchema.parse({
      customSites: Array.from({ length: MAX_LEGACY_IMPORT_SITES }, () => ({
        siteOrigin: `https://${'a'.repeat(2040)}`,
        budget: 1000,
      })),
      feedblockingSites: { youtubeFeedblocking: true },
    });
    expect(utf8Bytes(body)).toBeLessThan(bodyLimitOf(endpoints.importLegacyExtensionData));
  });
});
