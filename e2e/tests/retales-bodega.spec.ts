import { expect, test, type Locator, type Page } from '@playwright/test';
import { MENSAJES_RETALES } from '@tablero/domain';
import { capturar, ingresar } from './apoyo';

/** Marks this run's offcuts: the journey finds its own rows by their location, never another spec's. */
const MARCA = `E2E-${Date.now().toString(36)}`;

/** Agregar retal: picks the material in the product search by an accent-free text, types the size and the location. */
async function agregarRetal(page: Page, busqueda: string, referencia: string, base: string, altura: string, ubicacion: string) {
  await page.getByRole('button', { name: 'Agregar retal' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Agregar retal' });
  await expect(dialogo.getByText('Mínimo 200 mm por lado').first()).toBeVisible();
  await dialogo.getByRole('button', { name: 'Elegir material' }).click();
  const busquedaProducto = page.getByRole('dialog', { name: 'Material del retal' });
  await busquedaProducto.getByLabel('Buscar producto').fill(busqueda);
  await busquedaProducto.getByRole('row', { name: new RegExp(referencia) }).click();
  await expect(busquedaProducto).toBeHidden();
  await expect(dialogo.getByText(referencia)).toBeVisible();
  await dialogo.getByLabel('Base (mm)').fill(base);
  await dialogo.getByLabel('Altura (mm)').fill(altura);
  await dialogo.getByLabel('Ubicación').fill(ubicacion);
  return dialogo;
}

/** The list's row of this run's offcut at `ubicacion`. */
function filaDe(page: Page, ubicacion: string): Locator {
  return page.getByRole('table', { name: 'Inventario de retales' }).getByRole('row').filter({ hasText: ubicacion });
}

async function codigoDe(fila: Locator): Promise<string> {
  return (await fila.getByRole('cell').nth(1).innerText()).trim();
}

test('[RETALES] bodega registra un retal a mano, lo encuentra sin tildes, cambia sus medidas, ve su historial, imprime su etiqueta y descarta otro', async ({ page, request }) => {
  await ingresar(page, 'bodega@tablero.test');
  await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Retales', exact: true }).click();
  await expect(page).toHaveURL(/#\/inventario\/retales$/);
  await expect(page.getByRole('heading', { name: 'Retales' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Inventario de retales' })).toHaveAttribute('aria-selected', 'true');

  // A size written with a decimal comma or below the minimum is refused on its field; nothing is saved.
  const ubicacion = `Estante ${MARCA}`;
  let dialogo = await agregarRetal(page, 'nogal cadiz 15', 'MEL-NC-15', '600', '150', ubicacion);
  await dialogo.getByLabel('Base (mm)').fill('');
  await dialogo.getByLabel('Base (mm)').pressSequentially('2,5');
  await expect(dialogo.getByText('Debe ingresar un número entero')).toBeVisible();
  await dialogo.getByLabel('Base (mm)').fill('600');
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo).toBeVisible();
  await expect(dialogo.locator('[aria-invalid="true"]')).toHaveCount(1);
  await capturar(page, 'retales-agregar-minimo');
  // Enter twice on the last field saves one offcut. The save is held until both keys are pressed, so the second Enter
  // lands while the first save runs (a quick answer would close the dialog and hand the focus back to 'Agregar retal',
  // whose Enter rightly opens a new, empty dialog).
  await dialogo.getByLabel('Altura (mm)').fill('400');
  let soltar = () => {};
  const retenida = new Promise<void>((resolver) => (soltar = resolver));
  let altas = 0;
  await page.route('**/api/retales', async (ruta) => {
    if (ruta.request().method() === 'POST') {
      altas += 1;
      await retenida;
    }
    await ruta.continue();
  });
  await dialogo.getByLabel('Altura (mm)').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  soltar();
  await expect(page.getByText(MENSAJES_RETALES.retalCreado)).toBeVisible();
  await expect(dialogo).toBeHidden();
  expect(altas).toBe(1);
  await page.unroute('**/api/retales');

  // Found by its material without accents; one row, 600 × 400, on the rack, added by hand.
  await page.getByLabel('Buscar').fill('nogal cadiz');
  const fila = filaDe(page, ubicacion);
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText('MEL-NC-15');
  await expect(fila).toContainText('600');
  await expect(fila).toContainText('400');
  await expect(fila).toContainText('0.24');
  await expect(fila).toContainText('Disponible');
  await expect(fila).toContainText('Manual');
  await expect(fila).toContainText('Hoy');
  await expect(page.getByTestId('totales-retales')).toContainText('Total:');
  const codigo = await codigoDe(fila);
  expect(codigo).toMatch(/^RM\d+$/);
  // The filters live in the address: a reload keeps the search and shows the same row.
  await page.reload();
  await expect(page.getByLabel('Buscar')).toHaveValue('nogal cadiz');
  await expect(fila).toHaveCount(1);
  // Every action is in sight at 1366 × 768.
  for (const accion of ['Editar', 'Descartar', 'Historial', 'Etiqueta']) {
    const boton = fila.getByRole('button', { name: `${accion} ${codigo}` });
    await expect(boton).toBeInViewport();
  }
  await capturar(page, 'retales-inventario');

  // Re-measured after a re-cut: the reason is required.
  await fila.getByRole('button', { name: `Editar ${codigo}` }).click();
  const edicion = page.getByRole('dialog', { name: `Editar retal ${codigo}` });
  await edicion.getByLabel('Base (mm)').fill('550');
  await edicion.getByRole('button', { name: 'Guardar' }).click();
  await expect(edicion.getByText(MENSAJES_RETALES.motivoEdicion)).toBeVisible();
  await edicion.getByLabel('Motivo del cambio').fill('Se recortó un borde astillado');
  await capturar(page, 'retales-editar');
  await edicion.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MENSAJES_RETALES.retalActualizado)).toBeVisible();
  await expect(edicion).toBeHidden();
  await expect(fila).toContainText('550');
  await expect(fila).toContainText('0.22');

  // Its history: the hand entry and the change, with its reason and who made it.
  await fila.getByRole('button', { name: `Historial ${codigo}` }).click();
  const historial = page.getByRole('dialog', { name: `Historial del retal ${codigo}` });
  const movimientos = historial.getByRole('table', { name: 'Movimientos del retal' });
  await expect(movimientos.getByRole('row')).toHaveCount(3);
  await expect(movimientos.getByRole('row').nth(1)).toContainText('Medidas cambiadas');
  await expect(movimientos.getByRole('row').nth(1)).toContainText('Se recortó un borde astillado');
  await expect(movimientos.getByRole('row').nth(1)).toContainText('550 × 400 mm');
  await expect(movimientos.getByRole('row').nth(2)).toContainText('Registrado a mano');
  await expect(movimientos).toContainText('Bernardo Bodega');
  await capturar(page, 'retales-historial');
  await page.keyboard.press('Escape');
  await expect(historial).toBeHidden();

  // Its label: the signed link's PDF opens in a new tab.
  const enlace = page.waitForResponse((r) => r.url().includes('/api/retales/etiquetas') && r.request().method() === 'POST');
  const ventana = page.context().waitForEvent('page');
  await fila.getByRole('button', { name: `Etiqueta ${codigo}` }).click();
  const { data } = (await (await enlace).json()) as { data: { url: string } };
  const pestana = await ventana;
  const pdf = await request.get(data.url);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(Buffer.from(await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await pestana.close();

  // The selection prints several labels at once.
  await fila.getByRole('checkbox', { name: `Seleccionar ${codigo}` }).check();
  await expect(page.getByRole('button', { name: 'Imprimir etiquetas (1)' })).toBeEnabled();

  // Another offcut, discarded with its reason: it leaves the available ones and shows under Descartado.
  const otraUbicacion = `Rechazo ${MARCA}`;
  dialogo = await agregarRetal(page, 'wengue', 'MEL-WG-18', '700', '500', otraUbicacion);
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo).toBeHidden();
  // The search reads code and material, never the location: the row of this run is told apart by its location.
  await page.getByLabel('Buscar').fill('wengue');
  const otra = filaDe(page, otraUbicacion);
  await expect(otra).toHaveCount(1);
  const otroCodigo = await codigoDe(otra);
  await otra.getByRole('button', { name: `Descartar ${otroCodigo}` }).click();
  const descarte = page.getByRole('dialog', { name: `Descartar retal ${otroCodigo}` });
  await descarte.getByRole('button', { name: 'Descartar' }).click();
  await expect(descarte.getByText(MENSAJES_RETALES.motivo)).toBeVisible();
  await descarte.getByLabel('Motivo del descarte').fill('Se mojó en la bodega');
  await capturar(page, 'retales-descartar');
  await descarte.getByRole('button', { name: 'Descartar' }).click();
  await expect(page.getByText(MENSAJES_RETALES.retalDescartado)).toBeVisible();
  await expect(descarte).toBeHidden();
  await expect(otra).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Descartado', exact: true }).click();
  await expect(page).toHaveURL(/estado=DESCARTADO/);
  await expect(otra).toHaveCount(1);
  await expect(otra).toContainText('Descartado');
  // A discarded offcut is no longer edited nor discarded; its history stays.
  await expect(otra.getByRole('button', { name: `Editar ${otroCodigo}` })).toHaveCount(0);
  await expect(otra.getByRole('button', { name: `Historial ${otroCodigo}` })).toBeVisible();
  await capturar(page, 'retales-descartados');
  // Back to Disponible.
  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page).not.toHaveURL(/estado=/);
  await expect(otra).toHaveCount(0);

  // The savings report: one row per month of the last six, and the total.
  await page.getByRole('tab', { name: 'Ahorro por retales' }).click();
  await expect(page).toHaveURL(/vista=ahorro/);
  const ahorro = page.getByRole('table', { name: 'Ahorro por retales' });
  await expect(ahorro.getByRole('columnheader')).toHaveText(['Mes', 'Planes', 'Retales usados', 'm²', 'Tableros ahorrados', 'Valor']);
  await expect(ahorro.locator('tbody tr')).toHaveCount(6);
  await expect(ahorro.locator('tfoot')).toContainText('Total');
  await capturar(page, 'retales-ahorro');
  // Back returns to the inventory with its search.
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Inventario de retales' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Buscar')).toHaveValue('wengue');
});
