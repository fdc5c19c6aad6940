import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { capturar, elegirTienda, ingresar } from './apoyo';

/** A demo board (group 1, 2440 × 2150) and a thin rigid edge of the demo catalog (ends in R: SERVIENC02). */
const TABLERO = 'MEL-BL-15';
const CANTO = 'TC-BL-22X045R';
const SERVICIO_ESPECIAL = 'SERVPERF35';

/** The seller's order form with a customer and one board line, and that line's cutting dialog open. */
async function abrirCorte(page: Page): Promise<Locator> {
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/facturacion/crear');
  await page.getByRole('combobox', { name: /^Cliente/ }).fill('43876512');
  await page.getByRole('option', { name: /^43876512 - / }).click();
  const referencia = page.getByRole('textbox', { name: 'Referencia' });
  await referencia.fill(TABLERO);
  await referencia.press('Enter');
  await page.getByRole('button', { name: `Corte de ${TABLERO}` }).click();
  const dialogo = page.getByRole('dialog', { name: 'Despiece de corte' });
  await expect(dialogo).toBeVisible();
  return dialogo;
}

/** Fills a cut row: quantity, base and height, Tab between them as a seller would. */
async function escribirCorte(dialogo: Locator, numero: number, [cantidad, base, altura]: [number, number, number]) {
  await dialogo.getByLabel(`Cantidad del corte ${numero}`, { exact: true }).fill(String(cantidad));
  await dialogo.getByLabel(`Base del corte ${numero}`, { exact: true }).fill(String(base));
  await dialogo.getByLabel(`Altura del corte ${numero}`, { exact: true }).fill(String(altura));
}

test('[VENTAS] el vendedor corta un tablero con cantos y un servicio especial, ve el plan en SVG y lo agrega a la venta', async ({ page }) => {
  const dialogo = await abrirCorte(page);
  await expect(dialogo.getByText(TABLERO, { exact: true })).toBeVisible();

  // The edge table: search the edge product and add it; it becomes position 1.
  await dialogo.getByRole('combobox', { name: 'Canto', exact: true }).fill(CANTO);
  await page.getByRole('option', { name: new RegExp(`^${CANTO} - `) }).click();
  await dialogo.getByRole('button', { name: 'Agregar canto' }).click();
  await expect(dialogo.getByRole('list', { name: 'Cantos' })).toContainText(CANTO);

  // Three pieces; Enter in a complete row goes to the new empty row below.
  await escribirCorte(dialogo, 1, [2, 600, 400]);
  await dialogo.getByLabel('Altura del corte 1', { exact: true }).press('Enter');
  await expect(dialogo.getByLabel('Cantidad del corte 2', { exact: true })).toBeFocused();
  await escribirCorte(dialogo, 2, [4, 720, 350]);
  await escribirCorte(dialogo, 3, [1, 1200, 580]);
  await dialogo.getByLabel('Descripción del corte 1', { exact: true }).fill('Puerta');
  await dialogo.getByLabel('canto superior del corte 1', { exact: true }).selectOption({ label: `1. ${CANTO}` });
  await dialogo.getByLabel('canto derecho del corte 1', { exact: true }).selectOption({ label: `1. ${CANTO}` });
  await dialogo.getByLabel('canto inferior del corte 3', { exact: true }).selectOption({ label: `1. ${CANTO}` });
  await expect(dialogo.getByLabel('Cantidad del corte 4', { exact: true })).toHaveValue('');

  // A special service on the first piece: side and quantity are required.
  await dialogo.getByRole('button', { name: 'Servicios especiales del corte 1' }).click();
  const servicios = page.getByRole('dialog', { name: 'Servicios especiales del corte 1' });
  await servicios.getByRole('combobox', { name: 'Servicio' }).fill(SERVICIO_ESPECIAL);
  await page.getByRole('option', { name: new RegExp(`^${SERVICIO_ESPECIAL} - `) }).click();
  await servicios.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByText('Debe seleccionar un lado y cantidad para el servicio')).toBeVisible();
  await servicios.getByRole('combobox', { name: 'Lado' }).click();
  await page.getByRole('option', { name: 'Base' }).click();
  await servicios.getByLabel('Cantidad').fill('2');
  await servicios.getByRole('button', { name: 'Agregar' }).click();
  await expect(servicios.getByRole('table', { name: 'Servicios especiales' })).toContainText(SERVICIO_ESPECIAL);
  await servicios.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(servicios).toBeHidden();

  // CSV export: data.csv with the spec's columns, the edge as its position and the service as REF:SIDE:QTY.
  const [descarga] = await Promise.all([page.waitForEvent('download'), dialogo.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(descarga.suggestedFilename()).toBe('data.csv');
  const csv = (await readFile(await descarga.path(), 'utf8')).replace('\uFEFF', '').trimEnd().split('\r\n');
  expect(csv).toEqual([
    'Cant.;Base(mm);Altura(mm);Rotacion;Descripcion;Largo 1;Largo 2;Ancho 1;Ancho 2;Servicios',
    `2;600;400;0;Puerta;1;;;1;${SERVICIO_ESPECIAL}:B:2`,
    '4;720;350;0;;;;;;',
    '1;1200;580;0;;;1;;;',
  ]);

  // Nothing to add before a plan exists.
  const agregar = dialogo.getByRole('button', { name: 'Agregar', exact: true });
  await expect(agregar).toBeDisabled();
  const [respuesta] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/facturas/optimizar')),
    dialogo.getByRole('button', { name: 'Optimizar' }).click(),
  ]);
  expect(respuesta.status()).toBe(200);
  const { optimizacion } = (await respuesta.json()).data;

  // The plan: every board pattern drawn as SVG with its count, beside the figures and the PDF links.
  const tableros = dialogo.getByTestId('tablero-plan');
  await expect(tableros).toHaveCount(optimizacion.tableros.length);
  await expect(tableros.first().locator('svg g.pieza').first()).toBeVisible();
  const resumen = dialogo.getByRole('table', { name: 'Resumen del plan' });
  await expect(resumen.getByRole('row', { name: /Tableros/ })).toContainText(String(optimizacion.planilla.cant_placas));
  await expect(dialogo.getByRole('table', { name: 'Metros de canto' })).toContainText(CANTO);
  await expect(dialogo.getByRole('link', { name: 'Planos' })).toHaveAttribute('href', optimizacion.planilla.url_planos);
  await expect(dialogo.getByRole('link', { name: 'Etiquetas' })).toHaveAttribute('target', '_blank');
  await dialogo.getByRole('button', { name: 'Acercar' }).click();
  await expect(dialogo.getByText('zoom 150 %')).toBeVisible();
  await dialogo.getByRole('button', { name: 'Ajustar' }).click();
  await expect(agregar).toBeEnabled();
  await capturar(page, 'corte-plan');

  await agregar.click();
  await expect(dialogo).toBeHidden();

  // The board line takes the board count; its service lines follow it.
  await expect(page.getByRole('row').filter({ hasText: TABLERO }).getByTestId('cantidad-del-plan')).toContainText(String(optimizacion.planilla.cant_placas));
  const servicioLineas = page.locator('tr[data-servicio]');
  for (const referencia of ['SERVICOR1', 'SERVIENC02', SERVICIO_ESPECIAL, CANTO]) await expect(servicioLineas.filter({ hasText: referencia })).toHaveCount(1);
  await capturar(page, 'corte-agregado');

  // Reopening shows the same dialog with its plan, ready to add again.
  await page.getByRole('button', { name: `Corte de ${TABLERO}` }).click();
  await expect(dialogo.getByTestId('tablero-plan')).toHaveCount(optimizacion.tableros.length);
  await expect(dialogo.getByRole('button', { name: 'Agregar', exact: true })).toBeEnabled();
  await dialogo.getByRole('tab', { name: /Cortes/ }).click();
  await expect(dialogo.getByLabel('Descripción del corte 1', { exact: true })).toHaveValue('Puerta');
  await expect(dialogo.getByLabel('canto inferior del corte 3', { exact: true }).locator('option:checked')).toHaveText(`1. ${CANTO}`);
});

