import path from 'node:path';
import { defineConfig } from '@playwright/test';

const puerto = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: './tests',
  // One output folder per server port, so journeys run side by side do not clear each other's traces.
  outputDir: `../test-results/e2e-${puerto}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${puerto}`,
    locale: 'es-CO',
    // No modal animations: screenshots show settled screens.
    reducedMotion: 'reduce',
    timezoneId: 'America/Bogota',
    viewport: { width: 1366, height: 768 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'bash e2e/servidor.sh',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://localhost:${puerto}/api/docs/json`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
