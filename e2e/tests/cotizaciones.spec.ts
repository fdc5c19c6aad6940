import { expect, test, type Page } from '@playwright/test';
import { MENSAJES_COTIZACION } from '@tablero/domain';
import { capturar } from './apoyo';
import { abrirPedidos, agregarConTeclado, buscarPendiente, crearCliente, elegirClienteConTeclado, sesionApi } from './apoyo-ventas';

/** Cuts one board line of the form: two pieces of 600 × 400, Optimizar, Agregar. */
async function cortar(page: Page, referencia: string) {
  await page.getByRole('button', { name: `Corte de ${referencia}` }).click();
  const corte = page.getByRole('dialog', { name: 'Despiece de corte' });
  await expect(corte).toBeVisible();
  await corte.getByLabel('Cantidad del corte 1', { exact: true }).fill('2');
  await corte.getByLabel('Base del corte 1', { exact: true }).fill('600');
  await corte.getByLabel('Altura del corte 1', { exact: true }).fill('400');
  await corte.getByLabel('Descripción del corte 1', { exact: true }).fill('Puerta');
  const [optimizada] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/facturas/optimizar')),
    corte.getByRole('button', { name: 'Optimizar' }).click(),
  ]);
  expect(optimizada.status()).toBe(200);
  await corte.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(corte).toBeHidden();
}

