/** One stored funnel conversion event, as it is handed on to the ad platform. */
export interface AdEvent {
  event: string;
  eventId: string;
  properties: Record<string, string | number | boolean | null>;
  eventTime: Date;
  pixelCode: string;
  /** The signed-in person, or null. */
  userId: string | null;
  /**
   * The caller's address and browser, for the platform's matching: passed on with the first
   * attempt, never stored, so a retried event goes without them (null).
   */
  ip: string | null;
  userAgent: string | null;
}

/** Hands events on to an ad platform; events are stored first either way. */
export interface AdEventForwarder {
  /** Resolves once the event was taken (by the platform, or by no platform at all); throws when not. */
  forward(event: AdEvent): Promise<void>;
}
