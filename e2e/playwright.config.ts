import path from 'node:path';
import { defineConfig } from '@playwright/test';

const puerto = Number(process.env.E2E_PORT ?? 3100);

/**
 * The journeys that cannot share the server with others at the same moment: they assert figures of the whole store
 * (the month's and the day's sales and cash, the shop floor's orders) that any other journey's sale moves, or they
 * change what every other journey works under (a closed month, the e-invoice provider, a production priority that
 * cannot be undone). On one server they run after the others, one at a time; every other spec file runs two at a
 * time (each file's tests in order, on one worker). npm test instead runs them on a server and database of their own,
 * beside the others (scripts/probar.sh): what they need is to be alone on their server.
 */
const SOLOS = [
  // Closes the previous month of store 001 (period lock: every write dated in it is refused) and compares the current
  // month's sales count and total across its cards, its server page and its .xlsx, which other journeys' sales move.
  'cierre-mes',
  // The day's cash of store 001 must move by exactly its expense and income: every cash sale or expense moves it too.
  'cuadre-caja',
  // Every card, chart and the .xlsx are compared with the API for ranges that end today: any sale billed meanwhile
  // changes them.
  'dashboard',
  // Breaks an offcut base price parameter for a moment: any offcut calculator opened meanwhile would read it broken.
  'retales-sin-precios',
  // Compares this month's credit notes and net sales of store 001 before and after its return: any note meanwhile
  // moves them.
  'devolucion-parcial',
  // Points the e-invoice settings at a fake DIAN it starts: the settings journey (factura-electronica-configuracion)
  // expects the demo's 'no provider' and saves its whole form, which would switch the provider back mid-journey.
  'factura-electronica',
  // Counts the shop floor's orders (Total OP + 1), starts the demo's priority order and makes another one priority,
  // which cannot be undone.
  'produccion',
  // Sets the global parameter ROLES_TURNO_CAJA (Vendedor must open a cash shift), which would refuse every other
  // journey's cash sale by a Vendedor meanwhile.
  'cajas',
].map((nombre) => `**/${nombre}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  // Empties e2e/screenshots/ (and the record of the screen states checked) so it holds only this run's evidence.
  globalSetup: './global-setup.ts',
  // One output folder per server port, so journeys run side by side do not clear each other's traces.
  outputDir: `../test-results/e2e-${puerto}`,
  // Spec files are spread over two workers; the tests of a file run in order on one (fullyParallel: false).
  fullyParallel: false,
  workers: 2,
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
    // A failing journey keeps its trace: every action with its call log, its network and its console. Not its film
    // strip: recording it streams the screen as JPEG frames for the whole of every journey, and that stream was half
    // the browsers' CPU time (measured: three spec files took 133 s with it and 86 s without). Nor the page's DOM
    // before and after each action: 'retain-on-failure' records every journey to keep the failing ones, and those
    // snapshots were a quarter of the CPU left (six spec files: 59.7 core-seconds with them, 46.1 without, 43.6 with no
    // trace at all). The failing step's screenshot (screenshot: 'only-on-failure') and its page's accessibility tree
    // (error-context.md) are still kept.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: {
      // Debian's headless build of Chromium (package chromium-headless-shell, the same version as chromium): the
      // browser Playwright itself runs headless, without the full browser's display compositor. The same journeys
      // take a tenth less CPU with it than with /usr/bin/chromium.
      executablePath: '/usr/bin/chromium-headless-shell',
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
  projects: [
    { name: 'paralelo', testIgnore: SOLOS, workers: 2 },
    // After 'paralelo' (https://playwright.dev/docs/test-projects#dependencies), one at a time. A dependency runs
    // first even when a file is named on the command line: to run one of these specs alone, add --no-deps. When a
    // journey of 'paralelo' fails, these are skipped (Playwright runs a project only after its dependencies passed).
    { name: 'serie', testMatch: SOLOS, workers: 1, dependencies: ['paralelo'] },
  ],
  webServer: {
    command: 'bash e2e/servidor.sh',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://localhost:${puerto}/api/docs/json`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
