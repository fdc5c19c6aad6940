import { expect, test } from '@playwright/test';
import { aCentavos, dePesos, MENSAJES_FACTURACION, MENSAJES_REDONDEO, redondearCentavosEfectivo } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { abrirFacturar, asegurarRangos, crearCliente, crearVentaPendiente, elegirForma, moneda, sesionApi } from './apoyo-ventas';

// Cash rounding (docs/decisions-redondeo-envios.md): the demo database rounds cash to the peso (REDONDEO_EFECTIVO = 1).
test.beforeEach(async ({ request }) => {
  await asegurarRangos(request);
});

test('[FACTURACIÓN] cobra en efectivo una venta con centavos: ve el ajuste al peso y el cambio, y abre el PDF', async ({ page, request }) => {
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const cliente = await crearCliente(request, vendedor, `Redondeo ${Date.now() % 100_000}`);
  // A board and 3.3 m of edge band at 19 % VAT: a total with centavos.
  const { ventaId, total } = await crearVentaPendiente(request, vendedor, cliente.id, {
    lineas: [
      { referencia: 'MDF-RB-15', cantidad: 1 },
      { referencia: 'TC-BL-22X045R', cantidad: 3.3 },
    ],
  });
  expect(aCentavos(total) % 100).not.toBe(0);
  const redondeado = dePesos(redondearCentavosEfectivo(aCentavos(total), 1));
  const ajuste = dePesos(aCentavos(redondeado) - aCentavos(total));

  const dialogo = await abrirFacturar(page, ventaId, cliente.documento);
  // The invoice keeps its exact total; the cash row receives it rounded to the peso, and the rounding is its own line.
  await expect(dialogo.getByTestId('valor-facturar')).toHaveText(moneda(total));
  await elegirForma(page, dialogo, 'Efectivo');
  await expect(dialogo.getByLabel('Valor Efectivo')).toHaveValue(`$ ${redondeado.toLocaleString('en-US')}`);
  const linea = dialogo.getByTestId('linea-redondeo');
  await expect(linea).toContainText(MENSAJES_REDONDEO.etiqueta);
  await expect(dialogo.getByTestId('total-a-pagar')).toHaveText(moneda(redondeado));
  // The change comes from the rounded cash.
  await dialogo.getByLabel('Efectivo recibido').fill('400000');
  await expect(dialogo.getByTestId('cambio')).toHaveText(moneda(400_000 - redondeado));
  await capturar(page, 'redondeo-factura');

  const pdf = page.context().waitForEvent('response', (r) => r.url().includes('/api/public/FVS/'));
  const ventana = page.waitForEvent('popup');
  await dialogo.getByRole('button', { name: 'Facturar' }).click();
  await expect(page.getByText(MENSAJES_FACTURACION.facturada)).toHaveCount(1);
  await ventana;
  const respuestaPdf = await pdf;
  expect(respuestaPdf.status()).toBe(200);
  expect(respuestaPdf.headers()['content-type']).toContain('application/pdf');

  const detalle = (await (await request.get(`/api/facturas/${ventaId}`, { headers: vendedor })).json()).data;
  expect(detalle.ventas_encabezado).toMatchObject({ total_venta: total, ajuste_redondeo: ajuste, valor_venta_cambio_favor: 400_000 - redondeado });
  expect(detalle.ventas_formas_pagos.map((p: { valor_pagado: number }) => p.valor_pagado)).toEqual([redondeado]);
});

test('[CUADRE DE CAJA] el administrador general ve el ajuste al peso del día como cifra aparte', async ({ page, request }) => {
  // A rounded cash sale of today, billed through the API as the dialog bills it.
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const cliente = await crearCliente(request, vendedor, `Redondeo caja ${Date.now() % 100_000}`);
  const { ventaId, total } = await crearVentaPendiente(request, vendedor, cliente.id, { lineas: [{ referencia: 'TC-BL-22X045R', cantidad: 2.3 }] });
  const efectivo = dePesos(redondearCentavosEfectivo(aCentavos(total), 1));
  const facturada = await request.post(`/api/facturas/${ventaId}/forma-pago`, {
    headers: vendedor,
    data: { crear_factura_siigo: false, crear_venta_credito: false, formaPagoList: [{ id_forma_pago: 1, valor_pagado: efectivo }], valor_recibido: efectivo },
  });
  expect(facturada.ok(), await facturada.text()).toBe(true);

  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/cuadre-caja');
  await expect(page.getByRole('heading', { name: 'Cuadre de caja' })).toBeVisible();
  const nota = page.getByTestId('redondeo-efectivo');
  await expect(nota).toContainText(MENSAJES_REDONDEO.etiqueta);
  await expect(nota).toContainText('efectivo facturado');
  await capturar(page, 'redondeo-cuadre-caja');
});
