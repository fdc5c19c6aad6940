import { expect, test } from '@playwright/test';
import { ERRORES, formatearFecha, hoyNegocio, MENSAJES_ADJUNTO, MENSAJES_FACTURACION, MENSAJES_FILAS_PAGO, sumarDias } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import {
  abrirFacturar,
  asegurarRangos,
  buscarPendiente,
  crearCliente,
  crearVentaPendiente,
  elegirForma,
  facturarYCerrarDocumento,
  moneda,
  pesos,
  sesionApi,
  terceroPorDocumento,
} from './apoyo-ventas';

/** Didier Valencia, a demo customer. */
const DOCUMENTO_DIDIER = '1002456123';

test.beforeEach(async ({ request }) => {
  await asegurarRangos(request);
});

test('[FACTURACIÓN] factura una venta con efectivo y tarjeta, ve el cambio y abre la factura en PDF', async ({ page, request }) => {
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const didier = await terceroPorDocumento(request, vendedor, DOCUMENTO_DIDIER);
  const { ventaId, total } = await crearVentaPendiente(request, vendedor, didier);
  const dialogo = await abrirFacturar(page, ventaId, DOCUMENTO_DIDIER);
  await expect(dialogo.getByTestId('valor-facturar')).toHaveText(moneda(total));

  // spec 000 §5, each refusal once: nothing to bill, nothing chosen to add.
  await dialogo.getByRole('button', { name: 'Facturar' }).click();
  await expect(page.getByText(MENSAJES_FACTURACION.valoresVacios)).toHaveCount(1);
  await dialogo.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByText(MENSAJES_FACTURACION.seleccionarForma)).toHaveCount(1);

  // The card row receives the whole unpaid value; its voucher code is required before another row.
  await elegirForma(page, dialogo, 'Tarjeta débito');
  const tarjeta = dialogo.getByLabel('Valor Tarjeta débito');
  await expect(tarjeta).toHaveValue(`$ ${total.toLocaleString('en-US')}`);
  await tarjeta.fill('215350');
  await elegirForma(page, dialogo, 'Efectivo');
  await expect(page.getByText(MENSAJES_FACTURACION.camposAntesDeAgregar)).toHaveCount(1);
  await dialogo.getByLabel('Código comprobante Tarjeta débito').fill('VOUCHER-4471');
  // The voucher's photo (002 §3 adjunto_comprobante): a text file is refused; a picture is compressed and attached.
  const adjuntar = async (archivo: { name: string; mimeType: string; buffer: Buffer }) => {
    const selector = page.waitForEvent('filechooser');
    await dialogo.getByRole('button', { name: 'Adjuntar comprobante Tarjeta débito' }).click();
    await (await selector).setFiles(archivo);
  };
  await adjuntar({ name: 'voucher.txt', mimeType: 'text/plain', buffer: Buffer.from('no es una foto') });
  await expect(page.getByText(MENSAJES_ADJUNTO.noCumple)).toHaveCount(1);
  await adjuntar({ name: 'voucher.png', mimeType: 'image/png', buffer: await page.screenshot({ clip: { x: 0, y: 0, width: 640, height: 480 } }) });
  await expect(dialogo.getByRole('img', { name: 'Comprobante adjunto Tarjeta débito' })).toBeVisible();
  await elegirForma(page, dialogo, 'Efectivo');
  const efectivo = dialogo.getByLabel('Valor Efectivo');
  await expect(efectivo).toHaveValue(`$ ${(total - 215_350).toLocaleString('en-US')}`);

  // A sum that differs from the total is refused, naming the total.
  await efectivo.fill('90000');
  await dialogo.getByRole('button', { name: 'Facturar' }).click();
  await expect(page.getByText(MENSAJES_FACTURACION.sumatoria(`$ ${total.toLocaleString('en-US')}`))).toHaveCount(1);
  await efectivo.fill(String(total - 215_350));

  // The change of the cash handed over.
  await dialogo.getByLabel('Efectivo recibido').fill('150000');
  await expect(dialogo.getByTestId('cambio')).toHaveText(moneda(150_000 - (total - 215_350)));
  // Store 001 is in LISTA_TIENDA_FACTURA_SIIGO: after a second the bill is set to be an electronic invoice.
  await expect(dialogo.getByRole('switch', { name: 'Crear factura en Siigo' })).toBeChecked();
  await capturar(page, 'facturar-efectivo-tarjeta');

  const pdf = page.context().waitForEvent('response', (r) => r.url().includes('/api/public/FVS/'));
  await facturarYCerrarDocumento(page, dialogo);
  const respuestaPdf = await pdf;
  expect(respuestaPdf.status()).toBe(200);
  expect(respuestaPdf.headers()['content-type']).toContain('application/pdf');
  await capturar(page, 'facturar-facturada');

  const detalle = (await (await request.get(`/api/facturas/${ventaId}`, { headers: vendedor })).json()).data;
  expect(detalle.ventas_encabezado).toMatchObject({ estado_venta_id: 2, tipo_documento: 'FACTURA', permite_fe: true, valor_venta_cambio_favor: 150_000 - (total - 215_350) });
  expect(detalle.ventas_formas_pagos.map((p: { nombre_forma_pago: string; valor_pagado: number }) => [p.nombre_forma_pago, p.valor_pagado]).sort()).toEqual(
    [
      ['Efectivo', total - 215_350],
      ['Tarjeta débito', 215_350],
    ].sort(),
  );
  // The photo went as a JPEG at quality 50, kept with the card payment and served back by its signed link.
  const pagoTarjeta = detalle.ventas_formas_pagos.find((p: { nombre_forma_pago: string }) => p.nombre_forma_pago === 'Tarjeta débito');
  expect(pagoTarjeta.adjunto_comprobante_pago).toMatch(new RegExp(`^comprobante-venta-${ventaId}-\\d\\.jpg$`));
  const foto = await request.get(pagoTarjeta.url_adjunto_comprobante);
  expect(foto.headers()['content-type']).toBe('image/jpeg');
  expect([...(await foto.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
});

test('[FACTURACIÓN] factura a crédito dentro del cupo y la cuenta crédito del cliente sube', async ({ page, request }) => {
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  // A customer of its own with a credit account (quota $5,000,000): no other journey moves its total between the two
  // readings (the demo's accounts have their own journeys, in cuentas-credito.spec.ts).
  const cliente = await crearCliente(request, vendedor, `Crédito ${Date.now() % 100_000}`);
  // The seller's own door to an account (the order form's, up to CUPO_MAXIMO_VENDEDOR): guardar is for the roles that manage credit.
  // A 45-day term: the invoice is due 45 days after today (docs/decisions-factura-electronica.md, "Venta a crédito").
  const cuenta = await request.post('/api/cuentas-credito/pedido', { headers: vendedor, data: { tercero_id: cliente.id, total_cupo_permitido: 5_000_000, plazo_dias: 45 } });
  expect(cuenta.ok(), await cuenta.text()).toBe(true);
  const { ventaId, total } = await crearVentaPendiente(request, vendedor, cliente.id, { tipoPagoId: 2 });

  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto(`/#/cuentas-credito/${cliente.documento}`);
  const encabezado = page.getByRole('heading', { name: /^Total crédito: / });
  await expect(encabezado).toBeVisible();
  const antes = pesos((await encabezado.textContent())!.replace('Total crédito:', ''));

  await page.goto('/#/facturacion');
  await buscarPendiente(page, ventaId, cliente.documento);
  await page.getByRole('button', { name: `Facturar venta ${ventaId}`, exact: true }).click();
  const dialogo = page.getByRole('dialog', { name: `Venta No. ${ventaId}` });
  // A credit sale opens as a credit invoice: one Crédito row with the whole value, and always an electronic invoice:
  // the invoice flag on and locked (docs/decisions-factura-electronica.md, "Venta a crédito").
  await expect(dialogo.getByRole('checkbox', { name: 'Factura a crédito' })).toBeChecked();
  await expect(dialogo.getByLabel('Valor Crédito')).toHaveValue(`$ ${total.toLocaleString('en-US')}`);
  const siigo = dialogo.getByRole('switch', { name: 'Crear factura en Siigo' });
  await expect(siigo).toBeChecked();
  await expect(siigo).toBeDisabled();
  await expect(dialogo.getByText(/con su fecha de vencimiento; la remisión solo se admite de contado/)).toBeVisible();

  // Unticking removes the credit row and frees the flag (a cash sale may be a remission); ticking again locks it on.
  await dialogo.getByRole('checkbox', { name: 'Factura a crédito' }).uncheck();
  await expect(dialogo.getByLabel('Valor Crédito')).toHaveCount(0);
  await expect(siigo).toBeChecked();
  await expect(siigo).toBeEnabled();
  await siigo.click();
  await expect(siigo).not.toBeChecked();
  await expect(dialogo.getByText(/remisión \(no va a la DIAN\)/)).toBeVisible();
  await dialogo.getByRole('checkbox', { name: 'Factura a crédito' }).check();
  await expect(dialogo.getByLabel('Valor Crédito')).toHaveCount(1);
  await expect(siigo).toBeChecked();
  await expect(siigo).toBeDisabled();
  await capturar(page, 'facturar-credito');

  await facturarYCerrarDocumento(page, dialogo);

  // An electronic invoice, due 45 days after today: the sale's detail says so.
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Facturado', exact: true }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: `Detalle venta ${ventaId}`, exact: true }).click();
  const detalle = page.getByRole('dialog', { name: `Detalle de la venta No. ${ventaId}` });
  const dato = (etiqueta: string) => detalle.getByText(etiqueta, { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(dato('Factura electrónica de venta')).toHaveText(/^FE\d+$/);
  await expect(dato('Fecha de vencimiento')).toHaveText(formatearFecha(sumarDias(hoyNegocio(), 45)));
  await capturar(page, 'facturar-credito-detalle');
  await page.keyboard.press('Escape');

  await page.goto(`/#/cuentas-credito/${cliente.documento}`);
  await expect(page.getByRole('heading', { name: `Total crédito: ${moneda(antes + total)}` })).toBeVisible();
  await capturar(page, 'facturar-credito-cuenta');
});

test('[FACTURACIÓN] un pedido de contado facturado a crédito queda como venta a crédito en su detalle', async ({ page, request }) => {
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const cliente = await crearCliente(request, vendedor, `Contado a crédito ${Date.now() % 100_000}`);
  // The seller opens the account from the order (its ceiling, docs/decisions.md "Quién mueve el dinero de un crédito").
  const cuenta = await request.post('/api/cuentas-credito/pedido', { headers: vendedor, data: { tercero_id: cliente.id, total_cupo_permitido: 5_000_000 } });
  expect(cuenta.ok(), await cuenta.text()).toBe(true);
  // The seller saved it Contado; the cashier bills it as a credit invoice: the bill decides (docs/decisions.md).
  const { ventaId, total } = await crearVentaPendiente(request, vendedor, cliente.id);

  const dialogo = await abrirFacturar(page, ventaId, cliente.documento);
  const casilla = dialogo.getByRole('checkbox', { name: 'Factura a crédito' });
  await expect(casilla).not.toBeChecked();
  await casilla.check();
  await expect(dialogo.getByLabel('Valor Crédito')).toHaveValue(`$ ${total.toLocaleString('en-US')}`);
  await facturarYCerrarDocumento(page, dialogo);

  // The billed sale's detail says Crédito, as its bill.
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Facturado', exact: true }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: `Detalle venta ${ventaId}`, exact: true }).click();
  const detalle = page.getByRole('dialog', { name: `Detalle de la venta No. ${ventaId}` });
  const dato = (etiqueta: string) => detalle.getByText(etiqueta, { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(dato('Tipo de pago')).toHaveText('Crédito');
  await expect(dato('Modo factura')).toHaveText('Crédito');
  // The account's default term: due 30 days after today.
  await expect(dato('Fecha de vencimiento')).toHaveText(formatearFecha(sumarDias(hoyNegocio(), 30)));
  await capturar(page, 'facturar-contado-a-credito-detalle');
});

test('[FACTURACIÓN] paga con el saldo de anticipo del cliente y el saldo baja', async ({ page, request }) => {
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const cliente = await crearCliente(request, vendedor, 'Anticipo');
  const abono = await request.post(`/api/terceros/${cliente.id}/abono`, { headers: vendedor, data: { tercero_id: cliente.id, valor_abono: 200_000 } });
  expect(abono.ok(), await abono.text()).toBe(true);
  const { ventaId, total } = await crearVentaPendiente(request, vendedor, cliente.id);

  const dialogo = await abrirFacturar(page, ventaId, cliente.documento);
  await elegirForma(page, dialogo, 'Anticipo');
  const anticipo = dialogo.getByLabel('Valor Anticipo');
  await expect(anticipo).toHaveValue(`$ ${total.toLocaleString('en-US')}`);
  // The whole value is above the prepaid balance: the dialog warns, and the server refuses it with its reason.
  await expect(dialogo.getByTestId('saldo-anticipo')).toHaveText(
    `Saldo de anticipo del cliente: $200,000. ${MENSAJES_FILAS_PAGO.anticipoExcede(total)}`,
  );
  await dialogo.getByRole('button', { name: 'Facturar' }).click();
  await expect(dialogo.getByRole('alert')).toHaveText(ERRORES.SALDO_ABONO_INSUFICIENTE.mensaje);
  await expect(dialogo).toBeVisible();

  // The balance pays part, cash the rest.
  await anticipo.fill('200000');
  await elegirForma(page, dialogo, 'Efectivo');
  await expect(dialogo.getByLabel('Valor Efectivo')).toHaveValue(`$ ${(total - 200_000).toLocaleString('en-US')}`);
  await expect(dialogo.getByTestId('saldo-anticipo')).toHaveText('Saldo de anticipo del cliente: $200,000');
  await capturar(page, 'facturar-anticipo');

  await facturarYCerrarDocumento(page, dialogo);

  const tercero = await request.get(`/api/terceros/${cliente.id}?solo_info=1`, { headers: vendedor });
  expect((await tercero.json()).data.tercero.saldo_abono).toBe(0);
  // The customers' list shows the balance spent.
  await page.goto('/#/terceros');
  await page.getByLabel('Buscar').fill(cliente.documento);
  await expect(page.getByRole('row', { name: new RegExp(cliente.documento) })).toContainText('$0');
  await capturar(page, 'facturar-anticipo-saldo');
});

test('[FACTURACIÓN] factura una venta solo con el teclado: Tab hasta Facturar, escribir la forma de pago y Enter', async ({ page, request }) => {
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const didier = await terceroPorDocumento(request, vendedor, DOCUMENTO_DIDIER);
  const { ventaId, total } = await crearVentaPendiente(request, vendedor, didier);
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/facturacion');
  await buscarPendiente(page, ventaId, DOCUMENTO_DIDIER);

  // From the search button, Tab reaches the row's Facturar and Enter opens the dialog.
  const abrir = page.getByRole('button', { name: `Facturar venta ${ventaId}`, exact: true });
  await expect(abrir).toBeVisible();
  for (let pasos = 0; pasos < 40 && !(await abrir.evaluate((boton) => boton === document.activeElement)); pasos += 1) await page.keyboard.press('Tab');
  await expect(abrir).toBeFocused();
  await page.keyboard.press('Enter');
  const dialogo = page.getByRole('dialog', { name: `Venta No. ${ventaId}` });

  // The focus is where the next keystroke goes: the payment method. Typing and Enter add it with the unpaid value,
  // and the focus moves to that value.
  const formaPago = dialogo.getByRole('combobox', { name: 'Forma de pago' });
  await expect(formaPago).toBeFocused();
  await page.keyboard.type('efect');
  await page.keyboard.press('Enter');
  const efectivo = dialogo.getByLabel('Valor Efectivo');
  await expect(efectivo).toHaveValue(`$ ${total.toLocaleString('en-US')}`);
  await expect(efectivo).toBeFocused();

  // Tab follows the eye: the row's remove button, then the cash handed over.
  await page.keyboard.press('Tab');
  await expect(dialogo.getByRole('button', { name: 'Quitar Efectivo' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialogo.getByLabel('Efectivo recibido')).toBeFocused();
  await page.keyboard.type('400000');
  await expect(dialogo.getByTestId('cambio')).toHaveText(moneda(400_000 - total));
  // Store 001's bill waits for its invoice preset (a second): then Enter bills, once.
  await expect(dialogo.getByRole('button', { name: 'Facturar' })).toBeEnabled();
  await capturar(page, 'facturar-teclado');
  await facturarYCerrarDocumento(page, dialogo, () => page.keyboard.press('Enter'));

  const detalle = (await (await request.get(`/api/facturas/${ventaId}`, { headers: vendedor })).json()).data;
  expect(detalle.ventas_encabezado).toMatchObject({ estado_venta_id: 2, valor_venta_cambio_favor: 400_000 - total });
  expect(detalle.ventas_formas_pagos).toHaveLength(1);
});
