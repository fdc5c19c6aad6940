import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CONFIRMACION_ELIMINAR_PAGO_PROVEEDOR, hoyNegocio, MENSAJES_ADJUNTO, MENSAJES_PAGO_PROVEEDOR } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';

// [PAGOS PROVEEDORES] spec 002 §2.11, §2.12, §5 (docs/decisions-pagos-proveedores.md): a payment in two methods with a
// voucher picture, its link in the list opens the picture, then it is edited and deleted with the spec's confirmation.
// At 1366 × 768.

const CONCEPTO = 'Compra de tableros';
const PROVEEDOR = 'Maderas y Tableros del Valle S.A.S.';

/** A small real PNG (a 24 × 16 coloured block), written byte by byte: signature, IHDR, IDAT, IEND. */
function pngPequeno(): Buffer {
  const ancho = 24;
  const alto = 16;
  const trozo = (tipo: string, datos: Buffer) => {
    const largo = Buffer.alloc(4);
    largo.writeUInt32BE(datos.length);
    const cuerpo = Buffer.concat([Buffer.from(tipo, 'ascii'), datos]);
    const suma = Buffer.alloc(4);
    suma.writeUInt32BE(crc32(cuerpo));
    return Buffer.concat([largo, cuerpo, suma]);
  };
  const cabecera = Buffer.alloc(13);
  cabecera.writeUInt32BE(ancho, 0);
  cabecera.writeUInt32BE(alto, 4);
  cabecera[8] = 8; // bits per channel
  cabecera[9] = 2; // RGB
  const filas: number[] = [];
  for (let y = 0; y < alto; y += 1) {
    filas.push(0); // no filter
    for (let x = 0; x < ancho; x += 1) filas.push(x * 10, 120, y * 15);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    trozo('IHDR', cabecera),
    trozo('IDAT', deflateSync(Buffer.from(filas))),
    trozo('IEND', Buffer.alloc(0)),
  ]);
}

const diaMesAnio = (fecha: string) => `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}/${fecha.slice(0, 4)}`;

async function elegirOpcion(page: Page, campo: Locator, texto: string, opcion: string | RegExp) {
  await campo.click();
  await campo.fill(texto);
  await page.getByRole('option', { name: opcion }).first().click();
}

async function agregarForma(page: Page, dialogo: Locator, nombre: string) {
  await dialogo.getByRole('combobox', { name: 'Forma de pago' }).click();
  await page.getByRole('option', { name: nombre, exact: true }).click();
  await dialogo.getByRole('button', { name: 'Agregar' }).click();
}

async function adjuntar(page: Page, boton: Locator, archivo: { name: string; mimeType: string; buffer: Buffer }) {
  const [selector] = await Promise.all([page.waitForEvent('filechooser'), boton.click()]);
  await selector.setFiles(archivo);
}

