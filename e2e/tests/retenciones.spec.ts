import { expect, test, type APIRequestContext } from '@playwright/test';
import { aCentavos, dePesos, hoyNegocio, MENSAJES_CREDITOS, redondearCentavosEfectivo } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { abrirFacturar, asegurarRangos, crearCliente, crearVentaPendiente, elegirForma, facturarYCerrarDocumento, moneda, sesionApi, type Cabeceras } from './apoyo-ventas';

// [RETENCIONES] docs/decisions-retenciones.md: a customer is marked as withholding agent in its form, a sale to it is
// billed with the withholdings the dialog proposes (cash received = total − withholdings), a credit invoice is paid
// with a withholding announced with the payment, and the month's report lists them. At 1366 × 768.

test.beforeEach(async ({ request }) => {
  await asegurarRangos(request);
});

// 3 demo boards of $265,000 + IVA 19 %: base $795,000 (above 10 UVT), IVA $151,050, total $946,050.
const BASE = 795_000;
const IVA = 151_050;
const RETEFUENTE = 19_875; // 2.5 % of the base
const RETEIVA = 22_657.5; // 15 % of the IVA

async function facturaCredito(request: APIRequestContext, cabeceras: Cabeceras, clienteId: number) {
  const cuenta = await request.post('/api/cuentas-credito/guardar', { headers: cabeceras, data: { id: null, tercero_id: clienteId, total_cupo_permitido: 5_000_000 } });
  expect(cuenta.ok(), await cuenta.text()).toBe(true);
  const { ventaId, total } = await crearVentaPendiente(request, cabeceras, clienteId, { cantidad: 3, tipoPagoId: 2 });
  const factura = await request.post(`/api/facturas/${ventaId}/forma-pago`, {
    headers: cabeceras,
    data: { crear_factura_siigo: true, crear_venta_credito: true, modo_factura: 'CR', formaPagoList: [{ id_forma_pago: 6, valor_pagado: total }], valor_recibido: null },
  });
  expect(factura.ok(), await factura.text()).toBe(true);
  return { ventaId, total };
}

