import { expect, test, type APIRequestContext } from '@playwright/test';
import { MENSAJES_FACTURACION, MENSAJES_POS, NOMBRES_DOCUMENTO_FE, NOMBRES_TIPO_DOCUMENTO } from '@tablero/domain';
import { textoPdf } from '../../apps/server/src/documents/pdf-texto';
import { capturar } from './apoyo';
import { abrirFacturar, asegurarRangos, crearCliente, crearVentaPendiente, elegirForma, sesionApi, TIENDA } from './apoyo-ventas';

// [DOCUMENTO POS] (docs/decisions-factura-electronica.md, "Documento equivalente POS"): a cashier bills a small counter
// sale, picks the documento equivalente POS in the bill dialog, sees the success and opens its 80 mm ticket; a sale
// above 5 UVT offers the POS document disabled, saying why. At 1366 × 768 (the config's viewport). The demo settings
// have no provider, which builds POS documents too: nothing here changes what other journeys work under.

/** A small counter sale: one raw MDF board of 3 mm ($38,900 + IVA). Above the limit: one oak MDF board ($265,000). */
const PEQUENO = 'MDF-CR-3';
const GRANDE = 'MDF-RB-15';

/** Store 001's POS range: the demo data's, or one registered as SuperAdministrador would on the Numeración screen. */
async function asegurarRangoPos(request: APIRequestContext): Promise<void> {
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const rangos = (await (await request.get(`/api/maestros/rangos-numeracion?codigo_tienda=${TIENDA}`, { headers: cabeceras })).json()).data.rangos_numeracion as {
    tipo_documento: string;
    estado: string;
  }[];
  if (rangos.some((rango) => rango.tipo_documento === 'POS' && rango.estado === 'vigente')) return;
  const anio = new Date().getFullYear();
  const creado = await request.post('/api/maestros/rangos-numeracion', {
    headers: cabeceras,
    data: {
      codigo_tienda: TIENDA,
      tipo_documento: 'POS',
      prefijo: 'E2EPOS',
      numero_desde: 1,
      numero_hasta: 100_000,
      resolucion_numero: '18764000000555',
      resolucion_fecha: `${anio}-01-01`,
      fecha_desde: `${anio}-01-01`,
      fecha_hasta: `${anio + 1}-12-31`,
      activo: true,
    },
  });
  expect(creado.ok(), await creado.text()).toBe(true);
}

