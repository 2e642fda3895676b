/**
 * The extension-uninstall feedback page (SPEC §2). The extension's uninstall address carries its
 * version in `v` and, for someone who was signed in, an opaque install reference in `ref`.
 */
export const UNINSTALL_FEEDBACK_PATH = '/uninstall-chrome-extension';
export const EXTENSION_VERSION_PARAM = 'v';
export const INSTALL_REF_PARAM = 'ref';

/** An extension version as its uninstall address writes it: 1 to 4 numbers, '1.2.3'. */
export const EXTENSION_VERSION_PATTERN = /^\d{1,5}(\.\d{1,5}){0,3}$/;
/** The opaque install reference the extension makes. */
export const INSTALL_REF_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** What sendUninstallFeedback carries from the address besides the answer. */
export interface UninstallContext {
  extensionVersion?: string;
  installRef?: string;
}

/**
 * What the page sends with the answer from its address: each value only when it passes the call's
 * own rule, and each on its own, so an edited `ref` never costs the version (or the answer).
 */
export function readUninstallContext(query: { v: string | null; ref: string | null }): UninstallContext {
  return {
    ...(query.v && EXTENSION_VERSION_PATTERN.test(query.v) ? { extensionVersion: query.v } : {}),
    ...(query.ref && INSTALL_REF_PATTERN.test(query.ref) ? { installRef: query.ref } : {}),
  };
}