test('[RETENCIONES] cliente agente de retención: factura con retenciones propuestas, abono con retención y reporte del mes', async ({ page, request }) => {
  test.setTimeout(90_000);
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const sufijo = String(Date.now() % 100_000);
  const nombres = `Constructora Peña${sufijo}`;
  const cliente = await crearCliente(request, cabeceras, nombres);

  // 1. The customer form: 'Agente de retención', purchases concept, ReteIVA.
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/terceros');
  await page.getByLabel('Buscar').fill(`constructora pena${sufijo}`);
  await page.getByRole('button', { name: `Editar ${nombres} Facturación` }).click();
  const edicion = page.getByRole('dialog', { name: 'Editar tercero' });
  await edicion.getByRole('switch', { name: 'Agente de retención' }).check();
  await expect(edicion.getByLabel('Concepto de retención en la fuente')).toHaveValue(/Compras generales \(declarantes\)/);
  await edicion.getByRole('checkbox', { name: /Practica ReteIVA/ }).check();
  await capturar(page, 'retenciones-cliente-agente');
  await edicion.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tercero actualizado con éxito')).toBeVisible({ timeout: 20_000 });
  await expect(edicion).toBeHidden();
  const config = (await (await request.get(`/api/retenciones/terceros/${cliente.id}`, { headers: cabeceras })).json()).data.retencion;
  expect(config).toEqual({ agente_retencion: true, concepto_retefuente: 'COMPRAS', aplica_reteiva: true, tarifa_reteica_por_mil: null });

  // 2. A cash bill: the dialog proposes both withholdings and the cash row receives the rest.
  const { ventaId, total } = await crearVentaPendiente(request, cabeceras, cliente.id, { cantidad: 3 });
  expect(total).toBe(BASE + IVA);
  const retenido = RETEFUENTE + RETEIVA;
  // The cash row takes the rest, rounded down to the peso (the demo's REDONDEO_EFECTIVO: docs/decisions-redondeo-envios.md).
  const aRecibir = dePesos(redondearCentavosEfectivo(aCentavos(total) - aCentavos(retenido), 1));
  const dialogo = await abrirFacturar(page, ventaId, cliente.documento);
  const seccion = dialogo.getByRole('group', { name: 'Retenciones' });
  await expect(seccion.getByLabel('Valor Retención en la fuente')).toHaveValue(`$ ${RETEFUENTE.toLocaleString('en-US')}`);
  await expect(seccion.getByLabel('Valor ReteIVA')).toHaveValue('$ 22,657.5');
  await expect(dialogo.getByTestId('total-retenciones')).toHaveText('$42,532.50');
  await elegirForma(page, dialogo, 'Efectivo');
  await expect(dialogo.getByLabel('Valor Efectivo')).toHaveValue(`$ ${aRecibir.toLocaleString('en-US')}`);
  await capturar(page, 'retenciones-facturar');
  await facturarYCerrarDocumento(page, dialogo);

  // 3. A credit invoice paid with a withholding announced with the payment.
  const credito = await facturaCredito(request, cabeceras, cliente.id);
  await page.goto('/#/');
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Créditos' }).click();
  const filtro = page.getByRole('combobox', { name: 'Cliente' });
  await filtro.click();
  await filtro.fill(`constructora pena${sufijo}`);
  await page.getByRole('option', { name: `${cliente.documento} - ${nombres} Facturación`, exact: true }).click();
  const fila = page.getByRole('table', { name: 'Créditos' }).locator('tbody tr').filter({ hasText: cliente.documento });
  await fila.getByRole('button', { name: 'Facturas' }).click();
  const historial = page.getByRole('dialog', { name: `Movimientos del crédito de ${nombres} Facturación` });
  await historial.getByRole('button', { name: `Abonar venta ${credito.ventaId}` }).click();
  const pago = page.getByRole('dialog', { name: `Registrar abono de ${nombres} Facturación` });
  await pago.getByLabel('Observación').fill('Pago con retención en la fuente');
  await pago.getByRole('checkbox', { name: 'El cliente practicó retenciones en este pago' }).check();
  await expect(pago.getByLabel('Valor Retención en la fuente')).toHaveValue(`$ ${RETEFUENTE.toLocaleString('en-US')}`);
  // The customer withheld only the retención en la fuente this time.
  await pago.getByRole('button', { name: 'Quitar ReteIVA' }).click();
  await expect(pago.getByTestId('total-retenciones')).toHaveText(moneda(RETEFUENTE));
  await pago.getByRole('combobox', { name: 'Forma de pago' }).click();
  await page.getByRole('option', { name: 'Efectivo', exact: true }).click();
  await pago.getByRole('button', { name: 'Agregar' }).click();
  await pago.getByLabel('Valor Efectivo').fill(String(credito.total - RETEFUENTE));
  await capturar(page, 'retenciones-abono');
  await pago.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MENSAJES_CREDITOS.abonoRegistrado)).toBeVisible();
  await expect(pago).toBeHidden();

  // 4. The month's report lists both withholdings of the customer.
  // The sale owes nothing: what the customer withheld closed it with the payment.
  await expect(historial.locator('tbody tr').first()).toContainText('$0');
  await historial.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(historial).toBeHidden();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Retenciones practicadas' }).click();
  await expect(page).toHaveURL(/#\/reportes\/retenciones$/);
  const tabla = page.getByRole('table', { name: 'Retenciones que nos practicaron' });
  const delCliente = tabla.locator('tbody tr').filter({ hasText: cliente.documento });
  await expect(delCliente).toHaveCount(2);
  await expect(delCliente.filter({ hasText: 'Retención en la fuente' })).toContainText(moneda(2 * RETEFUENTE));
  await expect(delCliente.filter({ hasText: 'ReteIVA' })).toContainText('$22,658');
  await capturar(page, 'retenciones-reporte');
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  const [anio, mes] = hoyNegocio().split('-');
  expect((await descarga).suggestedFilename()).toBe(`retenciones-${anio}-${mes}.xlsx`);
});
