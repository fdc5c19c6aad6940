import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hoyNegocio, MENSAJES_CIERRE_MES, MENSAJES_EGRESOS_INGRESOS, sumarMeses, textoEstadoPorResolver, type VentasPlataforma } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { pesos, sesionApi, TIENDA, type Cabeceras } from './apoyo-ventas';

// [CIERRE] spec 002 §2.8, §4 and the period lock (docs/decisions-periodos.md): the month's figures with a payment
// method opened to its sales and a sale's detail, the 'Export ventas' .xlsx, then closing the previous month (its
// summary and badge), a write dated in it refused from Cuadre de caja, and the reopening with its reason. At
// 1366 × 768.

const HOY = hoyNegocio();
const MES_ACTUAL = HOY.slice(0, 7);
/** The month before today's, 'yyyy-mm': ended, so it can be closed. */
const MES_ANTERIOR = sumarMeses(`${MES_ACTUAL}-01`, -1).slice(0, 7);
const [ANIO_ANTERIOR = '', NUMERO_MES_ANTERIOR = ''] = MES_ANTERIOR.split('-');
/** A day inside the previous month, as the API writes it and as staff type it. */
const DIA_ANTERIOR = `${MES_ANTERIOR}-15`;
const DIA_ANTERIOR_ESCRITO = `15/${NUMERO_MES_ANTERIOR}/${ANIO_ANTERIOR}`;
const MESES_CORTOS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const PLATAFORMAS = /^(Enviado a la DIAN|SIIGO|Remisión|FE pendiente|FE rechazada|POS|POS pendiente|POS rechazado)$/;
const MENSAJE_CERRADO = `El mes ${MES_ANTERIOR} de la tienda ${TIENDA} está cerrado: no admite movimientos con esa fecha`;

/** Whatever happens in the journey, the previous month ends open: the other journeys write dated documents. */
test.afterEach(async ({ request }) => {
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const periodo = await request.post('/api/cierre-mes/ventas-plataforma', {
    headers: cabeceras,
    data: { anio: Number(ANIO_ANTERIOR), mes: NUMERO_MES_ANTERIOR, codigo_tienda: TIENDA, incluir_ventas_mes: false },
  });
  if ((await periodo.json()).data?.periodo?.cerrado) {
    await request.post('/api/cierre-mes/reabrir', { headers: cabeceras, data: { anio: Number(ANIO_ANTERIOR), mes: NUMERO_MES_ANTERIOR, motivo: 'Fin del recorrido de prueba' } });
  }
});

/** A supplier payment paid in cash in the previous month, so the closed month has a figure of its own. */
async function pagoProveedorMesAnterior(request: APIRequestContext, cabeceras: Cabeceras, codigoFactura: string) {
  const respuesta = await request.post('/api/pagos-proveedores/guardar', {
    headers: cabeceras,
    data: {
      tipo_concepto_id: 6,
      proveedor_id: 2,
      codigo_factura: codigoFactura,
      fecha_factura: DIA_ANTERIOR,
      fecha_pago: DIA_ANTERIOR,
      // $119,000 with IVA 19 % and 2.5 % withholding: $100,000 before IVA, $2,500 withheld, $116,500 to pay.
      valor_total: 119_000,
      pj_iva: 19,
      pj_retefuente: 2.5,
      observaciones: 'Arriendo del mes anterior',
      gestion_factura: false,
      pago_realizado: true,
      lista_formas_pagadas_form: [{ id_forma_pago: 1, nombre_forma_pago: 'Efectivo', comprobante_id: null, requiere_codigo_comprobante: false, valor_pagado: 116_500 }],
    },
  });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
}

/** Chooses a month in the page's picker as a user does (the year first when it is not the shown one). */
async function elegirMes(page: Page, mes: string) {
  await page.getByRole('button', { name: 'Mes', exact: true }).click();
  const selector = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'ene', exact: true }) });
  const [anio = '', numero = ''] = mes.split('-');
  if (anio !== MES_ACTUAL.slice(0, 4)) await selector.getByRole('button').first().click();
  await expect(selector.getByRole('button', { name: anio, exact: true })).toBeVisible();
  await selector.getByRole('button', { name: MESES_CORTOS[Number(numero) - 1], exact: true }).click();
  await expect(page.getByRole('button', { name: 'Mes', exact: true })).toHaveText(mes);
}

