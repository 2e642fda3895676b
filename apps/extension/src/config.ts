import { type AppEnv, environments, parseAppEnv as parseNamedAppEnv } from '@stillpoint/core';

/**
 * Which web app origins may talk to this build of the extension, and where it sends people before
 * it has learnt the origin from a sign-in. The same function feeds the manifest's
 * externally_connectable list (wxt.config.ts) and the sender check on every message, so the two
 * can never disagree.
 */
export interface ExtensionConfig {
  appEnv: AppEnv;
  /** Match patterns for externally_connectable. Chrome patterns without a port match any port. */
  connectablePatterns: string[];
  /** The web app origin used until a sign-in tells the extension which one it belongs to. */
  defaultOrigin: string;
}

/** Development and test builds talk to a web app on this machine, on whatever port it runs. */
const LOCAL_HOSTS = ['localhost', '127.0.0.1'] as const;

/**
 * Reads the STILLPOINT_APP_ENV build variable with core's rule (unset means development, a typo
 * stops the build); wxt.config.ts and buildConfig below both read it through here.
 */
export const parseAppEnv = (value: string | undefined): AppEnv =>
  parseNamedAppEnv(value, 'STILLPOINT_APP_ENV');

const isLocalEnv = (appEnv: AppEnv): boolean => appEnv === 'development' || appEnv === 'test';

export function extensionConfig(appEnv: AppEnv): ExtensionConfig {
  const { publicUrl } = environments[appEnv];
  return {
    appEnv,
    connectablePatterns: isLocalEnv(appEnv)
      ? LOCAL_HOSTS.map((host) => `http://${host}/*`)
      : [`${new URL(publicUrl).origin}/*`],
    defaultOrigin: new URL(publicUrl).origin,
  };
}

/**
 * Whether a page at `origin` is this build's web app. Local builds accept http on localhost and
 * 127.0.0.1 with any port; staging and production accept exactly their public origin.
 */
export function isAllowedWebAppOrigin(config: ExtensionConfig, origin: string | null | undefined): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  if (isLocalEnv(config.appEnv)) {
    return url.protocol === 'http:' && (LOCAL_HOSTS as readonly string[]).includes(url.hostname);
  }
  return origin === config.defaultOrigin;
}

declare const __STILLPOINT_APP_ENV__: string | undefined;

/** The configuration this bundle was built for (wxt.config.ts defines the constant). */
export const buildConfig: ExtensionConfig = extensionConfig(
  parseAppEnv(typeof __STILLPOINT_APP_ENV__ === 'string' ? __STILLPOINT_APP_ENV__ : undefined),
);
