import { defineConfig } from 'wxt';

// The extension's behaviour (intercept, feed blocking, web app messages) is built on this
// project; here it only proves that the WXT toolchain builds a Manifest V3 bundle.
export default defineConfig({
  manifest: {
    name: 'Stillpoint',
    description: 'A breathing pause before distracting sites, and feeds blocked on six big sites.',
    permissions: ['storage'],
  },
});
