import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { MENSAJES_FACTURACION, MENSAJES_FE } from '@tablero/domain';
import { textoPdf } from '../../apps/server/src/documents/pdf-texto';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { abrirFacturar, asegurarRangos, crearCliente, crearVentaPendiente, efectivoRedondeado, elegirForma, sesionApi } from './apoyo-ventas';

// [FACTURA ELECTRÓNICA] (docs/decisions-factura-electronica.md): a cashier bills, SuperAdministrador sends the invoice
// to DIAN (a local fake of DIAN's web service, started here), sees 'Enviado a la DIAN', resends the e-mail, reads the
// CUFE on the PDF, and annuls the accepted invoice with its credit note (DIAN's concept and a reason).

const RAIZ = path.resolve(import.meta.dirname, '../..');
/** The demo settings' PIN and the demo invoice ranges' technical key (DIAN's habilitación set). */
const PIN_DEMO = '12345';
const CLAVE_TECNICA_DEMO = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';

let dian: ChildProcess | null = null;
let urlDian = '';

function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const servidor = createServer();
    servidor.on('error', reject);
    servidor.listen(0, '127.0.0.1', () => {
      const direccion = servidor.address();
      servidor.close(() => (typeof direccion === 'object' && direccion ? resolve(direccion.port) : reject(new Error('Sin puerto'))));
    });
  });
}

