/**
 * How many test files run at once in every project of the root `vitest run` (each project reads its own config, so
 * each sets it; projects of one `sequence.groupOrder` must agree). Three on two cores: an API test spends much of
 * its time waiting for PostgreSQL, so a third file keeps both cores busy (ARCHITECTURE §7).
 */
export const HILOS_PRUEBA = 3;