test('[COTIZACIONES] un vendedor cotiza dos tableros con corte, abre el PDF, la marca aceptada y la convierte en un pedido por facturar', async ({ page, request }) => {
  // Two cutting plans, a PDF and a conversion: 22 s alone, 38 s on CI's slower machine, near the default minute.
  test.setTimeout(120_000);
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const cliente = await crearCliente(request, vendedor, `Éster Cotización ${Date.now()}`);

  await abrirPedidos(page);
  await elegirClienteConTeclado(page, cliente.documento, /Éster Cotización/);
  await agregarConTeclado(page, 'MEL-BL-18', '1');
  await agregarConTeclado(page, 'MDF-RB-15', '1');
  await cortar(page, 'MEL-BL-18');
  await cortar(page, 'MDF-RB-15');
  await capturar(page, 'cotizaciones-pedido');

  // Guardar como cotización, beside Guardar: the same lines and plans saved as a quotation (state 7).
  const [guardado] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Guardar como cotización' }).click(),
  ]);
  expect(guardado.ok(), await guardado.text()).toBe(true);
  const id = (await guardado.json()).data.venta_id as number;
  await expect(page.getByText(MENSAJES_COTIZACION.guardada(id))).toBeVisible();

  // The quotations list finds it by the customer's name typed without accents.
  await expect(page.getByText(`Última cotización guardada: No. ${id}`)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Cotizaciones', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Cotizaciones' })).toBeVisible();
  // The search applies after its pause: the journey waits for its answer, so the list is not caught dimmed while it
  // reads (the unfiltered list may already show the quotation, newest first).
  const buscada = page.waitForResponse((r) => r.url().includes('/api/cotizaciones?') && [...new URL(r.url()).searchParams.values()].includes('ester cotizacion'));
  await page.getByRole('textbox', { name: /Buscar/ }).fill(`ester cotizacion`);
  await buscada;
  const fila = page.getByRole('row').filter({ hasText: String(id) }).filter({ hasText: 'Éster Cotización' });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText('Abierta');
  await capturar(page, 'cotizaciones-lista');

  // The state filter lives in the address beside the search: a reload finds the list as it was.
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Abierta', exact: true }).click();
  await expect(page).toHaveURL(/[?&]estado=abierta/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('Abierta');
  await expect(page.getByRole('textbox', { name: /Buscar/ })).toHaveValue('ester cotizacion');
  await expect(fila).toHaveCount(1);

  // Abrir: the quotation comes back to the order form as itself, and saves as a quotation again.
  await fila.getByRole('button', { name: `Abrir cotización ${id}` }).click();
  await expect(page.getByRole('heading', { name: `Cotización No. ${id}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Productos del pedido' })).toContainText('MDF-RB-15');
  const [reguardada] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Guardar cotización' }).click(),
  ]);
  expect(reguardada.ok(), await reguardada.text()).toBe(true);
  await expect(page.getByText(MENSAJES_COTIZACION.guardada(id))).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Cotizaciones', exact: true }).click();
  await expect(fila).toHaveCount(1);

  // The PDF opens in a new window: 'Cotización No. N' with its plans.
  const ventana = page.waitForEvent('popup');
  const pdf = page.waitForResponse((r) => r.url().includes('/api/public/cotizacion/'));
  await fila.getByRole('button', { name: `PDF cotización ${id}` }).click();
  const respuesta = await pdf;
  expect(respuesta.status()).toBe(200);
  expect(respuesta.headers()['content-type']).toContain('application/pdf');
  // The same signed link read again: a real PDF, several pages long with the two plans.
  const archivo = await (await request.get(respuesta.url())).body();
  expect(archivo.subarray(0, 5).toString()).toBe('%PDF-');
  expect(archivo.length).toBeGreaterThan(5_000);
  await (await ventana).close();

  // Sent to the customer as a link to share (docs/decisions-redondeo-envios.md): the quotation's own PDF link.
  await fila.getByRole('button', { name: `Enviar cotización ${id}` }).click();
  const envio = page.getByRole('dialog', { name: `Enviar cotización No. ${id}` });
  await envio.getByRole('button', { name: 'Compartir enlace' }).click();
  const compartir = page.getByRole('dialog', { name: 'Compartir enlace del documento' });
  await expect(compartir.getByRole('radio', { name: `Cotización No. ${id}` })).toBeChecked();
  await compartir.getByRole('button', { name: 'Crear y copiar enlace' }).click();
  await expect(compartir.getByRole('textbox', { name: 'Enlace' })).toHaveValue(/\/api\/public\/cotizacion\//);
  await capturar(page, 'cotizaciones-enviar-enlace');
  await compartir.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(compartir).toBeHidden();
  await expect(envio.getByRole('table', { name: 'Historial de envíos' }).locator('tbody tr')).toHaveCount(1);
  await envio.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(envio).toBeHidden();

  // The customer accepted it.
  await fila.getByRole('button', { name: `Marcar aceptada cotización ${id}` }).click();
  await page.getByRole('dialog', { name: 'Cotización aceptada' }).getByRole('button', { name: 'Marcar aceptada' }).click();
  await expect(page.getByText(MENSAJES_COTIZACION.aceptada)).toBeVisible();
  await expect(fila).toContainText('Aceptada');

  // Convertir en pedido: valid, so at the quoted prices, in one step.
  await fila.getByRole('button', { name: `Convertir en pedido cotización ${id}` }).click();
  const dialogo = page.getByRole('dialog', { name: `Convertir la cotización No. ${id} en pedido` });
  await expect(dialogo.getByRole('table', { name: 'Líneas de la conversión' })).toContainText('MEL-BL-18');
  await expect(dialogo.getByRole('radio', { name: /Precios cotizados/ })).toBeChecked();
  await expect(dialogo.getByRole('button', { name: 'Convertir en pedido' })).toBeInViewport();
  await capturar(page, 'cotizaciones-convertir');
  const [convertida] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/api/cotizaciones/${id}/convertir`)),
    dialogo.getByRole('button', { name: 'Convertir en pedido' }).click(),
  ]);
  expect(convertida.ok(), await convertida.text()).toBe(true);
  const pedido = (await convertida.json()).data.venta_id as number;
  await expect(page.getByText(MENSAJES_COTIZACION.convertida(pedido))).toBeVisible();
  await expect(dialogo).toBeHidden();
  await expect(fila).toContainText('Convertida');
  await expect(fila).toContainText(`No. ${pedido}`);

  // The order waits in Pendiente por facturar; the quotation does not.
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Pendiente por facturar' }).click();
  await expect(page).toHaveURL(/#\/facturacion/);
  await buscarPendiente(page, pedido, cliente.documento);
  await expect(page.getByRole('button', { name: `Facturar venta ${pedido}`, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Facturar venta ${id}`, exact: true })).toHaveCount(0);
  await capturar(page, 'cotizaciones-pendiente-por-facturar');
});
