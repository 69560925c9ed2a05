import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'test/browser/**', 'test/generators/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    typecheck: { enabled: true, include: ['**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