test('[VENTAS] el diálogo de corte optimiza 200 piezas importadas de un CSV y dibuja el plan', async ({ page }) => {
  test.setTimeout(120_000);
  const dialogo = await abrirCorte(page);
  // 200 pieces of varied sizes, some of them turnable, as a CSV the dialog imports.
  const filas = Array.from({ length: 200 }, (_, i) => `${1 + (i % 3)};${180 + ((i * 37) % 700)};${120 + ((i * 53) % 560)};${i % 4 === 0 ? 1 : 0};Pieza ${i + 1};;;;;`);
  await dialogo.locator('input[type="file"]').setInputFiles({
    name: 'cortes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['Cant.;Base(mm);Altura(mm);Rotacion;Descripcion;Largo 1;Largo 2;Ancho 1;Ancho 2;Servicios', ...filas].join('\r\n')),
  });
  // 200 rows of inputs and edge selects appear at once: on the whole suite's saturated two cores that took over the
  // default 10 s once (the screenshot at the timeout showed them all), so this step waits longer. Typing in the rows
  // is measured by rendimiento-pedido.spec.ts.
  await expect(dialogo.getByRole('tab', { name: 'Cortes (200)' })).toBeVisible({ timeout: 30_000 });
  await expect(dialogo.getByLabel('Descripción del corte 200', { exact: true })).toHaveValue('Pieza 200');

  // Typing in a row of the 200 reaches that row (its speed is measured in the page by rendimiento-pedido.spec.ts).
  await dialogo.getByLabel('Descripción del corte 100', { exact: true }).pressSequentially('abc');
  await expect(dialogo.getByLabel('Descripción del corte 100', { exact: true })).toHaveValue(/^(abcPieza 100|Pieza 100abc)$/);

  const optimizar = dialogo.getByRole('button', { name: 'Optimizar' });
  await optimizar.waitFor();
  const inicio = Date.now();
  await optimizar.click();
  // Waited for through the page's own measure (click → boards drawn): polling the DOM with locators while 200 rows and
  // the boards render would compete with the page for the main thread and inflate the figure.
  await page.waitForFunction(() => performance.getEntriesByName('corte-optimizar', 'measure').length > 0, null, { timeout: 60_000, polling: 100 });
  const msPlaywright = Date.now() - inicio;
  await expect(dialogo.getByTestId('tablero-plan').first().locator('svg')).toBeVisible();
  const medida = await page.evaluate(() => performance.getEntriesByName('corte-optimizar', 'measure').at(-1)?.duration ?? null);
  const msMotor = await page.evaluate(async () => {
    const entrada = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('/api/facturas/optimizar')).at(-1) as PerformanceResourceTiming | undefined;
    return entrada ? entrada.responseEnd - entrada.startTime : null;
  });
  console.log(
    `[corte] 200 piezas: clic → SVG dibujado ${medida?.toFixed(0)} ms (medida en la página), ${msPlaywright} ms visto por Playwright; ` +
      `respuesta del servidor ${msMotor?.toFixed(0)} ms; pintado y resto ${medida !== null && msMotor !== null ? (medida - msMotor).toFixed(0) : '?'} ms`,
  );
  expect(medida).not.toBeNull();
  await expect(dialogo.getByRole('table', { name: 'Resumen del plan' })).toContainText('Tableros');
  await capturar(page, 'corte-200-piezas');
});