test('[CIERRE] el mes por forma de pago hasta el detalle de una venta, Export ventas, cerrar el mes anterior, una escritura rechazada y la reapertura', async ({ page, request }) => {
  // A long journey (two screens, five dialogs, a download): two minutes or more on a busy machine.
  test.setTimeout(180_000);
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const sufijo = String(Date.now() % 100_000);
  const codigoFactura = `CIERRE-${sufijo}`;
  await pagoProveedorMesAnterior(request, cabeceras, codigoFactura);

  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  // The month's figures come without its sales one by one (thousands a month): the sales table pages on the server.
  const figuras = page.waitForResponse((r) => r.url().endsWith('/api/cierre-mes/ventas-plataforma'));
  const primeraPagina = page.waitForResponse((r) => r.url().includes('/api/cierre-mes/ventas-mes?'));
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Cierre de mes' }).click();
  const respuestaFiguras = await figuras;
  expect(respuestaFiguras.request().postDataJSON()).toMatchObject({ incluir_ventas_mes: false });
  const datosMes = (await respuestaFiguras.json()).data as VentasPlataforma;
  expect(datosMes.lista_ventas_mes).toEqual([]);
  expect((await primeraPagina).ok()).toBe(true);
  await expect(page).toHaveURL(/#\/cierre-mes$/);
  await expect(page.getByRole('heading', { name: 'Cierre de mes' })).toBeVisible();
  // The current month by default, still open and not closable.
  await expect(page.getByRole('button', { name: 'Mes', exact: true })).toHaveText(MES_ACTUAL);
  await expect(page.getByTestId('insignia-periodo')).toHaveText('Mes abierto');
  await expect(page.getByRole('button', { name: 'Cerrar mes' })).toBeDisabled();

  // The cards by fiscal document (docs/decisions-reportes-dinero.md "Cierre de mes por documento fiscal"): accepted,
  // pending and rejected e-invoices + POS documents + remissions (net of their returns) − credit notes and notas de
  // ajuste = the month's net sales (whole pesos on screen).
  const cifra = async (testId: string) => pesos((await page.getByTestId(testId).textContent()) ?? '');
  const total = await cifra('ventas-total');
  expect(total).toBeGreaterThan(0);
  const partes = await Promise.all(['ventas-dian', 'fe-pendientes', 'fe-rechazadas', 'ventas-remision', 'notas-credito', 'documentos-pos'].map(cifra));
  expect(partes[4]).toBeLessThanOrEqual(0);
  expect(Math.abs(partes.reduce((suma, valor) => suma + valor, 0) - total)).toBeLessThanOrEqual(3);
  await expect(page.getByTestId('iva-fiscal')).toHaveText(/^-?\$[\d,]+$/);
  await expect(page.getByText('(no es IVA fiscal)')).toBeVisible();
  await expect(page.getByTestId('anuladas-excluidas')).toContainText(/venta|ventas/);

  // The warning names each e-invoice or note DIAN has not accepted (the demo's e-invoices were never sent to the DIAN),
  // and takes the user to the billing list, where 'Enviar a la DIAN' is.
  const porResolver = datosMes.documentos_por_resolver;
  expect(porResolver.length).toBeGreaterThan(0);
  const aviso = page.getByTestId('aviso-documentos-fiscales');
  await expect(aviso).toContainText('sin aceptar por la DIAN');
  await expect(aviso.getByRole('listitem')).toHaveCount(porResolver.length);
  // The newest one the billing list can filter (a sale billed without dispatch, state 6, has only its detail): the
  // list searches inside numbers, so an older 'FE1' would also find every FE1x the journeys before this one issued.
  const primero = porResolver.filter((d) => d.estado_venta_id === 2 || d.estado_venta_id === 3).sort((a, b) => b.venta_id - a.venta_id)[0]!;
  expect(primero).toBeDefined();
  const itemPrimero = aviso.getByRole('listitem').filter({ hasText: `venta No. ${primero.venta_id}:` });
  await expect(itemPrimero).toContainText(`${primero.numero}, venta No. ${primero.venta_id}: ${textoEstadoPorResolver(primero.estado)}`);
  expect(pesos((await page.getByTestId('fe-pendientes').textContent()) ?? '') + pesos((await page.getByTestId('fe-rechazadas').textContent()) ?? '')).toBeGreaterThan(0);
  await aviso.scrollIntoViewIfNeeded();
  await capturar(page, 'cierre-mes-documentos-fiscales');
  await itemPrimero.getByRole('link', { name: 'Ir a Facturación' }).click();
  await expect(page).toHaveURL(new RegExp(`#/facturacion\\?.*termino=${primero.tipo === 'FACTURA' ? primero.numero : primero.venta_id}`));
  const filaFactura = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Detalle venta ${primero.venta_id}`, exact: true }) });
  await expect(filaFactura).toHaveCount(1);
  // 'Enviar a la DIAN' is offered on the row of an invoice DIAN has not accepted (a sale annulled before it was queued
  // has no document: the demo's warnings are invoices).
  if (primero.tipo === 'FACTURA') await expect(filaFactura.getByRole('button', { name: `Enviar a la DIAN venta ${primero.venta_id}`, exact: true })).toBeVisible();
  await capturar(page, 'cierre-mes-documento-en-facturacion');
  await page.goBack();
  await expect(page.getByTestId('aviso-documentos-fiscales')).toBeVisible();

  // A payment method opens to its sales, each with its billing badge (spec 002 §4) and its detail.
  const formas = page.getByRole('table', { name: 'Totales por forma de pago' });
  await expect(formas.locator('tbody tr[data-forma-pago="1"]')).toContainText('Efectivo');
  // Crédito and Anticipo are listed and marked: they bring no money with the sale.
  await expect(formas.locator('tbody tr[data-forma-pago="6"]')).toContainText('No ingresa dinero');
  await formas.getByRole('button', { name: 'Ver ventas de Efectivo' }).click();
  const ventasEfectivo = page.getByRole('table', { name: 'Ventas de Efectivo' }).locator('tbody tr');
  await expect(ventasEfectivo.first()).toHaveAttribute('data-venta', /^\d+$/);
  const cantidad = await ventasEfectivo.count();
  for (let i = 0; i < cantidad; i += 1) await expect(ventasEfectivo.nth(i).locator('[data-plataforma]')).toHaveText(PLATAFORMAS);
  const ventaId = (await ventasEfectivo.first().getAttribute('data-venta')) ?? '';
  await capturar(page, 'cierre-mes-forma-pago');
  await ventasEfectivo.first().getByRole('button', { name: `Detalle de la venta ${ventaId}` }).click();
  const detalle = page.getByRole('dialog', { name: `Detalle de la venta No. ${ventaId}` });
  await expect(detalle.getByRole('table', { name: 'Formas de pago de la venta' })).toContainText('Efectivo');
  await capturar(page, 'cierre-mes-detalle-venta');
  await detalle.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(detalle).toBeHidden();

  // Ventas del mes: the server's page, searched and sorted there; the section's count and total are the month's.
  const ventasMes = page.getByRole('region', { name: 'Ventas del mes' });
  const nota = (await ventasMes.getByText(/facturadas? por \$/).textContent()) ?? '';
  const cantidadVentas = Number(nota.match(/^(\d+)/)?.[1]);
  const totalFacturado = pesos(nota.match(/por (\$[\d,]+)/)?.[1] ?? '');
  const tablaVentas = page.getByRole('table', { name: 'Ventas del mes' });
  await expect(tablaVentas.locator('tbody tr[data-venta]').first()).toBeVisible();
  // Sorted by total, highest first (a second click on the header): the first row's total is the page's highest.
  const ordenada = page.waitForResponse((r) => /\/api\/cierre-mes\/ventas-mes\?.*orden=total_venta_bruta.*direccion=desc/.test(r.url()));
  await tablaVentas.getByRole('button', { name: 'Total', exact: true }).click();
  await tablaVentas.getByRole('button', { name: 'Total', exact: true }).click();
  type FilaVentaMes = { id: number; total_venta_bruta: number; nombres_tercero: string; numero_documento_tercero: string };
  const paginaOrdenada = (await (await ordenada).json()).data.ventas as { data: FilaVentaMes[]; total: number };
  expect(paginaOrdenada.total).toBe(cantidadVentas);
  const totales = paginaOrdenada.data.map((v) => v.total_venta_bruta);
  expect(totales).toEqual([...totales].sort((a, b) => b - a));
  const mayor = paginaOrdenada.data[0]!;
  await expect(tablaVentas.locator('tbody tr').first()).toHaveAttribute('data-venta', String(mayor.id));
  // The search box finds that sale by its customer's first name typed without accents and its document: the server
  // searches without accents (number, document, customer and seller), the sort stays.
  const nombreSinAcentos = (mayor.nombres_tercero.split(/\s+/)[0] ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const buscada = page.waitForResponse((r) => r.url().includes('/api/cierre-mes/ventas-mes?') && r.url().includes('query='));
  await ventasMes.getByRole('textbox', { name: 'Buscar' }).fill(`${nombreSinAcentos} ${mayor.numero_documento_tercero}`);
  const encontradas = (await (await buscada).json()).data.ventas as { data: FilaVentaMes[]; total: number };
  expect(encontradas.total).toBeGreaterThanOrEqual(1);
  expect(encontradas.total).toBeLessThanOrEqual(paginaOrdenada.total);
  for (const venta of encontradas.data) expect(venta.numero_documento_tercero).toContain(mayor.numero_documento_tercero);
  const filaBuscada = tablaVentas.locator(`tbody tr[data-venta="${mayor.id}"]`);
  await expect(filaBuscada).toBeVisible();
  await expect(tablaVentas.locator('tbody tr[data-venta]')).toHaveCount(Math.min(encontradas.total, encontradas.data.length));
  await expect(page).toHaveURL(/v_buscar=/);
  await expect(filaBuscada.locator('[data-plataforma]')).toHaveText(PLATAFORMAS);
  await capturar(page, 'cierre-mes-ventas-mes');
  const detalleBuscada = page.getByRole('dialog', { name: `Detalle de la venta No. ${mayor.id}` });
  await filaBuscada.getByRole('button', { name: `Detalle de la venta ${mayor.id}` }).click();
  await expect(detalleBuscada).toBeVisible();
  await detalleBuscada.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(detalleBuscada).toBeHidden();

  // Export ventas: a real .xlsx named as the spec says, one row per billed sale, amounts as numbers.
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar ventas del mes' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toBe('Export ventas.xlsx');
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile(await archivo.path());
  const hoja = libro.worksheets[0]!;
  const encabezado = (hoja.getRow(1).values as unknown[]).slice(1);
  expect(encabezado).toContain('No. venta');
  expect(encabezado).toContain('Total venta bruta');
  const columnaId = encabezado.indexOf('No. venta') + 1;
  const columnaTotal = encabezado.indexOf('Total venta bruta') + 1;
  const filas = hoja.getRows(2, hoja.rowCount - 1) ?? [];
  const filasVenta = filas.filter((fila) => typeof fila.getCell(columnaId).value === 'number');
  expect(filasVenta).toHaveLength(cantidadVentas);
  const filaVenta = filasVenta.find((fila) => fila.getCell(columnaId).value === Number(ventaId));
  expect(filaVenta, `la venta ${ventaId} en el .xlsx`).toBeDefined();
  expect(typeof filaVenta!.getCell(columnaTotal).value).toBe('number');
  // Its totals row is the screen's figure (the screen shows whole pesos).
  const filaTotal = filas.find((fila) => fila.getCell(columnaId).value === 'Total');
  expect(Math.round(filaTotal!.getCell(columnaTotal).value as number)).toBe(totalFacturado);

  // The previous month: its supplier payment, open and closable.
  await elegirMes(page, MES_ANTERIOR);
  await expect(page).toHaveURL(new RegExp(`mes=${MES_ANTERIOR}`));
  const pagos = page.getByRole('table', { name: 'Pagos a proveedores' });
  const pago = pagos.locator('tbody tr').filter({ hasText: codigoFactura });
  await expect(pago).toContainText('$116,500');
  await expect(pago).toContainText('Efectivo: $116,500');
  await expect(page.getByTestId('insignia-periodo')).toHaveText('Mes abierto');
  // The month's supplier payments (the demo data's and this one): their count and total to pay.
  const notaPagos = (await page.getByRole('region', { name: 'Pagos a proveedores' }).getByText(/pagos? con fecha de pago en el mes/).textContent()) ?? '';
  const cantidadPagos = Number(notaPagos.match(/^(\d+)/)?.[1]);
  expect(cantidadPagos).toBeGreaterThanOrEqual(1);
  const totalPagos = (await pagos.locator('tfoot th').filter({ hasText: /^\$/ }).textContent()) ?? '';
  expect(pesos(totalPagos)).toBeGreaterThanOrEqual(116_500);
  await expect(page.getByRole('button', { name: 'Cerrar mes' })).toBeInViewport();
  // Every row action and export is reached by scrolling down only: nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Cerrar mes: the confirmation shows the summary being closed.
  await page.getByRole('button', { name: 'Cerrar mes' }).click();
  const cerrar = page.getByRole('dialog', { name: 'Cerrar mes' });
  await expect(cerrar).toContainText(`de la tienda ${TIENDA} - Principal`);
  await expect(cerrar.getByRole('table', { name: 'Resumen del cierre: ventas' })).toContainText(`Pagos a proveedores (${cantidadPagos})${totalPagos}`);
  await capturar(page, 'cierre-mes-confirmar-cierre');
  await cerrar.getByRole('button', { name: 'Cerrar mes' }).click();
  // The toast (the badge says the same words).
  await expect(page.getByRole('alert').filter({ hasText: MENSAJES_CIERRE_MES.cerrado })).toHaveCount(1);
  await expect(cerrar).toBeHidden();
  await expect(page.getByTestId('insignia-periodo')).toHaveText('Mes cerrado');
  await expect(page.getByTestId('cierre-por')).toContainText('Cerrado por Sara Administradora General el ');
  const resumen = page.getByRole('region', { name: 'Resumen al cierre' });
  await expect(resumen.getByRole('table', { name: 'Resumen al cierre: ventas' })).toContainText(`Pagos a proveedores (${cantidadPagos})${totalPagos}`);
  await expect(resumen.getByText('Las cifras actuales difieren del resumen guardado')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reabrir mes' })).toBeInViewport();
  await capturar(page, 'cierre-mes-cerrado');

  // A write dated in the closed month is refused with the month and the store named: an expense from Cuadre de caja.
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Cuadre de caja' }).click();
  await page.getByRole('button', { name: 'Agregar egreso' }).click();
  const egreso = page.getByRole('dialog', { name: 'Agregar egreso' });
  await egreso.getByLabel('Fecha').fill(DIA_ANTERIOR_ESCRITO);
  await egreso.getByLabel('Fecha').press('Tab');
  await egreso.getByRole('combobox', { name: 'Forma de pago' }).click();
  await page.getByRole('option', { name: 'Efectivo', exact: true }).click();
  await egreso.getByLabel('Valor').fill('25000');
  const descripcion = `Egreso en mes cerrado ${sufijo}`;
  await egreso.getByLabel('Descripción').fill(descripcion);
  await egreso.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MENSAJE_CERRADO)).toHaveCount(1);
  await expect(egreso).toBeVisible();
  await expect(page.getByText(MENSAJES_EGRESOS_INGRESOS.egresoRegistrado)).toHaveCount(0);
  await capturar(page, 'cierre-mes-escritura-rechazada');
  // Nothing was written on that day.
  const dia = await request.post('/api/cuadre-caja/dia', { headers: cabeceras, data: { fecha_dia: DIA_ANTERIOR } });
  expect(((await dia.json()).data.lista_egreso as { descripcion_egreso: string }[]).map((e) => e.descripcion_egreso)).not.toContain(descripcion);
  await egreso.getByRole('button', { name: 'Cerrar' }).last().click();
  await page.getByRole('dialog', { name: 'Cambios sin guardar' }).getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(egreso).toBeHidden();

  // Reabrir mes: the reason is required; the month opens again and its history keeps both events.
  await page.goto(`/#/cierre-mes?mes=${MES_ANTERIOR}`);
  await expect(page.getByTestId('insignia-periodo')).toHaveText('Mes cerrado');
  await page.getByRole('button', { name: 'Reabrir mes' }).click();
  const reabrir = page.getByRole('dialog', { name: 'Reabrir mes' });
  await reabrir.getByRole('button', { name: 'Reabrir mes' }).click();
  await expect(reabrir.getByText(MENSAJES_CIERRE_MES.motivo)).toBeVisible();
  const motivo = `Egreso del ${DIA_ANTERIOR_ESCRITO} sin registrar ${sufijo}`;
  await reabrir.getByLabel('Motivo de la reapertura').fill(motivo);
  await reabrir.getByRole('button', { name: 'Reabrir mes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MENSAJES_CIERRE_MES.reabierto })).toHaveCount(1);
  await expect(reabrir).toBeHidden();
  await expect(page.getByTestId('insignia-periodo')).toHaveText('Mes abierto');
  await expect(page.getByRole('region', { name: 'Resumen al cierre' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Historial' }).click();
  const historial = page.getByRole('dialog', { name: 'Historial del mes' }).getByRole('table', { name: 'Historial del mes' }).locator('tbody tr');
  await expect(historial).toHaveCount(2);
  await expect(historial.nth(0)).toContainText('Cierre');
  await expect(historial.nth(1)).toContainText('Reapertura');
  await expect(historial.nth(1)).toContainText(motivo);
  await capturar(page, 'cierre-mes-reabierto');

  // Open again: the same expense is accepted now.
  const aceptado = await request.post('/api/egresos/guardar', {
    headers: cabeceras,
    data: { fecha_egreso: DIA_ANTERIOR, forma_pago_id: 1, valor_egreso: 25_000, descripcion_egreso: descripcion },
  });
  expect(aceptado.ok(), await aceptado.text()).toBe(true);
});
