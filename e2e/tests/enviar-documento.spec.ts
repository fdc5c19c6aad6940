import { expect, test } from '@playwright/test';
import { MENSAJES_ENVIO, MENSAJES_FE, type EnviosVenta } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { asegurarRangos, crearCliente, crearVentaPendiente, facturarEnEfectivo, sesionApi } from './apoyo-ventas';

// Sending a sale's documents from its detail (docs/decisions-redondeo-envios.md, "Enviar desde la venta"): the demo has
// no SMTP server, so the e-mail lands in the outbox and the history says so.
test.beforeEach(async ({ request }) => {
  await asegurarRangos(request);
});

test('[FACTURACIÓN] la vendedora envía la factura por correo y copia el enlace para WhatsApp desde el detalle de la venta', async ({ page, request }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const cliente = await crearCliente(request, vendedor, `Envío ${Date.now() % 100_000}`);
  const { ventaId, total } = await crearVentaPendiente(request, vendedor, cliente.id);
  await facturarEnEfectivo(request, vendedor, ventaId, total);

  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/facturacion');
  await page.getByRole('textbox', { name: 'Término' }).fill(`${cliente.documento} ${ventaId}`);
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Facturado', exact: true }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: `Detalle venta ${ventaId}` }).click();
  const detalle = page.getByRole('dialog', { name: `Detalle de la venta No. ${ventaId}` });
  const seccion = detalle.getByRole('region', { name: 'Enviar documentos' });
  await expect(seccion.getByText('Aún no se han enviado documentos de esta venta.')).toBeVisible();

  // By e-mail: the customer's address proposed; a wrong one refused with its message; the statement is not offered
  // (the customer has no credit account); Enter twice sends once.
  await seccion.getByRole('button', { name: 'Enviar por correo' }).click();
  const correo = page.getByRole('dialog', { name: 'Enviar documentos por correo' });
  const direcciones = correo.getByRole('textbox', { name: 'Correos' });
  await expect(direcciones).toHaveValue(`anticipo.${cliente.documento}@prueba.test`);
  await expect(correo.getByRole('checkbox', { name: /^Factura electrónica de venta|^Remisión/ })).toBeChecked();
  await expect(correo.getByRole('checkbox', { name: 'Estado de cuenta' })).toBeDisabled();
  await expect(correo.getByText(MENSAJES_ENVIO.sinCuentaCredito)).toBeVisible();
  await direcciones.fill('no-es-un-correo');
  await correo.getByRole('button', { name: 'Enviar' }).click();
  await expect(correo.getByText(MENSAJES_FE.correoInvalido('no-es-un-correo'))).toBeVisible();
  await direcciones.fill(`cliente.${cliente.documento}@prueba.test; contabilidad@prueba.test`);
  await capturar(page, 'enviar-documento-correo');
  await direcciones.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByText(MENSAJES_ENVIO.correoEnCola)).toHaveCount(1);
  await expect(correo).toBeHidden();
  const filas = seccion.getByRole('table', { name: 'Historial de envíos' }).locator('tbody tr');
  await expect(filas).toHaveCount(1);
  await expect(filas.first()).toContainText(`cliente.${cliente.documento}@prueba.test; contabilidad@prueba.test`);
  // The job ran: no SMTP in the demo, so the message stayed in the outbox.
  await expect(filas.first()).toContainText('En bandeja de salida', { timeout: 20_000 });

  // The link: made, copied, and a WhatsApp share with the Spanish message.
  await seccion.getByRole('button', { name: 'Compartir enlace' }).click();
  const compartir = page.getByRole('dialog', { name: 'Compartir enlace del documento' });
  await compartir.getByRole('button', { name: 'Crear y copiar enlace' }).click();
  await expect(page.getByText(MENSAJES_ENVIO.enlaceCreado)).toHaveCount(1);
  const enlace = compartir.getByRole('textbox', { name: 'Enlace' });
  await expect(enlace).toHaveValue(/\/api\/public\/FVS\//);
  const url = await enlace.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const whatsapp = compartir.getByRole('link', { name: 'Compartir por WhatsApp' });
  const href = (await whatsapp.getAttribute('href'))!;
  expect(href.startsWith('https://wa.me/?text=')).toBe(true);
  expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toMatch(new RegExp(`^Hola, le compartimos .+ Puede verlo y descargarlo aquí: ${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await capturar(page, 'enviar-documento-enlace');

  // The link opens the PDF without a session; a tampered one does not.
  const pdf = await request.get(url, { headers: {} });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const alterado = await request.get(`${url.slice(0, -1)}${url.endsWith('A') ? 'B' : 'A'}`);
  expect(alterado.status()).toBe(404);

  await compartir.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(filas).toHaveCount(2);
  await expect(filas.first()).toContainText('Enlace para compartir');
  await capturar(page, 'enviar-documento-historial');
  const envios = (await (await request.get(`/api/facturas/${ventaId}/envios`, { headers: vendedor })).json()).data as EnviosVenta;
  expect(envios.envios.map((e) => [e.canal, e.estado])).toEqual([
    ['ENLACE', 'ENVIADO'],
    ['CORREO', 'BANDEJA_SALIDA'],
  ]);
});