test('[DOCUMENTO POS] el cajero factura una venta de mostrador como documento equivalente POS y abre el tiquete de 80 mm', async ({ page, request }) => {
  test.setTimeout(90_000);
  await asegurarRangos(request);
  await asegurarRangoPos(request);
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const cliente = await crearCliente(request, vendedor, 'Mostrador');
  const { ventaId, total } = await crearVentaPendiente(request, vendedor, cliente.id, { lineas: [{ referencia: PEQUENO, cantidad: 1 }] });

  const dialogo = await abrirFacturar(page, ventaId, cliente.documento);
  await elegirForma(page, dialogo, 'Efectivo');
  await expect(dialogo.getByLabel('Valor Efectivo')).toHaveValue(`$ ${total.toLocaleString('en-US')}`);
  // Store 001 bills electronic documents: the invoice comes chosen (the buyer's right), the POS document is offered.
  await expect(dialogo.getByRole('switch', { name: 'Crear factura en Siigo' })).toBeChecked();
  const documento = dialogo.getByRole('radiogroup', { name: 'Documento electrónico' });
  await expect(documento).toHaveAccessibleDescription(MENSAJES_POS.derechoComprador);
  await expect(documento.getByRole('radio', { name: NOMBRES_TIPO_DOCUMENTO.FACTURA })).toBeChecked();
  const pos = documento.getByRole('radio', { name: NOMBRES_TIPO_DOCUMENTO.POS });
  await expect(pos).toBeEnabled();
  await expect(documento).toContainText('hasta 5 UVT antes de impuestos');
  await pos.check();
  await expect(dialogo.getByText('Se emitirá un documento equivalente electrónico POS, numerado con el rango POS de la tienda')).toBeVisible();
  // The whole dialog fits 1366 × 768: Facturar is in sight without scrolling the page.
  await expect(dialogo.getByRole('button', { name: 'Facturar' })).toBeInViewport();
  await capturar(page, 'documento-pos-dialogo');

  // The new window opens the ticket on the 80 mm roll, the counter's printer.
  const ventana = page.waitForEvent('popup');
  const ticketAbierto = page.context().waitForEvent('response', (r) => r.url().includes('/api/public/FVS/') && r.url().includes('formato=80mm'));
  await dialogo.getByRole('button', { name: 'Facturar' }).click();
  await expect(page.getByText(MENSAJES_FACTURACION.facturada)).toHaveCount(1);
  await expect(dialogo).toBeHidden();
  const abierto = await ticketAbierto;
  expect(abierto.status()).toBe(200);
  expect(abierto.headers()['content-type']).toContain('application/pdf');
  await (await ventana).close();

  // Billed as a POS document, numbered in the POS range.
  const venta = (await (await request.get(`/api/facturas/${ventaId}`, { headers: vendedor })).json()).data.ventas_encabezado;
  expect(venta.tipo_documento).toBe('POS');
  const numero = `${venta.prefijo_factura_dian as string}${venta.nro_factura_dian as number}`;

  // The list names it.
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Facturado', exact: true }).click();
  await page.getByLabel('Término').fill(String(ventaId));
  await page.getByRole('button', { name: 'Buscar' }).click();
  const fila = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Detalle venta ${ventaId}`, exact: true }) });
  await expect(fila).toContainText(numero);
  await expect(fila).toContainText(NOMBRES_DOCUMENTO_FE.POS);
  await capturar(page, 'documento-pos-lista');

  // The 80 mm ticket: the POS title, its number, the POS range's resolution, till and cashier.
  const respuesta = await page.request.get(`${venta.url_factura as string}?formato=80mm`);
  expect(respuesta.ok()).toBe(true);
  expect(respuesta.headers()['content-type']).toContain('application/pdf');
  const texto = textoPdf(Buffer.from(await respuesta.body())).replace(/\s+/g, ' ');
  for (const esperado of ['Documento equivalente electrónico tiquete de máquina registradora con sistema P.O.S.', `No. ${numero}`, 'Resolución DIAN No.', 'Caja: Tienda 001', 'Cajero:']) {
    expect(texto).toContain(esperado);
  }
  expect(texto).not.toContain('CUFE');
});

test('[DOCUMENTO POS] una venta de más de 5 UVT ofrece el documento POS deshabilitado y dice por qué', async ({ page, request }) => {
  await asegurarRangos(request);
  await asegurarRangoPos(request);
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const cliente = await crearCliente(request, vendedor, 'Grande');
  const { ventaId } = await crearVentaPendiente(request, vendedor, cliente.id, { lineas: [{ referencia: GRANDE, cantidad: 1 }] });

  const dialogo = await abrirFacturar(page, ventaId, cliente.documento);
  const documento = dialogo.getByRole('radiogroup', { name: 'Documento electrónico' });
  const pos = documento.getByRole('radio', { name: NOMBRES_TIPO_DOCUMENTO.POS });
  await expect(pos).toBeDisabled();
  await expect(documento).toContainText('El documento equivalente POS admite ventas de hasta 5 UVT antes de impuestos ($ 261,870) y esta venta suma $ 265,000');
  await expect(documento.getByRole('radio', { name: NOMBRES_TIPO_DOCUMENTO.FACTURA })).toBeChecked();
  // Credit: the reason changes to the credit rule.
  await dialogo.getByRole('checkbox', { name: 'Factura a crédito' }).check();
  await expect(documento).toContainText(MENSAJES_POS.credito);
  await dialogo.getByRole('checkbox', { name: 'Factura a crédito' }).uncheck();
  await capturar(page, 'documento-pos-deshabilitado');
});
