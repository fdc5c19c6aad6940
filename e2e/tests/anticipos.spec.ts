import { writeFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { CONFIRMACION_ANULAR_ANTICIPO, MENSAJES_ANTICIPOS } from '@tablero/domain';
import { textoPdf } from '../../apps/server/src/documents/pdf-texto';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { asegurarRangos, crearCliente, crearVentaPendiente, efectivoRedondeado, sesionApi, type Cabeceras } from './apoyo-ventas';

// [ANTICIPOS] spec 002 §2.5–§2.7 (docs/decisions-anticipos.md): an advance is added on the Anticipos screen, spent on a
// sale, and a second one annulled from the history; at 1366 × 768 (the config's viewport).

test.beforeEach(async ({ request }) => {
  await asegurarRangos(request);
});

/** Bills the pending sale as the bill dialog sends it: `anticipo` from the customer's advance balance, the rest in cash. */
async function facturarConAnticipo(request: APIRequestContext, cabeceras: Cabeceras, ventaId: number, total: number, anticipo: number) {
  const efectivo = await efectivoRedondeado(request, cabeceras, total - anticipo);
  const respuesta = await request.post(`/api/facturas/${ventaId}/forma-pago`, {
    headers: cabeceras,
    data: {
      venta_id: ventaId,
      crear_factura_siigo: false,
      crear_venta_credito: false,
      modo_factura: 'C',
      formaPagoList: [
        { id_forma_pago: 8, nombre_forma_pago: 'Anticipo', forma_abono: true, comprobante_id: null, valor_pagado: anticipo },
        { id_forma_pago: 1, nombre_forma_pago: 'Efectivo', comprobante_id: null, valor_pagado: efectivo },
      ],
      valor_recibido: efectivo,
    },
  });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
}

/** Chooses the customer in the typeahead by typing part of the name (accents not needed). */
async function elegirCliente(page: Page, contenedor: Locator | Page, texto: string, etiqueta: string) {
  const combo = contenedor.getByRole('combobox', { name: /^Cliente/ });
  await combo.click();
  await combo.fill(texto);
  await page.getByRole('option', { name: etiqueta, exact: true }).click();
}

test('[ANTICIPOS] agrega un anticipo, lo gasta en una venta y anula un segundo anticipo', async ({ page, request }) => {
  // A long journey (a dozen dialogs): more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const sufijo = String(Date.now() % 100_000);
  const cliente = await crearCliente(request, cabeceras, `Ramón Anticipo${sufijo}`);
  const etiqueta = `${cliente.documento} - Ramón Anticipo${sufijo} Facturación`;

  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Anticipos' }).click();
  await expect(page).toHaveURL(/#\/anticipos$/);
  await expect(page.getByRole('heading', { name: 'Anticipos' })).toBeVisible();
  // The demo data's advances: a total of the whole set, and the customers with a balance highlighted.
  await expect(page.getByTestId('total-anticipos')).toHaveText(/^\$[\d,]+$/);
  await capturar(page, 'anticipos-lista');

  // spec 002 §5 Advance: an empty form names each field and says 'Faltan campos por ingresar'.
  await page.getByRole('button', { name: 'Agregar anticipo', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Agregar anticipo' });
  await expect(modal.getByRole('combobox', { name: /^Forma de pago/ })).toHaveValue('Efectivo');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MENSAJES_ANTICIPOS.faltanCampos)).toHaveCount(1);
  await expect(modal.getByText(MENSAJES_ANTICIPOS.cliente)).toBeVisible();
  await expect(modal.getByText(MENSAJES_ANTICIPOS.valor)).toBeVisible();
  await expect(modal.getByText(MENSAJES_ANTICIPOS.observacion)).toBeVisible();
  await elegirCliente(page, modal, `ramon anticipo${sufijo}`, etiqueta);
  await modal.getByLabel('Observación').fill('Anticipo para el pedido de cocina');
  await modal.getByLabel('Valor').fill('0');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MENSAJES_ANTICIPOS.valorCero).first()).toBeVisible();
  await modal.getByLabel('Valor').fill('200000');
  await capturar(page, 'anticipos-formulario');
  // Each advance's consecutive as the server gave it when saved (the history below must show that number).
  const guardadoAnticipo = () =>
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/anticipos/guardar')).then(async (r) => {
      expect(r.ok(), await r.text()).toBe(true);
      return (await r.json()).data.consecutivo_anticipo as number;
    });
  const primerGuardado = guardadoAnticipo();
  // Enter twice: one advance.
  await modal.getByLabel('Valor').press('Enter');
  await modal.getByLabel('Valor').press('Enter', { timeout: 1000 }).catch(() => undefined);
  await expect(page.getByText(MENSAJES_ANTICIPOS.anticipoRegistrado)).toHaveCount(1);
  await expect(modal).toBeHidden();

  // The filter finds the customer typed without accents; the row shows the balance, highlighted.
  await elegirCliente(page, page, `ramon anticipo${sufijo}`, etiqueta);
  const tabla = page.getByRole('table', { name: 'Anticipos' });
  const fila = tabla.locator('tbody tr').filter({ hasText: cliente.documento });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText('$200,000');
  await expect(fila).toHaveAttribute('data-con-saldo', 'true');
  await expect(page.getByTestId('total-anticipos')).toHaveText('$200,000');

  // A second advance from the row: the customer is locked; a transfer asks for its voucher code. The first one's toast
  // has closed by then: the same success message is not stacked while it is still up (lib/notificaciones.ts), so the
  // second one's own toast could not be told apart.
  await expect(page.getByText(MENSAJES_ANTICIPOS.anticipoRegistrado)).toHaveCount(0);
  await fila.getByRole('button', { name: /^Agregar anticipo a / }).click();
  await expect(modal.getByRole('textbox', { name: 'Cliente' })).toHaveValue(etiqueta);
  await modal.getByLabel('Valor').fill('50000');
  await modal.getByLabel('Observación').fill('Segundo anticipo, por transferencia');
  await modal.getByRole('combobox', { name: /^Forma de pago/ }).click();
  await page.getByRole('option', { name: 'Transferencia bancaria', exact: true }).click();
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText(MENSAJES_ANTICIPOS.comprobante)).toBeVisible();
  await modal.getByLabel('Código comprobante').fill('TRF-88123');
  const segundoGuardado = guardadoAnticipo();
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MENSAJES_ANTICIPOS.anticipoRegistrado)).toHaveCount(1);
  await expect(fila).toContainText('$250,000');

  // The advance is spent on a sale: billed with $200,000 of the advance and the rest in cash.
  const { ventaId, total } = await crearVentaPendiente(request, cabeceras, cliente.id);
  await facturarConAnticipo(request, cabeceras, ventaId, total, 200_000);
  await page.reload();
  await elegirCliente(page, page, `ramon anticipo${sufijo}`, etiqueta);
  await expect(fila).toContainText('$50,000');

  await fila.getByRole('button', { name: 'Historial' }).click();
  const historial = page.getByRole('dialog', { name: `Historial de anticipos de Ramón Anticipo${sufijo} Facturación` });
  const movimientos = historial.getByRole('table', { name: 'Historial de anticipos' }).locator('tbody tr');
  await expect(movimientos).toHaveCount(3);
  // Newest first: the spend on the sale, then the two advances with their consecutives, users and methods.
  const gasto = movimientos.nth(0);
  await expect(gasto).toHaveAttribute('data-tipo', '2');
  await expect(gasto).toContainText('-$200,000');
  await expect(gasto).toContainText('Sara Administradora General');
  const segundo = movimientos.nth(1);
  const primero = movimientos.nth(2);
  await expect(segundo).toContainText('$50,000');
  await expect(segundo).toContainText('Transferencia bancaria · TRF-88123');
  await expect(primero).toContainText('$200,000');
  await expect(primero).toContainText('Efectivo');
  // One sequence numbers every advance of the business: another journey's advance or prepaid payment, saved between
  // these two, takes a number in between; so each row shows the number its save was given, the second one higher.
  const consecutivoPrimero = await primerGuardado;
  const consecutivoSegundo = await segundoGuardado;
  await expect(primero.locator('td').first()).toHaveText(String(consecutivoPrimero));
  await expect(segundo.locator('td').first()).toHaveText(String(consecutivoSegundo));
  expect(consecutivoSegundo).toBeGreaterThan(consecutivoPrimero);
  await capturar(page, 'anticipos-historial');

  // The spend links to the sale's invoice; an advance to its receipt.
  const factura = page.context().waitForEvent('response', (r) => r.url().includes('/api/public/FVS/'));
  const ventanaFactura = page.context().waitForEvent('page');
  await gasto.getByRole('button', { name: `Factura venta ${ventaId}` }).click();
  const pestana = await ventanaFactura;
  expect((await factura).headers()['content-type']).toContain('application/pdf');
  await pestana.close();
  const recibo = await request.get((await segundo.getByRole('link', { name: /^Recibo anticipo / }).getAttribute('href'))!);
  expect(recibo.headers()['content-type']).toContain('application/pdf');
  // Kept beside the run's results, to be looked at.
  await writeFile(test.info().outputPath('recibo-anticipo.pdf'), await recibo.body());
  const textoRecibo = textoPdf(Buffer.from(await recibo.body()));
  expect(textoRecibo).toContain(`Ramón Anticipo${sufijo}`);
  expect(textoRecibo).toContain('TRF-88123');

  // The first advance was partly spent: the balance no longer holds it, and the server says so.
  await primero.getByRole('button', { name: 'Anular' }).click();
  const confirmacion = page.getByRole('dialog', { name: CONFIRMACION_ANULAR_ANTICIPO.titulo });
  await expect(confirmacion).toContainText(CONFIRMACION_ANULAR_ANTICIPO.texto);
  await confirmacion.getByRole('button', { name: 'Anular' }).click();
  await expect(page.getByText(/^No se puede anular el anticipo/).first()).toBeVisible();
  await confirmacion.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirmacion).toBeHidden();

  // The second one is annulled: marked in the history, a reversing movement, and the balance back to 0.
  await segundo.getByRole('button', { name: 'Anular' }).click();
  await expect(confirmacion).toContainText(CONFIRMACION_ANULAR_ANTICIPO.texto);
  // Before confirming, the money to give back and its method (docs/decisions-reportes-dinero.md "Devoluciones").
  await expect(confirmacion.getByTestId('aviso-devolucion')).toContainText('Devuelva al cliente $ 50,000 en Transferencia bancaria');
  await capturar(page, 'anticipos-anular');
  await confirmacion.getByRole('button', { name: 'Anular' }).click();
  await expect(page.getByText(MENSAJES_ANTICIPOS.anticipoAnulado)).toHaveCount(1);
  await expect(confirmacion).toBeHidden();
  await expect(movimientos).toHaveCount(4);
  await expect(movimientos.nth(0)).toHaveAttribute('data-tipo', '3');
  await expect(movimientos.nth(0)).toContainText('-$50,000');
  await expect(movimientos.nth(2)).toHaveAttribute('data-anulado', 'true');
  await expect(movimientos.nth(2).getByRole('button', { name: 'Anular' })).toHaveCount(0);
  await expect(historial.getByTestId('saldo-anticipo-historial')).toHaveText('$0');
  await capturar(page, 'anticipos-anulado');
  await historial.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(fila).toContainText('$0');
  await expect(fila).not.toHaveAttribute('data-con-saldo', 'true');

  // The prepaid balance is the same one the customers' screen and the billing use.
  const saldo = await request.get(`/api/anticipos/saldo?cliente_id=${cliente.id}`, { headers: cabeceras });
  expect((await saldo.json()).data.total_anticipo).toBe(0);
});
