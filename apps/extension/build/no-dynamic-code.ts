import type { Plugin } from 'vite';

/**
 * zod probes `new Function('')` to decide whether it may compile fast parsers, and keeps the code
 * that compiles them. Manifest V3 forbids evaluated code, so the probe always fails in the
 * extension, yet a store's scan of the bundle may flag it. Every place zod takes the `Function`
 * constructor (`const F = Function;`) gets a stand-in that throws instead: the probe answers "no"
 * and zod uses its plain parsers, as it already did under the extension's CSP.
 * store-manifest.test.ts fails if any built script still names `Function` or `eval`.
 */
const ZOD_SOURCE = /[\\/]node_modules[\\/]zod[\\/].+\.js$/;
const FUNCTION_CONSTRUCTOR = /\bconst F = Function;/g;
const STAND_IN =
  'const F = function () { throw new EvalError("Stillpoint\'s extension runs no evaluated code"); };';

export const noDynamicCode: Plugin = {
  name: 'stillpoint-no-dynamic-code',
  enforce: 'pre',
  transform(code, id) {
    if (!ZOD_SOURCE.test(id) || !FUNCTION_CONSTRUCTOR.test(code)) return null;
    FUNCTION_CONSTRUCTOR.lastIndex = 0;
    return { code: code.replace(FUNCTION_CONSTRUCTOR, STAND_IN), map: null };
  },
};

/**
 * What evaluated code looks like in a built script, minified or not: the Function constructor
 * named at all (called, constructed or taken as a value) or eval. The store build has neither.
 */
export const DYNAMIC_CODE = /(?<![\w$])(?:Function|eval)(?![\w$])/;
