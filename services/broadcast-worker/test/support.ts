/** Test support of the worker's own test files. */
import { reusableTestDatabase as reusableDatabase, type TestDatabase } from "@botyard/db/testing";

/**
 * One migrated database that is never dropped, for the mutation run (BROADCAST_TEST_REUSE_DB, set by
 * stryker.state.config.mjs): creating and migrating one per run of the tests would dominate a run per mutant. Tests
 * that use it make bots of their own and delete their account after.
 */
export function reusableTestDatabase(): Promise<TestDatabase> {
  return reusableDatabase("botyard_broadcast_mutation");
}
