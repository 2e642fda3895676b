import {
  EXTENSION_MISSING_MESSAGE,
  type ExtensionReplies,
  type ExtensionReply,
  type ExtensionRequest,
  environments,
} from '@stillpoint/core';
import { env } from '../env';

/** The slice of chrome.runtime a page can use; it only exists when an extension lets this origin talk to it. */
interface PageRuntime {
  sendMessage(extensionId: string, message: unknown, callback: (reply: unknown) => void): void;
  lastError?: { message?: string };
}

/** How long a message may go unanswered before the extension counts as absent (a stopped worker wakes in well under this). */
const REPLY_TIMEOUT_MS = 2000;

export class ExtensionMissingError extends Error {
  constructor() {
    super(EXTENSION_MISSING_MESSAGE);
    this.name = 'ExtensionMissingError';
  }
}

/** The extension answered, but with an error (or something that is not a reply). */
export class ExtensionReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtensionReplyError';
  }
}

/** The id to talk to: VITE_EXTENSION_ID wins (unpublished builds), else the environment's id. */
export function extensionId(): string | null {
  const configured = import.meta.env.VITE_EXTENSION_ID as string | undefined;
  return configured || environments[env.appEnv].extensionId;
}

function pageRuntime(): PageRuntime | undefined {
  const chrome = (globalThis as { chrome?: { runtime?: Partial<PageRuntime> } }).chrome;
  return typeof chrome?.runtime?.sendMessage === 'function' ? (chrome.runtime as PageRuntime) : undefined;
}

const isReply = (value: unknown): value is { status: string; error?: unknown } =>
  typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'string';

/**
 * Sends one SPEC §7 message and resolves with the extension's success reply. Rejects with
 * ExtensionMissingError when no extension is installed (or it does not answer), and with
 * ExtensionReplyError when it answers with an error.
 */
export function sendExtensionMessage<T extends ExtensionRequest['type']>(
  message: Extract<ExtensionRequest, { type: T }>,
): Promise<ExtensionReplies[T]> {
  const runtime = pageRuntime();
  const id = extensionId();
  if (!runtime || !id) return Promise.reject(new ExtensionMissingError());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ExtensionMissingError()), REPLY_TIMEOUT_MS);
    try {
      runtime.sendMessage(id, message, (reply: unknown) => {
        clearTimeout(timer);
        // Chrome reports "Receiving end does not exist" here when the extension is not installed.
        if (runtime.lastError || reply === undefined) return reject(new ExtensionMissingError());
        if (!isReply(reply))
          return reject(new ExtensionReplyError('The extension sent an unreadable reply.'));
        const typed = reply as ExtensionReply<T>;
        if (typed.status !== 'success') {
          return reject(new ExtensionReplyError(String((typed as { error?: unknown }).error ?? 'failed')));
        }
        resolve(typed as ExtensionReplies[T]);
      });
    } catch {
      clearTimeout(timer);
      reject(new ExtensionMissingError());
    }
  });
}