test.beforeAll(async () => {
  const puerto = await puertoLibre();
  dian = spawn(
    path.join(RAIZ, 'node_modules/.bin/tsx'),
    ['apps/server/test/fakes/dian-falso.cli.ts', '--puerto', String(puerto), '--modo', 'aceptar', '--clave-tecnica', CLAVE_TECNICA_DEMO, '--pin', PIN_DEMO],
    { cwd: RAIZ, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  urlDian = await new Promise<string>((resolve, reject) => {
    const limite = setTimeout(() => reject(new Error('El DIAN de prueba no arrancó')), 30_000);
    dian!.stdout!.on('data', (trozo: Buffer) => {
      const url = /https?:\/\/\S+/.exec(trozo.toString())?.[0];
      if (url) {
        clearTimeout(limite);
        resolve(url);
      }
    });
  });
});

test.afterAll(() => {
  dian?.kill('SIGTERM');
});

/** The settings' fields this journey changes, as they were before it. */
type Envio = { proveedor: string; ambiente: number; proveedor_url: string | null };
let envioOriginal: Envio | null = null;

/**
 * Writes the e-invoice settings as they are with `envio` on top. The secrets go as null: null keeps the stored one
 * (the API never gives them back).
 */
async function guardarEnvio(request: APIRequestContext, envio: Envio): Promise<Envio> {
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const actual = (await (await request.get('/api/maestros/factura-electronica', { headers: cabeceras })).json()).data.configuracion;
  const respuesta = await request.put('/api/maestros/factura-electronica', {
    headers: cabeceras,
    data: { ...actual, ...envio, software_pin: null, siigo_access_key: null, smtp_clave: null },
  });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  return { proveedor: actual.proveedor, ambiente: actual.ambiente, proveedor_url: actual.proveedor_url };
}

/** SuperAdministrador points the settings at the fake DIAN, in production mode (SendBillSync answers at once). */
async function enviarAlDianFalso(request: APIRequestContext) {
  envioOriginal = await guardarEnvio(request, { proveedor: 'DIAN', ambiente: 1, proveedor_url: urlDian });
}

/**
 * Whatever happens in the journey, the settings go back to the provider they had: the fake DIAN stops with this file,
 * and the settings journey (factura-electronica-configuracion.spec.ts) starts from the demo's 'no provider'.
 */
test.afterEach(async ({ request }) => {
  if (envioOriginal) await guardarEnvio(request, envioOriginal);
  envioOriginal = null;
});

test('[FACTURA ELECTRÓNICA] factura, envía a la DIAN, ve "Enviado a la DIAN", reenvía el correo, lee el CUFE en el PDF y anula con nota crédito', async ({ page, request }) => {
  test.setTimeout(120_000);
  await asegurarRangos(request);
  await enviarAlDianFalso(request);
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const cliente = await crearCliente(request, vendedor, 'Electrónica');
  const { ventaId, total } = await crearVentaPendiente(request, vendedor, cliente.id);

  // The cashier bills in cash; store 001 bills electronic invoices (the Siigo flag comes on by itself).
  const dialogo = await abrirFacturar(page, ventaId, cliente.documento);
  await elegirForma(page, dialogo, 'Efectivo');
  await expect(dialogo.getByLabel('Valor Efectivo')).toHaveValue(`$ ${total.toLocaleString('en-US')}`);
  await expect(dialogo.getByRole('switch', { name: 'Crear factura en Siigo' })).toBeChecked();
  const ventana = page.waitForEvent('popup');
  await dialogo.getByRole('button', { name: 'Facturar' }).click();
  await expect(page.getByText(MENSAJES_FACTURACION.facturada)).toHaveCount(1);
  await (await ventana).close();

  // SuperAdministrador sends it from the list, after the 'Envío factura electrónica' confirmation.
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/facturacion');
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Facturado', exact: true }).click();
  await page.getByLabel('Término').fill(String(ventaId));
  await page.getByRole('button', { name: 'Buscar' }).click();
  const fila = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Detalle venta ${ventaId}`, exact: true }) });
  await expect(fila).toHaveCount(1);
  await fila.getByRole('button', { name: `Enviar a la DIAN venta ${ventaId}`, exact: true }).click();
  const confirmar = page.getByRole('dialog', { name: MENSAJES_FE.tituloEnvio });
  await expect(confirmar).toContainText('¿Desea enviar a la DIAN la factura');
  await confirmar.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText(MENSAJES_FE.enCola)).toHaveCount(1);
  await expect(confirmar).toBeHidden();
  // The list follows the job: 'Enviado a la DIAN' only once the fake DIAN accepted it.
  await expect(fila.getByText('Enviado a la DIAN')).toBeVisible({ timeout: 20_000 });
  await expect(fila.getByRole('button', { name: `Enviar a la DIAN venta ${ventaId}`, exact: true })).toHaveCount(0);
  await capturar(page, 'factura-electronica-enviada');

  // The detail shows the accepted invoice with its CUFE and the send attempt.
  await fila.getByRole('button', { name: `Detalle venta ${ventaId}`, exact: true }).click();
  const detalle = page.getByRole('dialog', { name: `Detalle de la venta No. ${ventaId}` });
  const documentoFe = detalle.locator('[data-documento-fe="FACTURA"]');
  await expect(documentoFe).toContainText('Enviado a la DIAN');
  await expect(documentoFe).toContainText(/CUFE: [0-9a-f]{96}/);
  await expect(documentoFe.getByRole('table', { name: 'Intentos de envío' })).toContainText('Aceptada');
  await capturar(page, 'factura-electronica-detalle');
  const cufe = /CUFE: ([0-9a-f]{96})/.exec((await documentoFe.textContent()) ?? '')![1]!;
  await detalle.getByRole('button', { name: 'Cerrar', exact: true }).last().click();

  // The printed invoice carries the CUFE and the QR's legend.
  const superAdmin = await sesionApi(request, 'superadmin@tablero.test');
  const venta = (await (await request.get(`/api/facturas/${ventaId}`, { headers: superAdmin })).json()).data.ventas_encabezado;
  const pdf = await request.get(venta.url_factura);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const texto = textoPdf(Buffer.from(await pdf.body()));
  expect(texto).toContain('validada por la DIAN');
  expect(texto.replace(/\s/g, '')).toContain(`CUFE:${cufe}`);

  // Reenviar email FE: the customer's address is proposed; a bad list is refused on its field.
  await fila.getByRole('button', { name: `Reenviar email FE venta ${ventaId}`, exact: true }).click();
  const reenviar = page.getByRole('dialog', { name: MENSAJES_FE.tituloReenvio });
  const correos = reenviar.getByLabel('Correos');
  await expect(correos).toHaveValue(`anticipo.${cliente.documento}@prueba.test`);
  await correos.fill('no es un correo');
  await reenviar.getByRole('button', { name: 'Enviar' }).click();
  await expect(reenviar.getByText(MENSAJES_FE.correoInvalido('no es un correo'))).toBeVisible();
  await correos.fill(`anticipo.${cliente.documento}@prueba.test; contabilidad@prueba.test`);
  await reenviar.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText(MENSAJES_FE.correoEnCola)).toHaveCount(1);
  await expect(reenviar).toBeHidden();

  // Annulling the accepted invoice asks DIAN's concept (2, the only one of a whole annulment, already chosen) and the
  // reason, states the refund, and issues its credit note, which DIAN accepts too.
  await fila.getByRole('button', { name: `Anular venta ${ventaId}`, exact: true }).click();
  const anular = page.getByRole('dialog', { name: 'Anulación de venta' });
  await expect(anular.getByRole('combobox', { name: /^Concepto DIAN de la nota crédito/ })).toHaveValue('2 - Anulación de factura electrónica');
  await expect(anular.getByTestId('aviso-devolucion')).toContainText(/Devuelva al cliente \$ [\d,.]+ en Efectivo/);
  const motivo = anular.getByRole('textbox', { name: /^Motivo de la anulación/ });
  await expect(motivo).toBeFocused();
  await motivo.press('Enter');
  await expect(anular.getByText(MENSAJES_FACTURACION.motivoAnulacion)).toBeVisible();
  await motivo.fill('El cliente desistió de la compra');
  await capturar(page, 'factura-electronica-anular');
  // Enter twice annuls once: the second arrives while the first is being saved.
  const anulaciones: string[] = [];
  page.on('request', (solicitud) => {
    if (solicitud.method() === 'PUT' && solicitud.url().endsWith(`/facturas/${ventaId}/anular`)) anulaciones.push(solicitud.url());
  });
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Venta anulada\. La nota crédito NC\d+ se está enviando a la DIAN$/)).toHaveCount(1);
  await expect(anular).toBeHidden();
  expect(anulaciones).toHaveLength(1);
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Anulado', exact: true }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: `Detalle venta ${ventaId}`, exact: true }).click();
  const nota = detalle.locator('[data-documento-fe="NOTA_CREDITO"]');
  await expect(nota).toContainText('Nota crédito electrónica NC');
  await expect(nota).toContainText('Enviado a la DIAN', { timeout: 20_000 });
  await expect(nota).toContainText(/CUDE: [0-9a-f]{96}/);
  await expect(nota.getByLabel('Concepto y motivo')).toHaveText('Concepto DIAN: 2 - Anulación de factura electrónica · Motivo: El cliente desistió de la compra');
  await nota.scrollIntoViewIfNeeded();
  await capturar(page, 'factura-electronica-nota-credito');
  // One annulment: one credit note.
  await expect(detalle.locator('[data-documento-fe="NOTA_CREDITO"]')).toHaveCount(1);
});

test('[FACTURA ELECTRÓNICA] una nota crédito rechazada por la DIAN muestra los motivos y se reenvía desde el detalle de la venta', async ({ page, request }) => {
  test.setTimeout(120_000);
  await asegurarRangos(request);
  await enviarAlDianFalso(request);
  const superAdmin = await sesionApi(request, 'superadmin@tablero.test');
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const cliente = await crearCliente(request, vendedor, 'Nota rechazada');
  const { ventaId, total } = await crearVentaPendiente(request, vendedor, cliente.id);
  // Billed as an electronic invoice in cash, sent and accepted (through the API: the first journey covers those screens).
  const efectivo = await efectivoRedondeado(request, vendedor, total);
  const facturada = await request.post(`/api/facturas/${ventaId}/forma-pago`, {
    headers: vendedor,
    data: {
      venta_id: ventaId,
      crear_factura_siigo: true,
      crear_venta_credito: false,
      modo_factura: 'C',
      formaPagoList: [{ id_forma_pago: 1, nombre_forma_pago: 'Efectivo', comprobante_id: null, valor_pagado: efectivo }],
      valor_recibido: efectivo,
    },
  });
  expect(facturada.ok(), await facturada.text()).toBe(true);
  const documentos = async () =>
    (await (await request.get(`/api/facturas/${ventaId}/factura-electronica`, { headers: superAdmin })).json()).data.documentos as { tipo: string; estado: string; numero: string }[];
  expect((await request.post(`/api/facturas/${ventaId}/timbrar-dian`, { headers: superAdmin })).ok()).toBe(true);
  await expect.poll(async () => (await documentos()).find((d) => d.tipo === 'FACTURA')?.estado, { timeout: 20_000 }).toBe('ACEPTADA');

  // The fake DIAN rejects while the sale is annulled: its credit note ends 'Rechazada por la DIAN'.
  const modo = (valor: string) => request.post(new URL('/__modo', urlDian).href, { data: valor, headers: { 'content-type': 'text/plain' } });
  expect((await modo('rechazar')).ok()).toBe(true);
  try {
    const anulada = await request.put(`/api/facturas/${ventaId}/anular`, { headers: superAdmin, data: { concepto_nota: '2', motivo: 'El cliente desistió de la compra' } });
    expect(anulada.ok(), await anulada.text()).toBe(true);
    await expect.poll(async () => (await documentos()).find((d) => d.tipo === 'NOTA_CREDITO')?.estado, { timeout: 20_000 }).toBe('RECHAZADA');
  } finally {
    expect((await modo('aceptar')).ok()).toBe(true);
  }
  const numeroNota = (await documentos()).find((d) => d.tipo === 'NOTA_CREDITO')!.numero;

  // SuperAdministrador opens the annulled sale's detail: the note with DIAN's reasons and 'Reenviar'.
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/facturacion');
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Anulado', exact: true }).click();
  await page.getByLabel('Término').fill(String(ventaId));
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: `Detalle venta ${ventaId}`, exact: true }).click();
  const detalle = page.getByRole('dialog', { name: `Detalle de la venta No. ${ventaId}` });
  const nota = detalle.locator('[data-documento-fe="NOTA_CREDITO"]');
  await expect(nota).toContainText(`Nota crédito electrónica ${numeroNota}`);
  await expect(nota).toContainText('Rechazada por la DIAN');
  await expect(nota.getByRole('list', { name: 'Motivos del rechazo' }).getByRole('listitem').first()).toBeVisible();
  await expect(nota.getByRole('table', { name: 'Intentos de envío' })).toContainText('Rechazada');
  // The accepted invoice offers no re-send.
  await expect(detalle.locator('[data-documento-fe="FACTURA"]').getByRole('button', { name: /^Reenviar/ })).toHaveCount(0);
  await nota.scrollIntoViewIfNeeded();
  await capturar(page, 'factura-electronica-nota-rechazada');

  await nota.getByRole('button', { name: `Reenviar ${numeroNota}`, exact: true }).click();
  const confirmar = page.getByRole('dialog', { name: MENSAJES_FE.tituloReenvioNota });
  await expect(confirmar).toContainText(MENSAJES_FE.confirmarReenvioNota(numeroNota));
  await capturar(page, 'factura-electronica-nota-reenviar');
  await confirmar.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText(MENSAJES_FE.notaEnCola(numeroNota))).toHaveCount(1);
  await expect(confirmar).toBeHidden();
  // The panel follows the job: accepted now, with both attempts kept, and no 'Reenviar' any more.
  await expect(nota).toContainText('Enviado a la DIAN', { timeout: 20_000 });
  await expect(nota.getByRole('table', { name: 'Intentos de envío' }).getByRole('row')).toHaveCount(3);
  await expect(nota.getByRole('button', { name: `Reenviar ${numeroNota}`, exact: true })).toHaveCount(0);
  await nota.scrollIntoViewIfNeeded();
  await capturar(page, 'factura-electronica-nota-reenviada');
});
