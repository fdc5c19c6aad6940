/// <reference lib="dom" />
// page.evaluate bodies run in the browser: they read the document and the window.
import { expect, test, type Page } from '@playwright/test';
import { capturar, elegirTienda, ingresar } from './apoyo';

/**
 * Chooses the store in 'Ingreso a tiendas' on a narrow screen, where the store button lives in the closed menu
 * (apoyo's elegirTienda looks for it on screen). Choosing reloads the page.
 */
async function elegirTiendaSinMenu(page: Page, tienda: string): Promise<void> {
  const dialogo = page.getByRole('dialog', { name: 'Ingreso a tiendas' });
  await expect(dialogo).toBeVisible();
  await dialogo.getByRole('combobox', { name: 'Tienda' }).click();
  await page.getByRole('option', { name: tienda }).click();
  await dialogo.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Tienda seleccionada').first()).toBeVisible();
  await expect(dialogo).toBeHidden();
}

/** Whether the first column header of the screen's table is inside the window and nothing is drawn over its centre. */
async function primeraColumnaALaVista(page: Page): Promise<{ izquierda: number; derecha: number; ancho: number; libre: boolean }> {
  return page.evaluate(() => {
    const encabezado = document.querySelector('main table thead th');
    if (!encabezado) throw new Error('No hay tabla en la pantalla');
    const caja = encabezado.getBoundingClientRect();
    const encima = document.elementFromPoint(caja.left + caja.width / 2, caja.top + caja.height / 2);
    return { izquierda: caja.left, derecha: caja.right, ancho: window.innerWidth, libre: encima !== null && encabezado.contains(encima) };
  });
}

test.describe('820 × 1180 (tableta vertical)', () => {
  test.use({ viewport: { width: 820, height: 1180 } });

  test('[DISEÑO] el menú es una capa que empieza cerrada, no tapa la lista y se cierra al elegir', async ({ page }) => {
    await ingresar(page, 'superadmin@tablero.test');
    await elegirTiendaSinMenu(page, '001 - Principal');

    await page.goto('/#/maestros/proveedores');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('columnheader').first()).toBeVisible();
    // Closed: no menu in the page, the burger says so, and the list starts at the left edge.
    const hamburguesa = page.getByRole('button', { name: 'Abrir menú' });
    await expect(hamburguesa).toBeVisible();
    await expect(hamburguesa).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Menú principal' })).toHaveCount(0);
    const columna = await primeraColumnaALaVista(page);
    expect(columna.libre).toBe(true);
    expect(columna.izquierda).toBeGreaterThanOrEqual(0);
    expect(columna.izquierda).toBeLessThan(60);
    await capturar(page, 'diseno-820-proveedores');

    // Escape closes it.
    await hamburguesa.click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // A click outside it closes it too.
    await hamburguesa.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(700, 600);
    await expect(menu).toBeHidden();
    expect((await primeraColumnaALaVista(page)).libre).toBe(true);

    // Choosing an entry opens the screen and closes the menu.
    await hamburguesa.click();
    await expect(menu.getByRole('link', { name: 'Proveedores', exact: true })).toHaveAttribute('aria-current', 'page');
    await capturar(page, 'diseno-820-menu-abierto');
    await menu.getByRole('link', { name: 'Tipos de conceptos' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#\/maestros\/tipos-conceptos$/);
    await expect(page.getByRole('table')).toBeVisible();
    expect((await primeraColumnaALaVista(page)).libre).toBe(true);
    await capturar(page, 'diseno-820-tipos-conceptos');

    // Choosing the entry already open closes it as well.
    await hamburguesa.click();
    await menu.getByRole('link', { name: 'Tipos de conceptos' }).click();
    await expect(menu).toBeHidden();
  });
});

test('[DISEÑO] a 1366 × 768 el menú es la columna lateral y la lista empieza a su derecha', async ({ page }) => {
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Productos' }).click();
  await expect(page).toHaveURL(/#\/productos$/);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeHidden();
  const columna = await primeraColumnaALaVista(page);
  expect(columna.libre).toBe(true);
  expect(columna.izquierda).toBeGreaterThanOrEqual(232);
  await capturar(page, 'diseno-1366-productos');

  // The column's own toggle still hides it for the whole width.
  await page.getByRole('button', { name: 'Ocultar menú' }).click();
  await expect(page.getByRole('button', { name: 'Mostrar menú' })).toBeVisible();
  await expect.poll(async () => (await primeraColumnaALaVista(page)).izquierda).toBeLessThan(60);
});
