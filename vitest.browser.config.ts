// The browser suite (npm run test:browser): the published docs in headless Chromium, served by the
// reference server. Separate from `npm test` because it needs /usr/bin/chromium.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/browser/**/*.browser.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
