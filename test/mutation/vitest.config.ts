// The test files the mutation run (stryker.config.json) uses: the ones that exercise where money
// and trust live, run in process (no bundled server processes, no Redis or PostgreSQL, no type
// tests), so that each mutant is tried against a few fast files only. Stryker adds its own runner
// options on top (one thread, coverage per test).
import { defineConfig } from 'vitest/config';
import { CI_PROPERTY_SEED } from '../property-seed.ts';

export const MUTATION_TEST_FILES = [
  // Signing, constant-time comparison, nonces, auth
  'contracts/shared/crypto.test.ts',
  'contracts/exchange/signing.test.ts',
  'client/exchange-signing.test.ts',
  'server/auth/*.test.ts',
  'test/server-exchange-auth.test.ts',
  // Webhook signing and verification
  'contracts/merchant/webhook-signature.test.ts',
  'client/webhooks.test.ts',
  // Fees, the book, matching
  'server/exchange/engine/*.test.ts',
  // Refund rules and settlement
  'server/merchant/reference/refund-rules.test.ts',
  'server/merchant/reference/settlement.test.ts',
  'test/sandbox-merchant-refunds.test.ts',
  'test/sandbox-merchant-payouts.test.ts',
  'test/sandbox-merchant-refund-caps.test.ts',
  // Idempotency-Key (in process; the shared-store file fakes the port as Redis answers it)
  'test/idempotency.test.ts',
  'test/idempotency-shared-store.test.ts',
];

export default defineConfig({
  test: {
    include: MUTATION_TEST_FILES,
    exclude: ['node_modules/**', '**/*redis*', '**/*-pg.test.ts'],
    // One worker keeps the modules it imported from one mutant's run to the next (each file's
    // servers and stores are its own): only the mutant switch changes between runs, so a run costs
    // the tests, not the import of the server (static mutants, decided at import, are left out:
    // stryker.config.json ignoreStatic).
    isolate: false,
    // The properties run the same cases in the first run and for every mutant.
    env: { PROPERTY_SEED: String(CI_PROPERTY_SEED) },
    setupFiles: ['test/property-seed.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
