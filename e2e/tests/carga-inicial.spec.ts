import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Response } from '@playwright/test';
import { elegirTienda, ingresar } from './apoyo';

/** The login page's budget (docs/architecture.md §5): what a visitor downloads before they can type, gzip-compressed. */
const PRESUPUESTO_BYTES = 250 * 1024;

function esJavaScript(respuesta: Response): boolean {
  const tipo = respuesta.headers()['content-type'] ?? '';
  return tipo.includes('javascript') || new URL(respuesta.url()).pathname.endsWith('.js');
}

/** Every JavaScript file the page receives from now on, by URL, with its body. */
function registrarJavaScript(page: Page): Map<string, Promise<Buffer>> {
  const cuerpos = new Map<string, Promise<Buffer>>();
  page.on('response', (respuesta) => {
    if (esJavaScript(respuesta) && !cuerpos.has(respuesta.url())) cuerpos.set(respuesta.url(), respuesta.body());
  });
  return cuerpos;
}

test('[CARGA] la página de ingreso descarga a lo sumo 250 KB de JavaScript comprimido', async ({ page }) => {
  const cuerpos = registrarJavaScript(page);
  await page.goto('/#/inicio-sesion');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const tamanos = await Promise.all([...cuerpos].map(async ([url, cuerpo]) => ({ url, gzip: gzipSync(await cuerpo).length })));
  const total = tamanos.reduce((suma, { gzip }) => suma + gzip, 0);
  console.log(`JavaScript de la página de ingreso: ${tamanos.length} archivos, ${(total / 1024).toFixed(1)} KB gzip (presupuesto ${PRESUPUESTO_BYTES / 1024} KB)`);
  for (const { url, gzip } of tamanos.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(gzip / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
  expect(total).toBeLessThanOrEqual(PRESUPUESTO_BYTES);
  // No screen of the menu is part of it: they come with their feature when opened.
  expect(tamanos.map(({ url }) => url).filter((url) => /proveedores|productos-list|terceros-list|app-layout/.test(url))).toEqual([]);
});

test('[CARGA] una pantalla descarga su propio código al abrirla', async ({ page }) => {
  const cuerpos = registrarJavaScript(page);
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.waitForLoadState('networkidle');
  const antes = new Set(cuerpos.keys());

  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Proveedores', exact: true }).click();
  await expect(page).toHaveURL(/#\/maestros\/proveedores$/);
  await expect(page.getByRole('table')).toBeVisible();

  const nuevos = [...cuerpos.keys()].filter((url) => !antes.has(url)).map((url) => new URL(url).pathname);
  console.log(`Al abrir Proveedores se descargaron: ${nuevos.join(', ')}`);
  expect(nuevos.some((ruta) => /\/assets\/proveedores[^/]*\.js$/.test(ruta))).toBe(true);
});
