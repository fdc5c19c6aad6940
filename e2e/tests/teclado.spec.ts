/// <reference lib="dom" />
// page.evaluate bodies run in the browser: they read the document and the window.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { VentaGuardada } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { crearCliente, elegirClienteConTeclado, esperarCantidadSeleccionada, leerVenta, sesionApi } from './apoyo-ventas';

/** A hardware item the search finds alone, and a demo board (group 1) that is cut. */
const HERRAJE = 'MAN-BAR-128';
const TABLERO = 'MEL-BL-15';

/** Presses Tab until `objetivo` has the focus (at most `maximo` presses). */
async function tabularHasta(page: Page, objetivo: Locator, maximo = 40): Promise<void> {
  await expect(objetivo).toBeVisible();
  for (let i = 0; i < maximo; i++) {
    if (await objetivo.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(objetivo, `alcanzable con Tab en ${maximo} pulsaciones`).toBeFocused({ timeout: 1 });
}

/** The name of the focused element, as a screen reader reads it (its aria-label, or its text for a button). */
const enfocado = (page: Page) =>
  page.evaluate(() => {
    const elemento = document.activeElement as HTMLElement | null;
    return elemento?.getAttribute('aria-label') ?? elemento?.textContent?.trim() ?? '';
  });

/** A cut row's fields as Tab walks them: the measures, rotation, description and the four edges (no row buttons). */
const camposCorte = (numero: number) =>
  ['Cantidad', 'Base', 'Altura', 'Rotación', 'Descripción', 'canto superior', 'canto inferior', 'canto izquierdo', 'canto derecho'].map(
    (campo) => `${campo} del corte ${numero}`,
  );

test('[VENTAS] un vendedor hace un pedido solo con el teclado: cliente, búsqueda de productos con flechas y Enter, cantidades, despiece de corte y guardar', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const cliente = await crearCliente(request, await sesionApi(request, 'vendedor@tablero.test'), 'Teclado');
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/facturacion/crear');
  await expect(page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();

  await elegirClienteConTeclado(page, cliente.documento, new RegExp(`^${cliente.documento} - `));

  // The product search: the focus lands in its box, Escape closes it.
  const abrirBusqueda = async () => {
    await tabularHasta(page, page.getByRole('button', { name: 'Buscar producto' }));
    await page.keyboard.press('Enter');
    const dialogo = page.getByRole('dialog', { name: 'Buscar producto' });
    await expect(dialogo.getByRole('textbox', { name: 'Buscar producto' })).toBeFocused();
    return dialogo;
  };
  let busqueda = await abrirBusqueda();
  await page.keyboard.press('Escape');
  await expect(busqueda).toBeHidden();
  await page.getByLabel('Referencia').focus();

  // Typed and Enter at once, before the answer: the first row of the search typed is picked when it arrives.
  busqueda = await abrirBusqueda();
  await page.keyboard.type(HERRAJE);
  await page.keyboard.press('Enter');
  await expect(busqueda).toBeHidden();
  await esperarCantidadSeleccionada(page, HERRAJE);
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Referencia')).toBeFocused();

  // The arrows move the highlighted row (the first one after the search); Enter picks it.
  busqueda = await abrirBusqueda();
  await page.keyboard.type('MEL-BL-1');
  const filas = busqueda.getByRole('table', { name: 'Productos encontrados' }).locator('tbody tr');
  const buscada = filas.filter({ hasText: TABLERO });
  await expect(buscada).toBeVisible();
  await expect(filas.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(filas.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(filas.first()).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('ArrowUp');
  await expect(filas.first()).toHaveAttribute('aria-selected', 'true');
  for (let i = 0; i < 10 && (await buscada.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await expect(buscada).toHaveAttribute('aria-selected', 'true');
  await expect(buscada).toHaveAttribute('data-resaltada', 'true');
  await capturar(page, 'teclado-busqueda-resaltada');
  await page.keyboard.press('Enter');
  await expect(busqueda).toBeHidden();
  await esperarCantidadSeleccionada(page, TABLERO);
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  // Enter in a quantity hands the focus to Referencia a moment later (the order form's enfocarDespues): wait for it, or
  // the Tabs below may reach 'Corte de …' first and the late focus turns the next Enter into a product search.
  await expect(page.getByLabel('Referencia')).toBeFocused();

  // The cutting dialog: the focus starts in the first quantity; Tab walks each row's fields left to right, then the next
  // row, and after the last row goes to 'Agregar corte'.
  await tabularHasta(page, page.getByRole('button', { name: `Corte de ${TABLERO}` }));
  await page.keyboard.press('Enter');
  const corte = page.getByRole('dialog', { name: 'Despiece de corte' });
  await expect(corte.getByLabel('Cantidad del corte 1', { exact: true })).toBeFocused();
  // Every header reads whole, on one line (the grid's columns do not grow to their header as a table's do).
  const recortados = await corte
    .getByRole('table', { name: 'Cortes' })
    .locator('th')
    .evaluateAll((celdas) =>
      celdas
        .filter((celda) => {
          const rango = document.createRange();
          rango.selectNodeContents(celda);
          const lineas = new Set([...rango.getClientRects()].map((caja) => Math.round(caja.top))).size;
          return celda.scrollWidth > celda.clientWidth || lineas > 1;
        })
        .map((celda) => celda.textContent),
    );
  expect(recortados).toEqual([]);
  await expect(corte.getByRole('columnheader', { name: 'Altura (mm)' })).toBeVisible();
  // And the whole row fits the dialog at 1366 px: no sideways scrolling to reach the right edge or the trash.
  const piezas = corte.getByLabel('Piezas del despiece');
  expect(await piezas.evaluate((caja) => caja.scrollWidth - caja.clientWidth)).toBeLessThanOrEqual(1);

  const recorrido = [await enfocado(page)];
  const escribirYTabular = async (texto: string) => {
    if (texto) await page.keyboard.type(texto);
    await page.keyboard.press('Tab');
    recorrido.push(await enfocado(page));
  };
  for (const texto of ['2', '600', '400', '', 'Puerta', '', '', '', '']) await escribirYTabular(texto);
  for (const texto of ['1', '1200', '580', '', '', '', '', '', '']) await escribirYTabular(texto);
  for (let i = 0; i < camposCorte(3).length; i++) await escribirYTabular('');
  expect(recorrido).toEqual([...camposCorte(1), ...camposCorte(2), ...camposCorte(3), 'Agregar corte']);
  await capturar(page, 'teclado-corte');

  // A row's buttons are not Tab stops; Alt+S opens the row's special services.
  await corte.getByLabel('Descripción del corte 1', { exact: true }).focus();
  await page.keyboard.press('Alt+S');
  const servicios = page.getByRole('dialog', { name: 'Servicios especiales del corte 1' });
  await expect(servicios).toBeVisible();
  await tabularHasta(page, servicios.getByRole('button', { name: 'Cerrar' }).last());
  await page.keyboard.press('Enter');
  await expect(servicios).toBeHidden();

  // Optimizar and Agregar from the keyboard: the board line takes the plan's board count.
  await tabularHasta(page, corte.getByRole('button', { name: 'Optimizar' }));
  const optimizado = page.waitForResponse((r) => r.url().endsWith('/api/facturas/optimizar'));
  await page.keyboard.press('Enter');
  expect((await optimizado).ok()).toBe(true);
  const agregar = corte.getByRole('button', { name: 'Agregar', exact: true });
  await expect(agregar).toBeEnabled();
  await tabularHasta(page, agregar);
  await page.keyboard.press('Enter');
  await expect(corte).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: TABLERO }).getByTestId('cantidad-del-plan')).toBeVisible();
  await capturar(page, 'teclado-pedido-listo');

  // Ctrl+Enter saves the order.
  const guardado = page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar'));
  await page.keyboard.press('Control+Enter');
  const respuesta = await guardado;
  expect(respuesta.ok()).toBe(true);
  // The order saved holds what was typed: the hardware's 3, and the board with its plan's pieces.
  const venta = await leerVenta(request, ((await respuesta.json()).data as VentaGuardada).venta_id);
  expect(venta.ventas_detalle.find((linea) => linea.referencia === HERRAJE)?.cantidad_vendida).toBe(3);
  expect(venta.ventas_detalle.find((linea) => linea.referencia === TABLERO)?.response_lepton).toMatchObject({
    piezas: [{ cantidad: 2, descripcion: 'Puerta' }, { cantidad: 1 }],
  });
});
