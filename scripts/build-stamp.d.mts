// The types of build-stamp.mjs, for TypeScript callers (the e2e tests).
export function sourceFingerprint(): string;
export function isBuildCurrent(): boolean;
export function writeBuildStamp(): void;
export function buildIfStale(): void;
