import { useEffect, useRef, useState } from 'react';
import { loadCaptchaApi } from './captcha-api';

interface BotCheckWidgetProps {
  provider: string;
  siteKey: string;
  /** The provider's token once the check passes; null when it expires or fails. */
  onToken: (token: string | null) => void;
}

/**
 * SPEC §5 bot check: renders the configured provider's widget. While its script loads the space is
 * held (no layout jump); if it cannot load, a person learns why and can try again.
 */
export function BotCheckWidget({ provider, siteKey, onToken }: BotCheckWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  // The latest callback without re-rendering the widget whenever the parent re-renders.
  const tokenListener = useRef(onToken);
  tokenListener.current = onToken;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on "Try again".
  useEffect(() => {
    let cancelled = false;
    setState('loading');
    loadCaptchaApi(provider).then(
      (api) => {
        const element = container.current;
        if (cancelled || !element) return;
        element.replaceChildren();
        api.render(element, {
          sitekey: siteKey,
          callback: (token) => tokenListener.current(token),
          'expired-callback': () => tokenListener.current(null),
          'error-callback': () => tokenListener.current(null),
        });
        setState('ready');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [provider, siteKey, attempt]);

  return (
    <div className="flex min-h-16 flex-col items-center justify-center gap-2">
      <div ref={container} data-testid="bot-check" />
      {state === 'loading' ? (
        <p className="text-xs text-muted" role="status">
          Loading a quick security check…
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className="text-center text-sm text-danger" role="alert">
          The security check could not load. Check your connection, or allow it in your content blocker.{' '}
          <button
            type="button"
            className="font-semibold text-accent underline"
            onClick={() => setAttempt((n) => n + 1)}
          >
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}
