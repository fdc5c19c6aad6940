import { expect, test, type Page } from '@playwright/test';
import { MENSAJES_FACTURACION } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { abrirFacturar, abrirPedidos, agregarConTeclado, asegurarRangos, buscarPendiente, crearCliente, crearVentaPendiente, elegirClienteConTeclado, elegirForma, facturarEnEfectivo, sesionApi, terceroPorDocumento } from './apoyo-ventas';

/** Didier Valencia, a demo customer. */
const DOCUMENTO_DIDIER = '1002456123';
/** The one message of a call without network (docs/decisions.md "Sin red"). */
const SIN_CONEXION = 'No se pudo conectar con el servidor. Revise su conexión e intente de nuevo';

const toasts = (page: Page, texto: string) => page.locator('.mantine-Notification-root').filter({ hasText: texto });

test.beforeEach(async ({ request }) => {
  await asegurarRangos(request);
});

test('[SIN RED] facturar sin red avisa en español, deja cerrar, no abre pestañas y al volver la red lee la venta antes de reintentar', async ({ page, request }) => {
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const didier = await terceroPorDocumento(request, vendedor, DOCUMENTO_DIDIER);
  const primera = await crearVentaPendiente(request, vendedor, didier);
  const segunda = await crearVentaPendiente(request, vendedor, didier);
  const contexto = page.context();
  const pestanas = contexto.pages().length;

  let dialogo = await abrirFacturar(page, primera.ventaId, DOCUMENTO_DIDIER);
  await elegirForma(page, dialogo, 'Efectivo');
  let facturar = dialogo.getByRole('button', { name: 'Facturar' });
  const cerrar = dialogo.getByRole('button', { name: 'Cerrar', exact: true }).filter({ hasText: 'Cerrar' });
  // Store 001's bill is an electronic invoice once its preset is read: Facturar waits for it.
  await expect(facturar).toBeEnabled();

  // The network goes down: the bill ends within seconds with the Spanish message, in the dialog and as a toast, and
  // no tab was opened. Facturar waits until the sale is read again; Cerrar stays usable.
  await contexto.setOffline(true);
  await facturar.click();
  await expect(dialogo.getByRole('alert')).toContainText(SIN_CONEXION, { timeout: 5000 });
  await expect(toasts(page, SIN_CONEXION)).toHaveCount(1);
  await expect(page.getByLabel('Cargando')).toBeHidden();
  await expect(facturar).toBeDisabled();
  await expect(cerrar).toBeEnabled();
  // The dialog's actions stay in sight at 1366 × 768 with the message above them (the footer sticks to the bottom).
  await expect(cerrar).toBeInViewport({ ratio: 1 });
  await expect(facturar).toBeInViewport({ ratio: 1 });
  expect(contexto.pages()).toHaveLength(pestanas);
  await capturar(page, 'sin-red-facturar');

  // The network returns: the dialog reads the sale, finds it still pending, and only then offers Facturar again. The
  // invoice's tab opens once its PDF is here; a slow first PDF says it may take a while meanwhile.
  await contexto.setOffline(false);
  await expect(dialogo.getByRole('alert')).toHaveText('La venta sigue pendiente por facturar: puede intentarlo de nuevo.');
  await expect(facturar).toBeEnabled();
  await page.route('**/api/public/FVS/**', async (ruta) => {
    await new Promise((resolver) => setTimeout(resolver, 2500));
    await ruta.continue();
  });
  const ventana = page.waitForEvent('popup');
  await facturar.click();
  await expect(toasts(page, MENSAJES_FACTURACION.facturada)).toHaveCount(1);
  await expect(dialogo).toBeHidden();
  await expect(toasts(page, 'Esto puede tardar unos segundos…')).toHaveCount(1);
  await page.screenshot({ path: 'e2e/screenshots/sin-red-esto-puede-tardar.png' });
  await ventana;
  await expect(toasts(page, 'Esto puede tardar unos segundos…')).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // The second sale's bill goes through but its answer is lost on the way back: the dialog reads the sale and says it
  // was billed, with its number, instead of offering to bill it again.
  await page.goto('/#/facturacion');
  await buscarPendiente(page, segunda.ventaId, DOCUMENTO_DIDIER);
  await page.getByRole('button', { name: `Facturar venta ${segunda.ventaId}`, exact: true }).click();
  dialogo = page.getByRole('dialog', { name: `Venta No. ${segunda.ventaId}` });
  facturar = dialogo.getByRole('button', { name: 'Facturar' });
  await elegirForma(page, dialogo, 'Efectivo');
  await expect(facturar).toBeEnabled();
  await page.route('**/api/facturas/*/forma-pago', async (ruta) => {
    await ruta.fetch();
    await ruta.abort('failed');
  });
  const paginasAntes = contexto.pages().length;
  await facturar.click();
  await expect(dialogo.getByRole('status')).toHaveText(new RegExp(`^La venta No\\. ${segunda.ventaId} ya fue facturada: Factura electrónica de venta [A-Z]*\\d+\\. Ver factura$`));
  await expect(facturar).toBeDisabled();
  // Nothing is left to edit in a billed sale: its payment row and the cash received are read-only.
  await expect(dialogo.getByLabel('Valor Efectivo')).toBeDisabled();
  await expect(dialogo.getByRole('button', { name: 'Quitar Efectivo' })).toBeDisabled();
  await expect(dialogo.getByLabel('Efectivo recibido')).toBeDisabled();
  await expect(facturar).toBeInViewport({ ratio: 1 });
  expect(contexto.pages()).toHaveLength(paginasAntes);
  await capturar(page, 'sin-red-ya-facturada');
  await dialogo.getByRole('button', { name: 'Cerrar', exact: true }).filter({ hasText: 'Cerrar' }).click();
  await page.getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(dialogo).toBeHidden();

  // Each sale was billed once, with its one payment.
  for (const { ventaId } of [primera, segunda]) {
    const detalle = (await (await request.get(`/api/facturas/${ventaId}`, { headers: vendedor })).json()).data;
    expect(detalle.ventas_encabezado.estado_venta_id, `venta ${ventaId}`).toBe(2);
    expect(detalle.ventas_formas_pagos, `venta ${ventaId}`).toHaveLength(1);
  }
});

