import type { BuildOptions } from 'esbuild';

export const bundleOptions: BuildOptions;
export const serverEntryPoints: Record<string, string>;
