import { expect, test } from '@playwright/test';
import type { VentaGuardada } from '@tablero/domain';
import { capturar } from './apoyo';
import { abrirPedidos, agregarConTeclado, elegirClienteConTeclado, esperarCantidadSeleccionada, leerVenta } from './apoyo-ventas';

// The one number reader in the order form and the cut table (docs/architecture.md §5 "Numbers in fields"): a comma is
// only a thousands separator, a dot the decimal point; a refused text stays in its cell with the accepted form and the
// order is not saved meanwhile, never with a different number.

/** An edge band sold by the metre (numeric quantity with decimals). */
const CANTO = 'TC-BL-22X3R';

test('[NUMEROS] un vendedor escribe 2,5 metros de canto, ve "Use punto para decimales: 2.5", lo corrige y el pedido guarda 2.5', async ({ page, request }) => {
  await abrirPedidos(page);
  await elegirClienteConTeclado(page, '900456789', /Carpintería El Roble/);
  await page.keyboard.type(CANTO);
  await page.keyboard.press('Enter');
  await esperarCantidadSeleccionada(page, CANTO);
  const cantidad = page.getByLabel(`Cantidad de ${CANTO}`);

  // '2,5' is not 25: the cell keeps the text, marked invalid with the accepted form, and Enter stays in it.
  await page.keyboard.type('2,5');
  await page.keyboard.press('Enter');
  await expect(cantidad).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Use punto para decimales: 2.5', { exact: true })).toBeVisible();
  await expect(cantidad).toHaveValue('2,5');
  await expect(cantidad).toBeFocused();
  await capturar(page, 'numeros-pedido-coma-decimal');

  // Saving waits for the cell, with its message: no request leaves.
  let envios = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/facturas/guardar')) envios += 1;
  });
  await page.getByLabel('Referencia').focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(`Cantidad de ${CANTO}: Use punto para decimales: 2.5`)).toBeVisible();
  expect(envios).toBe(0);

  // A number typed the European way is refused the same way; Escape brings the line's value back. (The seller's price
  // cell is read-only, docs/decisions.md "Pedidos": the quantity cell reads through the same reader.)
  await cantidad.fill('12.400,50');
  await cantidad.press('Tab');
  await expect(page.getByText('Use coma para miles y punto para decimales: 12,400.50', { exact: true })).toBeVisible();
  await expect(cantidad).toHaveAttribute('aria-invalid', 'true');
  await cantidad.focus();
  await cantidad.press('Escape');
  await cantidad.press('Tab');
  await expect(cantidad).toHaveValue('1');
  await expect(cantidad).not.toHaveAttribute('aria-invalid', 'true');

  // Corrected, the cell shows the number the line uses once it is left.
  await cantidad.fill('2.5');
  await cantidad.press('Enter');
  await expect(cantidad).toHaveValue('2.5');
  await expect(cantidad).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Use punto para decimales: 2.5', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Referencia')).toBeFocused();
  await capturar(page, 'numeros-pedido-corregido');

  const guardado = page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar') && r.request().method() === 'POST');
  await page.keyboard.press('Control+Enter');
  const respuesta = await guardado;
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  const venta = (await respuesta.json()).data as VentaGuardada;
  await expect(page.getByText('Datos guardados con éxito')).toBeVisible();
  const leida = await leerVenta(request, venta.venta_id);
  expect(leida.ventas_detalle.map((l) => [l.referencia, l.cantidad_vendida])).toEqual([[CANTO, 2.5]]);
});

test('[NUMEROS] en la tabla de cortes "1.200" no es 1,2 ni 1200: el campo lo dice y Optimizar espera la corrección', async ({ page }) => {
  await abrirPedidos(page);
  await elegirClienteConTeclado(page, '900456789', /Carpintería El Roble/);
  await agregarConTeclado(page, 'MEL-BL-18', '1');
  await page.getByRole('button', { name: 'Corte de MEL-BL-18' }).click();
  const corte = page.getByRole('dialog', { name: 'Despiece de corte' });
  await expect(corte).toBeVisible();
  await corte.getByLabel('Cantidad del corte 1', { exact: true }).fill('2');
  const base = corte.getByLabel('Base del corte 1', { exact: true });
  await base.fill('1.200');
  await corte.getByLabel('Altura del corte 1', { exact: true }).fill('400');
  await expect(base).toHaveValue('1.200');
  await expect(base).toHaveAttribute('aria-invalid', 'true');
  await expect(corte.getByText('Debe ingresar un número entero: 1200')).toBeVisible();
  let optimizaciones = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/facturas/optimizar')) optimizaciones += 1;
  });
  await corte.getByRole('button', { name: 'Optimizar' }).click();
  await expect(page.getByText('Corrija los números marcados antes de optimizar', { exact: true })).toBeVisible();
  await expect(corte.getByText('Corte 1: Corrija los números marcados antes de optimizar')).toBeVisible();
  await capturar(page, 'numeros-corte-punto-de-miles');
  expect(optimizaciones).toBe(0);

  // Written as the rule says, the value is read and shown grouped.
  await base.fill('1,200');
  await expect(base).toHaveValue('1,200');
  await expect(corte.getByText('Debe ingresar un número entero: 1200')).toHaveCount(0);
  await expect(base).not.toHaveAttribute('aria-invalid', 'true');
});
