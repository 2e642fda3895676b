import { defineConfig } from 'wxt';

/**
 * Public half of the development signing key. Pinning it gives the unpacked development build a
 * fixed id (DEVELOPMENT_EXTENSION_ID in packages/core) that the web app's development config uses.
 * Production builds are signed by the Chrome Web Store, which assigns their id.
 */
const DEVELOPMENT_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA1Pyek6TSLfCAnMGO+JsLNUxrWzod31iIdDwu3qbe0PQN0QGY+3Jszm7hd3DlE0EO6KpSI5nqJLD797D5x3+HuCcqig+39qlPzkeVZ0EXMSWNfJ2Qa3SV9pO+/lTsvvPEgl70Fuqsc74V/kSwoKqHw3cEo6/qlN4gOJkD66uE60KKRoE+zKi7Lhx2wXSBF1lbVqrQm7KAU3oRH5lJTz/xnNUAekY+qKUTJodWB+J9/Tcgba8xXJkpbnVkCq4oUFLk/FFRUWvRexoHgmcbpErKtZpR3ahNvn3X0SF8NKxq0PHh3UaIaTOWN6vr4SO1NSQWM3JbVeZ4nsZ9DhFHOvW2JQIDAQAB';

export default defineConfig({
  manifest: ({ mode }) => ({
    name: 'Stillpoint',
    description: 'A breathing pause before distracting sites, and feeds blocked on six big sites.',
    permissions: ['storage'],
    ...(mode === 'production' && process.env.STILLPOINT_STORE_BUILD === '1' ? {} : { key: DEVELOPMENT_KEY }),
  }),
});
