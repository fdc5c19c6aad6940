import { writeFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CONFIRMACION_ANULAR_ABONO, CONFIRMACION_ELIMINAR_CREDITO, formatearFecha, hoyNegocio, MENSAJES_CREDITOS, NOMBRES_BASE_CARTERA, sumarDias } from '@tablero/domain';
import { textoPdf } from '../../apps/server/src/documents/pdf-texto';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { asegurarRangos, crearCliente, crearVentaPendiente, moneda, sesionApi, type Cabeceras } from './apoyo-ventas';

// [CRÉDITOS] spec 002 §2.1–§2.3 (docs/decisions-creditos.md): a credit invoice appears on Créditos, is paid in two
// methods, one payment is annulled, the statement PDF is opened; then the aging view and the write-off. At 1366 × 768
// (the config's viewport).

test.beforeEach(async ({ request }) => {
  await asegurarRangos(request);
});

/** A new customer with a credit account and one sale billed on credit (as the bill dialog sends a credit invoice). */
async function clienteConFacturaCredito(request: APIRequestContext, cabeceras: Cabeceras, nombres: string) {
  const cliente = await crearCliente(request, cabeceras, nombres);
  const cuenta = await request.post('/api/cuentas-credito/guardar', { headers: cabeceras, data: { id: null, tercero_id: cliente.id, total_cupo_permitido: 5_000_000 } });
  expect(cuenta.ok(), await cuenta.text()).toBe(true);
  const { ventaId, total } = await crearVentaPendiente(request, cabeceras, cliente.id, { tipoPagoId: 2 });
  const factura = await request.post(`/api/facturas/${ventaId}/forma-pago`, {
    headers: cabeceras,
    data: {
      venta_id: ventaId,
      // A credit sale is always an electronic invoice (docs/decisions-factura-electronica.md, "Venta a crédito").
      crear_factura_siigo: true,
      crear_venta_credito: true,
      modo_factura: 'CR',
      formaPagoList: [{ id_forma_pago: 6, nombre_forma_pago: 'Crédito', comprobante_id: null, valor_pagado: total }],
      valor_recibido: null,
    },
  });
  expect(factura.ok(), await factura.text()).toBe(true);
  // An advance the customer left earlier, usable in the payment.
  const anticipo = await request.post('/api/anticipos/guardar', {
    headers: cabeceras,
    data: { cliente_id: cliente.id, fecha_anticipo: hoyNegocio(), valor_anticipo: 50_000, observacion_anticipo: 'Anticipo previo', forma_pago_id: 1 },
  });
  expect(anticipo.ok(), await anticipo.text()).toBe(true);
  return { ...cliente, ventaId, total };
}

async function saldoAnticipo(request: APIRequestContext, cabeceras: Cabeceras, clienteId: number): Promise<number> {
  const respuesta = await request.get(`/api/anticipos/saldo?cliente_id=${clienteId}`, { headers: cabeceras });
  return (await respuesta.json()).data.total_anticipo as number;
}

async function elegirForma(page: Page, nombre: string) {
  const dialogo = page.getByRole('dialog', { name: /^Registrar abono de / });
  await dialogo.getByRole('combobox', { name: 'Forma de pago' }).click();
  await page.getByRole('option', { name: nombre, exact: true }).click();
  await dialogo.getByRole('button', { name: 'Agregar' }).click();
}

