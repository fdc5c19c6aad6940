import { rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Before the journeys: the screenshots of an earlier run are removed, so e2e/screenshots/ holds only this run's
 * evidence, and with them the record of the screen states already checked (tests/apoyo.ts `capturar`). Unless
 * E2E_CAPTURAS_VACIADAS says the caller emptied it already: npm test runs two Playwright runs side by side
 * (scripts/probar.sh), and the second to start must not remove the first one's evidence.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_CAPTURAS_VACIADAS === '1') return;
  await rm(path.join(import.meta.dirname, 'screenshots'), { recursive: true, force: true });
}