test('[PAGOS PROVEEDORES] un pago en dos formas con imagen de comprobante se registra, se abre su enlace, se edita y se elimina', async ({ page, request }) => {
  test.setTimeout(150_000);
  const hoy = hoyNegocio();
  const factura = `FV-E2E-${Date.now() % 1_000_000}`;
  const comprobante = `TRF-${Date.now() % 100_000}`;

  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Pago a proveedores' }).click();
  await expect(page).toHaveURL(/#\/pagos-proveedores/);
  await expect(page.getByRole('heading', { name: 'Pago a proveedores' })).toBeVisible();
  // The period defaults to the current month.
  const mesActual = new Intl.DateTimeFormat('es', { month: 'long', year: 'numeric', timeZone: 'America/Bogota' }).format(new Date()).replace(' de ', ' ');
  await expect(page.getByRole('button', { name: 'Periodo' })).toHaveText(new RegExp(mesActual, 'i'));

  await capturar(page, 'pagos-proveedores-mes');
  await page.getByRole('button', { name: 'Registrar pago' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Registro de pago a proveedor' });
  await expect(dialogo.getByRole('button', { name: 'Guardar datos' })).toBeVisible();

  // spec 002 §2.12 gestion_factura: the invoice's payment fields are hidden (and not required) in that mode.
  const gestion = dialogo.getByRole('switch', { name: 'Gestión de factura' });
  await gestion.check({ force: true });
  for (const campo of ['Código factura', 'Fecha de pago', 'IVA %', 'Retención %', 'Observaciones']) await expect(dialogo.getByLabel(campo)).toHaveCount(0);
  await expect(dialogo.getByRole('combobox', { name: 'Forma de pago' })).toHaveCount(0);
  await expect(dialogo.getByLabel('Fecha a pagar factura')).toBeVisible();
  await gestion.uncheck({ force: true });
  await expect(dialogo.getByLabel('Código factura')).toBeVisible();

  // spec 002 §5: every required field says so, and the toast is the generic one.
  await dialogo.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText(MENSAJES_PAGO_PROVEEDOR.camposSolicitados)).toHaveCount(1);
  for (const mensaje of [
    MENSAJES_PAGO_PROVEEDOR.codigoFactura,
    MENSAJES_PAGO_PROVEEDOR.valorTotal,
    MENSAJES_PAGO_PROVEEDOR.iva,
    MENSAJES_PAGO_PROVEEDOR.retefuente,
    MENSAJES_PAGO_PROVEEDOR.observaciones,
  ]) {
    await expect(dialogo.getByText(mensaje, { exact: true })).toBeVisible();
  }
  await expect(dialogo.getByText(MENSAJES_PAGO_PROVEEDOR.seleccionarValor, { exact: true })).toHaveCount(2);
  await expect(dialogo.getByText(MENSAJES_PAGO_PROVEEDOR.fecha, { exact: true })).toHaveCount(2);

  await elegirOpcion(page, dialogo.getByRole('combobox', { name: 'Tipo de concepto' }), 'compra de tab', CONCEPTO);
  await elegirOpcion(page, dialogo.getByRole('combobox', { name: 'Proveedor' }), 'maderas', new RegExp(`^${PROVEEDOR}`));
  await dialogo.getByLabel('Código factura').fill(factura);
  await dialogo.getByLabel('Fecha a pagar factura').fill(diaMesAnio(hoy));
  await dialogo.getByLabel('Fecha de pago').fill(diaMesAnio(hoy));
  await dialogo.getByLabel('Valor total (con IVA)').fill('1190000');
  await dialogo.getByLabel('IVA %').fill('19');
  await dialogo.getByLabel('Retención %').fill('2.5');
  await dialogo.getByLabel('Observaciones').fill('Tableros para el pedido de diciembre');
  // The figures, live (spec 002 §9): before IVA, IVA, retention and total to pay.
  await expect(dialogo.getByTestId('cifra-antes-iva')).toHaveText('$1,000,000');
  await expect(dialogo.getByTestId('cifra-iva')).toHaveText('$190,000');
  await expect(dialogo.getByTestId('cifra-rte')).toHaveText('$25,000');
  await expect(dialogo.getByTestId('cifra-total-pagar')).toHaveText('$1,165,000');

  // Methods: none chosen, none added, a row incomplete.
  await dialogo.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByText(MENSAJES_PAGO_PROVEEDOR.seleccionarForma)).toHaveCount(1);
  await dialogo.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText(MENSAJES_PAGO_PROVEEDOR.alMenosUnaForma).first()).toBeVisible();
  await agregarForma(page, dialogo, 'Transferencia bancaria');
  const valorTransferencia = dialogo.getByLabel('Valor Transferencia bancaria');
  await expect(valorTransferencia).toHaveValue('$ 1,165,000');
  await valorTransferencia.fill('1000000');
  await agregarForma(page, dialogo, 'Efectivo');
  await expect(page.getByText(MENSAJES_PAGO_PROVEEDOR.camposAntesDeAgregar)).toHaveCount(1);
  await dialogo.getByLabel('Código comprobante Transferencia bancaria').fill(comprobante);
  await agregarForma(page, dialogo, 'Efectivo');
  const valorEfectivo = dialogo.getByLabel('Valor Efectivo');
  await expect(valorEfectivo).toHaveValue('$ 165,000');
  await valorEfectivo.fill('100000');
  await dialogo.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText(MENSAJES_PAGO_PROVEEDOR.sumatoria('$ 1,165,000')).first()).toBeVisible();
  await valorEfectivo.fill('165000');
  await expect(dialogo.getByTestId('suma-formas')).toHaveText('Suma de formas de pago: $1,165,000 de $1,165,000');

  // The voucher picture: a text file is refused; a PNG is compressed and kept.
  const botonAdjuntar = dialogo.getByRole('button', { name: 'Adjuntar comprobante Transferencia bancaria' });
  await adjuntar(page, botonAdjuntar, { name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('no es una imagen') });
  await expect(page.getByText(MENSAJES_ADJUNTO.noCumple)).toHaveCount(1);
  await adjuntar(page, botonAdjuntar, { name: 'comprobante.png', mimeType: 'image/png', buffer: pngPequeno() });
  await expect(dialogo.getByRole('img', { name: 'Comprobante adjunto Transferencia bancaria' })).toBeVisible();
  await expect(dialogo.getByText('comprobante.png')).toBeVisible();
  // Five methods at most: the add button stays enabled with two.
  await expect(dialogo.getByRole('button', { name: 'Agregar' })).toBeEnabled();
  await capturar(page, 'pagos-proveedores-formulario');

  // Enter twice saves once: the form is sent twice at once (as two quick Enter presses do, before the button is
  // disabled) and the list has one payment with this invoice.
  await dialogo.getByLabel('Código factura').evaluate((entrada) => {
    const formulario = (entrada as HTMLInputElement).form!;
    formulario.requestSubmit();
    formulario.requestSubmit();
  });
  await expect(page.getByText(MENSAJES_PAGO_PROVEEDOR.registrado)).toBeVisible();
  await expect(dialogo).toBeHidden();

  // The list of the month, searched by the invoice: one row with every §2.11 column.
  await page.getByLabel('Término').fill(factura);
  const tabla = page.getByRole('table', { name: 'Pago a proveedores' });
  const fila = tabla.locator('tbody tr').filter({ hasText: factura });
  await expect(fila).toHaveCount(1);
  await expect(tabla.locator('tbody tr')).toHaveCount(1);
  for (const texto of [CONCEPTO, PROVEEDOR, diaMesAnio(hoy), '$1,190,000', '19 %', '$1,000,000', '$190,000', '2.5 %', '$25,000', '$1,165,000', 'Tableros para el pedido']) {
    await expect(fila).toContainText(texto);
  }
  await expect(fila).toContainText('Transferencia bancaria $1,000,000');
  await expect(fila).toContainText('Efectivo $165,000');
  // Every action in sight at 1366 × 768, and no sideways scroll.
  const editar = fila.getByRole('button', { name: `Editar pago ${factura}` });
  const eliminar = fila.getByRole('button', { name: `Eliminar pago ${factura}` });
  await expect(editar).toBeInViewport();
  await expect(eliminar).toBeInViewport();
  const desborde = await tabla.evaluate((tablaHtml) => {
    const contenedor = tablaHtml.parentElement!;
    return contenedor.scrollWidth - contenedor.clientWidth;
  });
  expect(desborde).toBeLessThanOrEqual(1);
  await capturar(page, 'pagos-proveedores-lista');

  // The voucher's link opens the picture in a new tab.
  const enlace = fila.getByRole('link', { name: `Comprobante Transferencia bancaria ${comprobante}` });
  await expect(enlace).toHaveAttribute('target', '_blank');
  const href = (await enlace.getAttribute('href'))!;
  expect(href).toMatch(/\/api\/assets\?/);
  // The tab opens once the picture is here (docs/decisions.md "Sin red"), read from that link.
  const [pestana, leida] = await Promise.all([page.waitForEvent('popup'), page.waitForResponse((r) => r.url().endsWith(href)), enlace.click()]);
  expect(leida.status()).toBe(200);
  const imagen = await request.get(href);
  expect(imagen.status()).toBe(200);
  expect(imagen.headers()['content-type']).toMatch(/^image\//);
  expect((await imagen.body()).length).toBeGreaterThan(50);
  await pestana.close();

  // Edit: the payment loads by id with its values formatted; no retention now, and the cash pays the difference.
  await editar.click();
  const edicion = page.getByRole('dialog', { name: 'Registro de pago a proveedor' });
  await expect(edicion.getByLabel('Código factura')).toHaveValue(factura);
  await expect(edicion.getByLabel('Valor total (con IVA)')).toHaveValue('$ 1,190,000');
  await expect(edicion.getByLabel('IVA %')).toHaveValue('19 %');
  await expect(edicion.getByLabel('Retención %')).toHaveValue('2.5 %');
  await expect(edicion.getByLabel('Código comprobante Transferencia bancaria')).toHaveValue(comprobante);
  await expect(edicion.getByLabel('Valor Efectivo')).toHaveValue('$ 165,000');
  await expect(edicion.getByRole('img', { name: 'Comprobante adjunto Transferencia bancaria' })).toBeVisible();
  await expect(edicion.getByRole('switch', { name: 'Gestión de factura' })).toBeDisabled();
  await edicion.getByLabel('Retención %').fill('0');
  await expect(edicion.getByTestId('cifra-total-pagar')).toHaveText('$1,190,000');
  await edicion.getByLabel('Valor Efectivo').fill('190000');
  await edicion.getByLabel('Observaciones').fill('Tableros para el pedido de diciembre, sin retención');
  await capturar(page, 'pagos-proveedores-edicion');
  await edicion.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText(MENSAJES_PAGO_PROVEEDOR.actualizado)).toBeVisible();
  await expect(edicion).toBeHidden();
  await expect(fila).toContainText('$1,190,000');
  await expect(fila).toContainText('0 %');
  await expect(fila).toContainText('Efectivo $190,000');
  await expect(fila).toContainText('sin retención');
  // The picture was kept through the edit.
  await expect(fila.getByRole('link', { name: `Comprobante Transferencia bancaria ${comprobante}` })).toBeVisible();

  // Delete, with the spec's confirmation; cancelling first keeps it.
  await eliminar.click();
  const confirmacion = page.getByRole('dialog', { name: CONFIRMACION_ELIMINAR_PAGO_PROVEEDOR.titulo });
  await expect(confirmacion).toContainText(CONFIRMACION_ELIMINAR_PAGO_PROVEEDOR.texto);
  await capturar(page, 'pagos-proveedores-eliminar');
  await confirmacion.getByRole('button', { name: CONFIRMACION_ELIMINAR_PAGO_PROVEEDOR.cancelar }).click();
  await expect(confirmacion).toBeHidden();
  await expect(fila).toHaveCount(1);
  await eliminar.click();
  await confirmacion.getByRole('button', { name: CONFIRMACION_ELIMINAR_PAGO_PROVEEDOR.confirmar }).click();
  await expect(page.getByText(MENSAJES_PAGO_PROVEEDOR.eliminado)).toBeVisible();
  await expect(fila).toHaveCount(0);
  await expect(tabla).toContainText('No se encontraron datos');
});
