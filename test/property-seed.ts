// One seed for every fast-check property (vitest setupFiles): fixed where CI is set, so a red run
// is the same run again; random elsewhere, so local runs keep exploring. PROPERTY_SEED overrides
// both (to replay a failure: fast-check's failure message names the seed and the path). A
// property that passes its own `seed` keeps it.
import fc from 'fast-check';

/** The seed of CI runs. */
export const CI_PROPERTY_SEED = 20_261_127;

const given = process.env.PROPERTY_SEED;
const seed = given !== undefined && given !== '' ? Number(given) : process.env.CI ? CI_PROPERTY_SEED : undefined;
if (seed !== undefined) {
  if (!Number.isSafeInteger(seed)) throw new Error(`PROPERTY_SEED must be an integer, got ${given}`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
