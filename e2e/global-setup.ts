import { rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Before the journeys: the screenshots of an earlier run are removed, so e2e/screenshots/ holds only this run's
 * evidence, and with them the record of the screen states already checked (tests/apoyo.ts `capturar`).
 */
export default async function globalSetup(): Promise<void> {
  await rm(path.join(import.meta.dirname, 'screenshots'), { recursive: true, force: true });
}
