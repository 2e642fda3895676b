import { type SendUninstallFeedbackBody, sendUninstallFeedbackBodySchema } from '../api/schemas/feedback';

/**
 * The extension-uninstall feedback page (SPEC §2). The extension's uninstall address carries its
 * version in `v` and, for someone who was signed in, an opaque install reference in `ref`.
 */
export const UNINSTALL_FEEDBACK_PATH = '/uninstall-chrome-extension';
export const EXTENSION_VERSION_PARAM = 'v';
export const INSTALL_REF_PARAM = 'ref';

export type UninstallContext = Pick<SendUninstallFeedbackBody, 'extensionVersion' | 'installRef'>;

const { extensionVersion: versionSchema, installRef: installRefSchema } =
  sendUninstallFeedbackBodySchema.shape;

/**
 * What the page sends with the answer from its address: each value only when it passes the call's
 * own rule, and each on its own, so an edited `ref` never costs the version (or the answer).
 */
export function readUninstallContext(query: { v: string | null; ref: string | null }): UninstallContext {
  const version = versionSchema.safeParse(query.v ?? undefined);
  const installRef = installRefSchema.safeParse(query.ref ?? undefined);
  return {
    ...(version.success && version.data ? { extensionVersion: version.data } : {}),
    ...(installRef.success && installRef.data ? { installRef: installRef.data } : {}),
  };
}