test('[SIN RED] un pedido nuevo cuya respuesta se pierde se guarda una sola vez al guardarlo de nuevo', async ({ page, request }) => {
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const nombres = `Elkin Respuesta${Date.now() % 100_000}`;
  const cliente = await crearCliente(request, vendedor, nombres);
  await abrirPedidos(page);
  await elegirClienteConTeclado(page, cliente.documento, new RegExp(nombres));
  await agregarConTeclado(page, 'TOR-CONF-7X50', '6');

  // The save reaches the server, but its answer is lost on the way back: the form keeps the order and says so.
  let primera: number | null = null;
  await page.route('**/api/facturas/guardar', async (ruta) => {
    const respuesta = await ruta.fetch();
    primera = ((await respuesta.json()) as { data: { venta_id: number } }).data.venta_id;
    await ruta.abort('failed');
  });
  const guardar = page.getByRole('button', { name: 'Guardar', exact: true });
  await guardar.click();
  await expect(toasts(page, SIN_CONEXION)).toHaveCount(1);
  await expect(page.getByLabel('Cantidad de TOR-CONF-7X50')).toHaveValue('6');
  expect(primera).not.toBeNull();

  // Saved again with the network back: the server finds the order the first save made, and no second one is made
  // (docs/decisions.md "Un pedido nuevo se guarda una sola vez").
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const segunda = page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar'));
  await guardar.click();
  const venta = ((await (await segunda).json()) as { data: { venta_id: number } }).data.venta_id;
  expect(venta).toBe(primera);
  await expect(page.getByText(`Pedido No. ${venta} guardado`)).toBeVisible();
  await capturar(page, 'sin-red-pedido-guardado-una-vez');
});

test('[SIN RED] un documento de la venta sin red avisa en español sin abrir una pestaña de error, y con red se abre', async ({ page, request }) => {
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const didier = await terceroPorDocumento(request, vendedor, DOCUMENTO_DIDIER);
  const { ventaId, total } = await crearVentaPendiente(request, vendedor, didier);
  await facturarEnEfectivo(request, vendedor, ventaId, total);
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/facturacion');
  await page.getByRole('textbox', { name: 'Término' }).fill(`${DOCUMENTO_DIDIER} ${ventaId}`);
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Facturado', exact: true }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: `Detalle venta ${ventaId}`, exact: true }).click();
  const dialogo = page.getByRole('dialog', { name: `Detalle de la venta No. ${ventaId}` });
  const verFactura = dialogo.getByRole('link', { name: 'Ver factura' });
  // Still a link: it can be copied or opened in the background as any other.
  await expect(verFactura).toHaveAttribute('href', /^\/api\/public\/FVS\//);
  const contexto = page.context();
  const pestanas = contexto.pages().length;

  // Without network the click says so in Spanish, and no tab opens on the browser's error page.
  await contexto.setOffline(true);
  await verFactura.click();
  await expect(toasts(page, SIN_CONEXION)).toHaveCount(1);
  expect(contexto.pages()).toHaveLength(pestanas);
  await expect(dialogo).toBeVisible();
  await capturar(page, 'sin-red-ver-factura');

  // With the network back the same click opens the invoice's PDF in its tab.
  await contexto.setOffline(false);
  const ventana = page.waitForEvent('popup');
  await verFactura.click();
  const pestana = await ventana;
  expect(contexto.pages()).toHaveLength(pestanas + 1);
  await pestana.close();
});
