import { EXTENSION_VERSION_PARAM, INSTALL_REF_PARAM, UNINSTALL_FEEDBACK_PATH } from '@stillpoint/core';
import type { Platform } from './platform/types';
import type { Store } from './store';

/**
 * The page Chrome opens once the extension is removed (SPEC §2 Extension-uninstall feedback): the
 * web app's /uninstall-chrome-extension with the extension's version in `v` and, when there is one,
 * its install reference in `ref`. Never a token: whoever reads the address (it stays in the
 * browser's history) learns a version and a random id that the server maps to nobody.
 */
export function uninstallUrl(
  origin: string,
  context: { version: string; installRef: string | null },
): string {
  const url = new URL(UNINSTALL_FEEDBACK_PATH, origin);
  url.searchParams.set(EXTENSION_VERSION_PARAM, context.version);
  if (context.installRef) url.searchParams.set(INSTALL_REF_PARAM, context.installRef);
  return url.toString();
}

/**
 * This install's reference: made once, at random, and kept for the life of the install, so the
 * team can tell one install's answers apart from another's. It says nothing about the person and
 * is not linked to their account.
 */
export async function installRefOf(store: Store): Promise<string> {
  const existing = await store.getInstallRef();
  if (existing) return existing;
  const created = crypto.randomUUID();
  await store.setInstallRef(created);
  return created;
}

/**
 * Points Chrome's uninstall address at the web app at `origin`. Neither a storage failure nor
 * Chrome refusing the address may stop the worker: the page then opens with less, or not at all.
 */
export async function setUninstallAddress(platform: Platform, store: Store, origin: string): Promise<void> {
  const installRef = await installRefOf(store).catch(() => null);
  await platform
    .setUninstallUrl(uninstallUrl(origin, { version: platform.version, installRef }))
    .catch(() => undefined);
}
