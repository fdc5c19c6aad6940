import { expect, test } from '@playwright/test';
import { formatearDinero, hoyNegocio, type DevolucionesVenta, type VentasPlataforma } from '@tablero/domain';
import { textoPdf } from '../../apps/server/src/documents/pdf-texto';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { asegurarRangos, crearCliente, crearVentaPendiente, sesionApi, TIENDA, type Cabeceras } from './apoyo-ventas';

// [DEVOLUCIÓN] docs/decisions-factura-electronica.md "Devolución parcial": a customer brings back one board of a
// two-board credit sale. The SuperAdministrador returns it from Facturación (Enter pressed twice saves once, the
// dialog's actions in sight at 1366 × 768); the sale's detail lists the return with its credit note; Créditos shows
// the 'Devolución de venta' movement and the lower balance, and the statement prints it; Cierre de mes counts the
// credit note of concept 1 this month. In the 'serie' project: it reads the month's figures of store 001.

const HOY = hoyNegocio();
const [ANIO = '', MES = ''] = HOY.split('-');

async function cierre(request: Parameters<typeof sesionApi>[0], cabeceras: Cabeceras): Promise<VentasPlataforma> {
  const respuesta = await request.post('/api/cierre-mes/ventas-plataforma', {
    headers: cabeceras,
    data: { anio: Number(ANIO), mes: MES, codigo_tienda: TIENDA, incluir_ventas_mes: false },
  });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  return (await respuesta.json()).data as VentasPlataforma;
}

const centavos = (valor: number) => Math.round(valor * 100);

