/**
 * The three bot-check providers the server can be configured with (CAPTCHA_PROVIDER). Each one's
 * script, loaded from its own site, defines a global with the same explicit-render shape.
 */
export interface CaptchaRenderOptions {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
}

export interface CaptchaApi {
  render(container: HTMLElement, options: CaptchaRenderOptions): string | number;
}

interface ProviderScript {
  url: string;
  global: 'turnstile' | 'grecaptcha' | 'hcaptcha';
}

const providerScripts: Record<string, ProviderScript> = {
  'cloudflare-turnstile': {
    url: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
  },
  'google-recaptcha': {
    url: 'https://www.google.com/recaptcha/api.js?render=explicit',
    global: 'grecaptcha',
  },
  hcaptcha: { url: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
};

export const isKnownCaptchaProvider = (provider: string): boolean => provider in providerScripts;

const loading = new Map<string, Promise<CaptchaApi>>();

const globalApi = (name: ProviderScript['global']): CaptchaApi | undefined => {
  const api = (globalThis as Record<string, unknown>)[name] as Partial<CaptchaApi> | undefined;
  return typeof api?.render === 'function' ? (api as CaptchaApi) : undefined;
};

/**
 * Loads a provider's script once per page and resolves with its API when the script says it is
 * ready (its `onload` parameter: reCAPTCHA defines its global before render works). A failed load
 * is forgotten so that "Try again" really tries again.
 */
export function loadCaptchaApi(provider: string): Promise<CaptchaApi> {
  const script = providerScripts[provider];
  if (!script) return Promise.reject(new Error(`Unknown bot-check provider ${provider}`));
  const ready = globalApi(script.global);
  if (ready) return Promise.resolve(ready);
  const pending = loading.get(provider);
  if (pending) return pending;

  const promise = new Promise<CaptchaApi>((resolve, reject) => {
    const callbackName = `stillpointBotCheckReady_${script.global}`;
    (globalThis as Record<string, unknown>)[callbackName] = () => {
      const api = globalApi(script.global);
      if (api) resolve(api);
      else reject(new Error('The bot-check script loaded without its API'));
    };
    const element = document.createElement('script');
    element.src = `${script.url}&onload=${callbackName}`;
    element.async = true;
    element.onerror = () => {
      element.remove();
      loading.delete(provider);
      reject(new Error('The bot-check script could not load'));
    };
    document.head.append(element);
  });
  loading.set(provider, promise);
  return promise;
}
