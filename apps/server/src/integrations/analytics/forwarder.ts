/** One stored product event, as it is handed on to an analytics service. */
export interface ForwardedEvent {
  name: string;
  properties: Record<string, string | number | boolean | null>;
  userId: string | null;
  occurredAt: Date;
  receivedAt: Date;
}

/** Hands events on to an analytics service; events are stored first either way. */
export interface AnalyticsForwarder {
  /** Resolves once the event was taken; throws when it was not. */
  forward(event: ForwardedEvent): Promise<void>;
}