test('[DEVOLUCIÓN] devolver un tablero de una venta a crédito de dos: el detalle, el estado de cuenta y el cierre de mes lo muestran', async ({ page, request }) => {
  test.setTimeout(180_000);
  await asegurarRangos(request);
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const sufijo = String(Date.now() % 100_000);
  const nombres = `Rosa Devolución${sufijo}`;
  const cliente = await crearCliente(request, cabeceras, nombres);
  const cuenta = await request.post('/api/cuentas-credito/guardar', { headers: cabeceras, data: { id: null, tercero_id: cliente.id, total_cupo_permitido: 5_000_000 } });
  expect(cuenta.ok(), await cuenta.text()).toBe(true);
  const { ventaId, total } = await crearVentaPendiente(request, cabeceras, cliente.id, { cantidad: 2, tipoPagoId: 2 });
  const factura = await request.post(`/api/facturas/${ventaId}/forma-pago`, {
    headers: cabeceras,
    data: {
      venta_id: ventaId,
      crear_factura_siigo: true,
      crear_venta_credito: true,
      modo_factura: 'CR',
      formaPagoList: [{ id_forma_pago: 6, nombre_forma_pago: 'Crédito', comprobante_id: null, valor_pagado: total }],
      valor_recibido: null,
    },
  });
  expect(factura.ok(), await factura.text()).toBe(true);
  // 'Enviar a la DIAN' (the demo has no provider: the invoice stays pending): the return's credit note waits for it.
  const enviada = await request.post(`/api/facturas/${ventaId}/timbrar-dian`, { headers: cabeceras });
  expect(enviada.ok(), await enviada.text()).toBe(true);
  const antes = await cierre(request, cabeceras);

  // Facturación: the sale, billed; its Devolución dialog.
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Pendiente por facturar' }).click();
  await expect(page).toHaveURL(/#\/facturacion$/);
  await page.getByRole('textbox', { name: 'Término' }).fill(`${cliente.documento} ${ventaId}`);
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Facturado', exact: true }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: `Devolución venta ${ventaId}` }).click();
  const dialogo = page.getByRole('dialog', { name: `Devolución de la venta No. ${ventaId}` });
  await dialogo.getByRole('textbox', { name: /^Cantidad a devolver de / }).fill('1');
  const motivo = dialogo.getByRole('textbox', { name: 'Motivo de la devolución' });
  await motivo.fill('Un tablero llegó con el canto despegado');
  // The server's preview: the board comes off what the credit sale still owes; a credit note of concept 1.
  const previa = dialogo.getByTestId('previa-devolucion');
  await expect(previa).toContainText('Se descuenta $');
  await expect(previa).toContainText('del saldo de la cuenta crédito del cliente');
  await expect(dialogo).toContainText('se emite una nota crédito');
  // At 1366 × 768 the dialog's actions are in sight.
  await expect(dialogo.getByRole('button', { name: 'Devolver' })).toBeInViewport();
  await expect(dialogo.getByRole('button', { name: 'Cancelar' })).toBeInViewport();
  await capturar(page, 'devolucion-parcial-dialogo');
  // Enter twice: one return.
  await motivo.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Devolución No\. \d+ registrada con éxito/)).toBeVisible();
  await expect(dialogo).toBeHidden();
  const lista = (await (await request.get(`/api/facturas/${ventaId}/devoluciones`, { headers: cabeceras })).json()).data as DevolucionesVenta;
  expect(lista.devoluciones).toHaveLength(1);
  const devolucion = lista.devoluciones[0]!;
  // Half of the sale: one board of two, to the centavo (the second cut takes what the first left).
  expect(centavos(devolucion.valor_total) * 2 - centavos(total)).toBeLessThanOrEqual(1);
  expect(devolucion).toMatchObject({ valor_credito: devolucion.valor_total, valor_dinero: 0, valor_saldo_favor: 0, formas: [] });
  expect(devolucion.nota_credito).toMatch(/^[A-Z]+\d+$/);

  // The sale's detail lists the return: its number, the board, the total, off the credit, and its credit note.
  await page.getByRole('button', { name: `Detalle venta ${ventaId}` }).click();
  const detalle = page.getByRole('dialog', { name: `Detalle de la venta No. ${ventaId}` });
  const filaDevolucion = detalle.getByRole('table', { name: 'Devoluciones de la venta' }).locator('tbody tr');
  await expect(filaDevolucion).toHaveCount(1);
  await expect(filaDevolucion).toContainText(String(devolucion.id));
  await expect(filaDevolucion).toContainText('1 ×');
  await expect(filaDevolucion).toContainText(`Crédito ${formatearDinero(devolucion.valor_total)}`);
  await expect(filaDevolucion).toContainText(devolucion.nota_credito!);
  await filaDevolucion.scrollIntoViewIfNeeded();
  // The return's notice has gone, so the note's column is in the picture.
  await expect(page.getByText(/^Devolución No\. \d+ registrada con éxito/)).toBeHidden({ timeout: 20_000 });
  await capturar(page, 'devolucion-parcial-detalle-venta');
  await detalle.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(detalle).toBeHidden();

  // The annul dialog of the same sale, after its return: DIAN's concept 2 already chosen, the reason, and its actions in
  // sight at 1366 × 768. Cancelled: the sale stays billed for the statement and the month below.
  await page.getByRole('button', { name: `Anular venta ${ventaId}`, exact: true }).click();
  const anular = page.getByRole('dialog', { name: 'Anulación de venta' });
  await expect(anular.getByRole('combobox', { name: /^Concepto DIAN de la nota crédito/ })).toHaveValue('2 - Anulación de factura electrónica');
  await anular.getByRole('textbox', { name: /^Motivo de la anulación/ }).fill('El cliente desiste del otro tablero');
  await expect(anular.getByRole('button', { name: 'Anular' })).toBeInViewport();
  await expect(anular.getByRole('button', { name: 'Cancelar' })).toBeInViewport();
  await capturar(page, 'devolucion-parcial-anular');
  // A typed reason is work: cancelling asks before dropping it.
  await anular.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('dialog', { name: 'Cambios sin guardar' }).getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(anular).toBeHidden();

  // Créditos: the sale's movements show the return and the balance left; the statement prints it.
  const saldo = (centavos(total) - centavos(devolucion.valor_total)) / 100;
  await page.goto('/#/creditos');
  await expect(page.getByRole('heading', { name: 'Créditos' })).toBeVisible();
  const filtro = page.getByRole('combobox', { name: 'Cliente' });
  await filtro.click();
  await filtro.fill(`rosa devolucion${sufijo}`);
  await page.getByRole('option', { name: new RegExp(`^${cliente.documento} - `) }).click();
  const fila = page.getByRole('table', { name: 'Créditos' }).locator('tbody tr').filter({ hasText: cliente.documento });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText(formatearDinero(saldo, 'lista'));
  await fila.getByRole('button', { name: 'Facturas' }).click();
  const historial = page.getByRole('dialog', { name: /^Movimientos del crédito de / });
  const movimientos = historial.getByRole('table', { name: 'Movimientos del crédito' }).locator('tbody tr');
  // The sale's row: what it still owes after the return.
  await expect(movimientos.filter({ hasText: `Venta a crédito No. ${ventaId}` })).toContainText(formatearDinero(saldo, 'lista'));
  // Every kind of movement, the return's too.
  await historial.getByRole('button', { name: 'Ver todos' }).click();
  await expect(movimientos.filter({ hasText: 'Devolución de venta' })).toHaveCount(1);
  await expect(movimientos.filter({ hasText: 'Devolución de venta' })).toContainText(formatearDinero(devolucion.valor_total, 'lista'));
  await capturar(page, 'devolucion-parcial-movimientos-credito');
  await historial.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(historial).toBeHidden();
  const estado = page.context().waitForEvent('response', (r) => r.url().includes('/api/public/credito/'));
  const ventana = page.context().waitForEvent('page');
  await fila.getByRole('button', { name: 'Estado de cuenta' }).click();
  const pestana = await ventana;
  const respuesta = await estado;
  expect(respuesta.status()).toBe(200);
  await pestana.close();
  const texto = textoPdf(Buffer.from(await (await request.get(respuesta.url())).body()));
  expect(texto).toContain(nombres);
  expect(texto).toContain('Devolución de venta');
  // The statement's totals name the returns, so they add up to the balance.
  expect(texto).toContain('Devoluciones de venta');
  expect(texto).toContain(formatearDinero(saldo, 'documento'));

  // Cierre de mes: this month's credit notes gain the return's note, worth the board before taxes; the net sales drop
  // by as much, and the card says so.
  const despues = await cierre(request, cabeceras);
  const notas = (d: VentasPlataforma) => [d.notas_credito.aceptadas, d.notas_credito.pendientes, d.notas_credito.rechazadas];
  const cuantas = (d: VentasPlataforma) => notas(d).reduce((suma, c) => suma + c.cantidad, 0);
  const valor = (d: VentasPlataforma) => notas(d).reduce((suma, c) => suma + centavos(c.ventas), 0);
  expect(cuantas(despues) - cuantas(antes)).toBe(1);
  const subtotal = valor(despues) - valor(antes);
  expect(subtotal).toBeGreaterThan(0);
  expect(subtotal).toBeLessThan(centavos(devolucion.valor_total));
  expect(centavos(antes.ventas_total) - centavos(despues.ventas_total)).toBe(subtotal);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Cierre de mes' }).click();
  await expect(page.getByRole('heading', { name: 'Cierre de mes' })).toBeVisible();
  const tarjetaNotas = page.getByTestId('notas-credito');
  await expect(tarjetaNotas).toHaveText(formatearDinero(-valor(despues) / 100, 'lista'));
  await expect(page.getByTestId('aviso-documentos-fiscales')).toContainText(devolucion.nota_credito!);
  await tarjetaNotas.scrollIntoViewIfNeeded();
  await capturar(page, 'devolucion-parcial-cierre-mes');
});
