import type { AuthConfig } from '@stillpoint/core';
import { type ReactNode, useCallback, useState } from 'react';
import { BotCheckWidget } from './bot-check-widget';

export interface BotCheck {
  /** Whether the server asks for a token before it sends a code. */
  required: boolean;
  /** The token for the next send; null until the check passes (and after each use). */
  token: string | null;
  /** The widget to place above the send button; null when no check is configured. */
  widget: ReactNode;
  /** Tokens are single use: after each send, a fresh check. */
  reset(): void;
}

/** SPEC §5: phone verification needs a bot-check token when the server has a captcha provider. */
export function useBotCheck(captcha: AuthConfig['captcha']): BotCheck {
  const [token, setToken] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const reset = useCallback(() => {
    setToken(null);
    setGeneration((n) => n + 1);
  }, []);
  if (!captcha) return { required: false, token: null, widget: null, reset };
  return {
    required: true,
    token,
    widget: (
      <BotCheckWidget
        key={generation}
        provider={captcha.provider}
        siteKey={captcha.siteKey}
        onToken={setToken}
      />
    ),
    reset,
  };
}
