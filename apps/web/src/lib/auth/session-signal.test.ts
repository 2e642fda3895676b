import { describe, expect, it, vi } from 'vitest';
import { sessionSignal } from './session-signal';

describe('the session signal', () => {
  it("carries Better Auth's own signal once its client has loaded, until the listener stops", async () => {
    const listener = vi.fn();
    const stop = sessionSignal.listen(listener);
    const { authClient } = await import('../auth-client');

    // What the client does after a sign-in, a verification or a sign-out.
    authClient.$store.notify('$sessionSignal');
    expect(listener).toHaveBeenCalledTimes(1);

    stop();
    authClient.$store.notify('$sessionSignal');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
