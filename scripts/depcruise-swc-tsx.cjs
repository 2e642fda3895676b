// Required by .dependency-cruiser.cjs. dependency-cruiser 17's swc parser never turns on swc's
// `tsx` option, so the first .tsx file with JSX aborts the whole run. dependency-cruiser 18 does
// this itself but needs Node 22: when the workspace moves there, delete this file and its require.
// See docs/decisions/016-design-rules-as-lint.md.
const swc = require('@swc/core');

const parseFileSync = swc.parseFileSync;
swc.parseFileSync = (fileName, options) =>
  parseFileSync(fileName, /\.[jt]sx$/.test(fileName) ? { ...options, tsx: true } : options);