test('[CRÉDITOS] una factura a crédito se abona en dos formas de pago, se anula un abono y se abre el estado de cuenta', async ({ page, request }) => {
  // A long journey (a dozen dialogs): more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const sufijo = String(Date.now() % 100_000);
  const nombres = `Héctor Gómez${sufijo}`;
  const nombreCompleto = `${nombres} Facturación`;
  const cliente = await clienteConFacturaCredito(request, cabeceras, nombres);
  const etiqueta = `${cliente.documento} - ${nombreCompleto}`;

  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Créditos' }).click();
  await expect(page).toHaveURL(/#\/creditos$/);
  await expect(page.getByRole('heading', { name: 'Créditos' })).toBeVisible();
  await expect(page.getByTestId('total-credito-pendiente')).toHaveText(/^\$[\d,]+$/);
  await capturar(page, 'creditos-lista');

  // The customer filter forgives accents ('gomez' finds Gómez); the credit invoice shows, highlighted.
  const filtro = page.getByRole('combobox', { name: 'Cliente' });
  await filtro.click();
  await filtro.fill(`hector gomez${sufijo}`);
  await page.getByRole('option', { name: etiqueta, exact: true }).click();
  const fila = page.getByRole('table', { name: 'Créditos' }).locator('tbody tr').filter({ hasText: cliente.documento });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText(moneda(cliente.total));
  await expect(fila).toHaveAttribute('data-pendiente', 'true');
  await expect(page.getByTestId('total-credito-pendiente')).toHaveText(moneda(cliente.total));
  // Every row action is in sight at 1366 × 768.
  for (const accion of ['Facturas', 'Eliminar crédito', 'Estado de cuenta']) await expect(fila.getByRole('button', { name: accion })).toBeInViewport();

  // Facturas: the history of the credit's sales, with what is paid and pending.
  await fila.getByRole('button', { name: 'Facturas' }).click();
  const historial = page.getByRole('dialog', { name: `Movimientos del crédito de ${nombreCompleto}` });
  const movimientos = historial.getByRole('table', { name: 'Movimientos del crédito' }).locator('tbody tr');
  await expect(movimientos).toHaveCount(1);
  const cargo = movimientos.first();
  await expect(cargo).toHaveAttribute('data-tipo', '1');
  await expect(cargo).toContainText(`$0${moneda(cliente.total)}`);
  await capturar(page, 'creditos-historial');

  // Pay: the form opens locked on that sale, with its balance and receipt.
  await cargo.getByRole('button', { name: `Abonar venta ${cliente.ventaId}` }).click();
  const pago = page.getByRole('dialog', { name: `Registrar abono de ${nombreCompleto}` });
  await expect(pago.getByRole('combobox', { name: /^Venta/ })).toBeDisabled();
  await expect(pago.getByTestId('saldo-venta')).toContainText(`Saldo pendiente de la venta: ${moneda(cliente.total)}`);
  await expect(pago.getByRole('link', { name: 'Recibo PDF' })).toHaveAttribute('href', /\/api\/public\/abono\//);
  const reciboVenta = (await pago.getByRole('link', { name: 'Recibo PDF' }).getAttribute('href'))!;

  // spec 002 §5, each message once: the observation missing, nothing to pay, no method chosen, a row incomplete.
  await pago.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MENSAJES_CREDITOS.faltanCampos)).toHaveCount(1);
  await expect(pago.getByText(MENSAJES_CREDITOS.observacion)).toBeVisible();
  await pago.getByLabel('Observación').fill('Abono de la primera quincena');
  await pago.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MENSAJES_CREDITOS.valorCero)).toHaveCount(1);
  await pago.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByText(MENSAJES_CREDITOS.seleccionarForma)).toHaveCount(1);
  await elegirForma(page, 'Transferencia bancaria');
  const transferencia = pago.getByLabel('Valor Transferencia bancaria');
  await expect(transferencia).toHaveValue(`$ ${cliente.total.toLocaleString('en-US')}`);
  await transferencia.fill('100000');
  // The customer's advance balance is shown and usable as a method, once the transfer's row is complete.
  await expect(pago.getByTestId('saldo-anticipo')).toHaveText('Saldo de anticipos del cliente: $50,000');
  await pago.getByRole('button', { name: 'Usar anticipo' }).click();
  await expect(page.getByText(MENSAJES_CREDITOS.camposAntesDeAgregar)).toHaveCount(1);
  await pago.getByLabel('Código comprobante Transferencia bancaria').fill('TRF-55001');
  await pago.getByLabel('Fecha consignación Transferencia bancaria').fill('01/11/2026');
  await pago.getByLabel('Fecha consignación Transferencia bancaria').press('Tab');
  await pago.getByRole('button', { name: 'Usar anticipo' }).click();
  await expect(pago.getByLabel('Valor Anticipo')).toHaveValue('$ 50,000');
  await expect(pago.getByRole('button', { name: 'Usar anticipo' })).toBeDisabled();
  // Neither Crédito nor Anticipo is offered in the picker (spec 002 §5).
  await pago.getByRole('combobox', { name: 'Forma de pago' }).click();
  await expect(page.getByRole('option', { name: 'Efectivo', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Crédito', exact: true })).toHaveCount(0);
  await expect(page.getByRole('option', { name: 'Anticipo', exact: true })).toHaveCount(0);
  await pago.getByRole('combobox', { name: 'Forma de pago' }).press('Escape');
  // More than the sale owes is refused with the balance.
  await transferencia.fill(String(cliente.total));
  await pago.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MENSAJES_CREDITOS.superaSaldo(`$ ${cliente.total.toLocaleString('en-US')}`))).toHaveCount(1);
  await transferencia.fill('100000');
  await expect(pago.getByTestId('total-abono')).toHaveText('$150,000');
  await capturar(page, 'creditos-abono');
  // Enter twice: one payment.
  const codigo = pago.getByLabel('Código comprobante Transferencia bancaria');
  await codigo.press('Enter');
  await codigo.press('Enter', { timeout: 1000 }).catch(() => undefined);
  await expect(page.getByText(MENSAJES_CREDITOS.abonoRegistrado)).toHaveCount(1);
  await expect(pago).toBeHidden();
  await expect(cargo).toContainText(`$150,000${moneda(cliente.total - 150_000)}`);

  // Ver pagos: the history of that sale's payments, each with its methods.
  await cargo.getByRole('button', { name: `Ver pagos venta ${cliente.ventaId}` }).click();
  await expect(movimientos).toHaveCount(1);
  const abono = movimientos.first();
  await expect(abono).toHaveAttribute('data-tipo', '2');
  await expect(abono).toContainText('Transferencia bancaria $100,000 · TRF-55001');
  await expect(abono).toContainText('Anticipo $50,000');
  expect(await saldoAnticipo(request, cabeceras, cliente.id)).toBe(0);
  await expect(abono).toContainText('Abono de la primera quincena');
  await capturar(page, 'creditos-pagos');

  // Anular abono: the spec's confirmation, 'Abono anulado', the payment marked and a reversing movement.
  await abono.getByRole('button', { name: 'Anular abono' }).click();
  const confirmacion = page.getByRole('dialog', { name: CONFIRMACION_ANULAR_ABONO.titulo });
  await expect(confirmacion).toContainText(CONFIRMACION_ANULAR_ABONO.texto);
  // Before confirming, the money to give back: the transfer; the advance part goes back to the advance balance
  // (docs/decisions-reportes-dinero.md "Devoluciones").
  await expect(confirmacion.getByTestId('aviso-devolucion')).toContainText('Devuelva al cliente $ 100,000 en Transferencia bancaria');
  await capturar(page, 'creditos-anular-abono');
  await confirmacion.getByRole('button', { name: 'Anular' }).click();
  await expect(page.getByText(MENSAJES_CREDITOS.abonoAnulado)).toHaveCount(1);
  await expect(confirmacion).toBeHidden();
  await expect(abono).toHaveAttribute('data-anulado', 'true');
  await expect(abono.getByText('Anulado')).toBeVisible();
  await expect(abono.getByRole('button', { name: 'Anular abono' })).toHaveCount(0);
  // The part paid with the advance went back to the customer's advance balance.
  expect(await saldoAnticipo(request, cabeceras, cliente.id)).toBe(50_000);
  await capturar(page, 'creditos-abono-anulado');
  await historial.getByRole('button', { name: 'Ver todos' }).click();
  await expect(movimientos).toHaveCount(3);
  await expect(movimientos.nth(0)).toHaveAttribute('data-tipo', '3');
  await historial.getByRole('combobox', { name: 'Tipo de movimiento' }).click();
  await page.getByRole('option', { name: 'Venta', exact: true }).click();
  await expect(movimientos).toHaveCount(1);
  await expect(cargo).toContainText(`$0${moneda(cliente.total)}`);
  // The sale's detail (spec 000 §2.7) opens from its movement: ventas' dialog, which the frame gives the credits screen.
  await cargo.getByRole('button', { name: `Detalle venta ${cliente.ventaId}` }).click();
  const detalleVenta = page.getByRole('dialog', { name: `Detalle de la venta No. ${cliente.ventaId}` });
  await expect(detalleVenta).toBeVisible();
  await detalleVenta.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(detalleVenta).toBeHidden();
  await historial.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(historial).toBeHidden();
  await expect(fila).toContainText(moneda(cliente.total));

  // The statement: a PDF with the customer's name and the annulled payment.
  const estado = page.context().waitForEvent('response', (r) => r.url().includes('/api/public/credito/'));
  const ventana = page.context().waitForEvent('page');
  await fila.getByRole('button', { name: 'Estado de cuenta' }).click();
  const pestana = await ventana;
  const respuesta = await estado;
  expect(respuesta.status()).toBe(200);
  expect(respuesta.headers()['content-type']).toContain('application/pdf');
  await pestana.close();
  // The browser hands the PDF to its viewer; the same signed link read again gives the file itself.
  const cuerpo = Buffer.from(await (await request.get(respuesta.url())).body());
  expect(cuerpo.subarray(0, 5).toString()).toBe('%PDF-');
  // Kept beside the run's results, to be looked at.
  await writeFile(test.info().outputPath('estado-de-cuenta.pdf'), cuerpo);
  const texto = textoPdf(cuerpo);
  expect(texto).toContain(nombres);
  // Each sale named by the invoice the customer holds, never by the shop's internal sale id.
  const encabezado = (await (await request.get(`/api/facturas/${cliente.ventaId}`, { headers: cabeceras })).json()).data.ventas_encabezado as {
    prefijo_factura_dian: string | null;
    nro_factura_dian: number | null;
  };
  expect(encabezado.nro_factura_dian).not.toBeNull();
  expect(texto).toContain(`${encabezado.prefijo_factura_dian ?? ''}${encabezado.nro_factura_dian}`);
  expect(texto).not.toMatch(new RegExp(`[Vv]enta No\\. ${cliente.ventaId}\\b`));
  // Each pending invoice with its due date: billed today on an account of 30 days.
  expect(texto).toContain('Vencimiento');
  expect(texto).toContain(formatearFecha(sumarDias(hoyNegocio(), 30)));
  // The sale's receipt lists each payment with its methods, the annulled one marked.
  const recibo = await request.get(reciboVenta);
  expect(recibo.headers()['content-type']).toContain('application/pdf');
  await writeFile(test.info().outputPath('recibo-credito.pdf'), await recibo.body());
  const textoRecibo = textoPdf(Buffer.from(await recibo.body()));
  expect(textoRecibo).toContain(`Factura ${encabezado.prefijo_factura_dian ?? ''}${encabezado.nro_factura_dian}`);
  expect(textoRecibo).toContain('TRF-55001');
  expect(textoRecibo).toContain(nombres);

  // Cartera por edades: the customer's pending credit is current (billed today), and the .xlsx downloads.
  await page.getByRole('tab', { name: 'Cartera por edades' }).click();
  const cartera = page.getByRole('table', { name: 'Cartera por edades' });
  const filaCartera = cartera.locator('tbody tr').filter({ hasText: cliente.documento });
  await expect(filaCartera).toHaveCount(1);
  await expect(filaCartera.locator('td').nth(2)).toHaveText(moneda(cliente.total));
  await expect(filaCartera.locator('td').last()).toHaveText(moneda(cliente.total));
  await capturar(page, 'creditos-cartera');
  // By due date: due in 30 days, still current.
  await page.getByText(NOMBRES_BASE_CARTERA.vencimiento, { exact: true }).click();
  await expect(filaCartera.locator('td').nth(2)).toHaveText(moneda(cliente.total));
  await capturar(page, 'creditos-cartera-vencimiento');
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(/^Cartera por edades \d{4}-\d{2}-\d{2}\.xlsx$/);
  const contenido = await archivo.createReadStream();
  const bytes: Buffer[] = [];
  for await (const parte of contenido) bytes.push(parte as Buffer);
  expect(Buffer.concat(bytes).subarray(0, 2).toString()).toBe('PK');

  // Eliminar crédito: the confirmation names the customer and asks the reason; the balance is written off.
  await page.getByRole('tab', { name: 'Créditos' }).click();
  await fila.getByRole('button', { name: 'Eliminar crédito' }).click();
  const eliminar = page.getByRole('dialog', { name: CONFIRMACION_ELIMINAR_CREDITO.titulo });
  await expect(eliminar).toContainText(CONFIRMACION_ELIMINAR_CREDITO.texto(nombreCompleto));
  await eliminar.getByRole('button', { name: 'Eliminar' }).click();
  await expect(eliminar.getByText(MENSAJES_CREDITOS.motivo)).toBeVisible();
  await eliminar.getByLabel('Motivo').fill('Cliente insolvente, cartera castigada');
  await capturar(page, 'creditos-eliminar');
  await eliminar.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(MENSAJES_CREDITOS.creditoEliminado)).toHaveCount(1);
  await expect(fila).toContainText('$0');
  await expect(fila).not.toHaveAttribute('data-pendiente', 'true');
  await expect(fila.getByRole('button', { name: 'Eliminar crédito' })).toHaveCount(0);

  // The credit account of spec 001 links to the same history (every type) and statement.
  await page.goto(`/#/cuentas-credito/${cliente.documento}`);
  await expect(page.getByRole('heading', { name: 'Total crédito: $0' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Estado de cuenta' })).toBeEnabled();
  await page.getByRole('button', { name: 'Movimientos' }).click();
  await expect(historial.getByRole('combobox', { name: 'Tipo de movimiento' })).toHaveValue('Todos');
  await expect(movimientos).toHaveCount(4);
  await expect(movimientos.nth(0)).toHaveAttribute('data-tipo', '5');
  await expect(movimientos.nth(0)).toContainText('Cliente insolvente, cartera castigada');
  await capturar(page, 'creditos-cuenta-movimientos');
});
