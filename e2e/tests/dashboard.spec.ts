import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { hoyNegocio, sinAcentos, sumarMeses, type DashboardRespuesta } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { asegurarRangos, crearCliente, crearVentaPendiente, facturarEnEfectivo, moneda, sesionApi, type Cabeceras } from './apoyo-ventas';

// [DASHBOARD] spec 002 §2.4 (docs/decisions-reportes-dinero.md): the range moves the cards and the charts, the side
// table filters by reference, and 'Export productos' downloads a real .xlsx. At 1366 × 768 (the config's viewport).
// Figures, not pixels: every figure on screen is compared with the API's answer for the same range.

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const CORTOS = ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'];

async function datos(request: APIRequestContext, cabeceras: Cabeceras, fecha_inicial: string, fecha_final: string): Promise<DashboardRespuesta> {
  const respuesta = await request.post('/api/dashboard/rango-fecha', { headers: cabeceras, data: { fecha_inicial, fecha_final } });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  return (await respuesta.json()).data as DashboardRespuesta;
}

const unidades = (valor: number) => valor.toLocaleString('en-US', { maximumFractionDigits: 2 });
const diaMesAnio = (fecha: string) => `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}/${fecha.slice(0, 4)}`;
const ayerDe = (fecha: string) => new Date(Date.parse(`${fecha}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Picks a day in a Mantine date picker opened from its button (its days are named '5 marzo 2026'). */
async function elegirDia(page: Page, campo: string, fecha: string) {
  await page.getByRole('button', { name: campo }).click();
  // The calendar renders after the click: counting its days before it shows would read no month and step blindly.
  await expect(page.locator('.mantine-DatePickerInput-calendarHeaderLevel, .mantine-CalendarHeader-calendarHeaderLevel').first()).toBeVisible();
  const [anio, mes, dia] = fecha.split('-').map(Number) as [number, number, number];
  const nombre = `${dia} ${MESES[mes - 1]} ${anio}`;
  const dias = page.getByRole('button', { name: nombre, exact: true });
  // The calendar opens on the chosen date's month: step back or forth to the wanted one.
  for (let paso = 0; paso < 24 && (await dias.count()) === 0; paso += 1) {
    const actual = await page.locator('.mantine-DatePickerInput-calendarHeaderLevel, .mantine-CalendarHeader-calendarHeaderLevel').first().textContent();
    const [nombreMes = '', anioTexto = '0'] = (actual ?? '').trim().toLowerCase().split(/\s+/);
    const indice = Number(anioTexto) * 12 + MESES.indexOf(nombreMes);
    const objetivo = anio * 12 + (mes - 1);
    await page.locator(indice > objetivo ? '[data-direction="previous"]' : '[data-direction="next"]').first().click();
  }
  await dias.first().click();
  await expect(page.getByRole('button', { name: campo })).toHaveText(diaMesAnio(fecha));
}

async function tarjetas(page: Page, esperado: DashboardRespuesta) {
  const cifras = esperado.ventas_rango_fecha;
  await expect(page.getByTestId('total-ventas')).toHaveText(moneda(cifras.total_venta_bruta));
  await expect(page.getByTestId('total-pedidos')).toHaveText(unidades(cifras.total_pedidos));
  // One figure per unit: sheets and metres are never added (docs/decisions-reportes-dinero.md, "Una unidad por cifra").
  const porUnidad = cifras.total_productos_por_unidad.map((u) => `${unidades(u.cantidad)} ${u.unidad ?? 'Sin unidad'}`);
  await expect(page.getByTestId('total-productos-unidad')).toHaveText(porUnidad.length > 0 ? porUnidad : ['0']);
}

/** The texts of a chart's axis ticks (SVG text, as recharts draws them). */
async function marcas(grafico: Locator, eje: 'x' | 'y'): Promise<string[]> {
  return grafico.locator(`.recharts-${eje === 'x' ? 'xAxis' : 'yAxis'}-tick-labels .recharts-cartesian-axis-tick-value`).allTextContents();
}

test('[DASHBOARD] el rango mueve las tarjetas y los gráficos, la tabla se filtra por referencia y se exporta', async ({ page, request }) => {
  test.setTimeout(120_000);
  await asegurarRangos(request);
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const hoy = hoyNegocio();
  const inicioAnio = `${hoy.slice(0, 4)}-01-01`;
  // A sale billed now, so the range that ends today has at least one (the demo's are billed today too).
  const cliente = await crearCliente(request, cabeceras, `Dashboard ${Date.now() % 100_000}`);
  const { ventaId, total } = await crearVentaPendiente(request, cabeceras, cliente.id, { cantidad: 2 });
  await facturarEnEfectivo(request, cabeceras, ventaId, total);

  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // The default range: 1 January to today.
  await expect(page.getByRole('button', { name: 'Fecha inicial' })).toHaveText(diaMesAnio(inicioAnio));
  await expect(page.getByRole('button', { name: 'Fecha final' })).toHaveText(diaMesAnio(hoy));
  const delAnio = await datos(request, cabeceras, inicioAnio, hoy);
  expect(delAnio.ventas_rango_fecha.total_pedidos).toBeGreaterThan(0);
  await tarjetas(page, delAnio);
  // What each card counts (docs/decisions-reportes-dinero.md, "Dashboard: la venta en su día, la anulación en el suyo").
  await expect(page.getByText(`Facturado menos anulado · antes de impuestos: ${moneda(delAnio.ventas_rango_fecha.total_venta_neta)}`)).toBeVisible();
  await expect(page.getByText('Facturados en el rango, aunque se anulen después')).toBeVisible();
  await expect(page.getByText(/^Netos de anulaciones · /)).toBeVisible();
  await expect(page.getByRole('heading', { name: `Ventas por mes ${hoy.slice(0, 4)}` })).toBeVisible();

  // The year's line: twelve Spanish months, a point up to this month (none for the months to come), and this month's
  // point says its whole total in the tooltip.
  const linea = page.getByLabel('Ventas por mes');
  const mes = Number(hoy.slice(5, 7));
  await expect(linea.locator('.recharts-line-dots circle')).toHaveCount(mes);
  expect(await marcas(linea, 'x')).toEqual(CORTOS);
  expect((await marcas(linea, 'y')).every((texto) => /^\$[\d.,]+( mil| M)?$/.test(texto))).toBe(true);
  await linea.locator('.recharts-line-dots circle').nth(mes - 1).hover();
  const totalMes = delAnio.ventas_anio.find((fila) => fila.mes_factura === mes)!.total_venta_bruta;
  await expect(linea.getByText(`Total ventas: ${moneda(totalMes)}`)).toBeVisible();
  await expect(linea.getByText(MESES[mes - 1]!, { exact: false })).toBeVisible();

  // The bars: the best sellers by reference, largest first.
  const barras = page.getByLabel('Cantidad vendida por producto');
  const top = delAnio.productos_vendidos_rango_fecha.slice(0, 10).map((p) => (p.referencia.length <= 16 ? p.referencia : `${p.referencia.slice(0, 15)}…`));
  expect(await marcas(barras, 'y')).toEqual(top);
  await capturar(page, 'dashboard-anio');

  // A range that ends yesterday (the demo's and this journey's sales are billed today): the cards and charts move.
  const ayer = ayerDe(hoy);
  const desde = `${sumarMeses(hoy, -1).slice(0, 8)}01`;
  await elegirDia(page, 'Fecha inicial', desde);
  await elegirDia(page, 'Fecha final', ayer);
  await expect(page).toHaveURL(new RegExp(`desde=${desde}&hasta=${ayer}`));
  const hastaAyer = await datos(request, cabeceras, desde, ayer);
  await tarjetas(page, hastaAyer);
  expect(hastaAyer.ventas_rango_fecha.total_venta_bruta).not.toBe(delAnio.ventas_rango_fecha.total_venta_bruta);
  await expect(page.getByRole('heading', { name: `Ventas por mes ${ayer.slice(0, 4)}` })).toBeVisible();
  if (hastaAyer.ventas_rango_fecha.total_pedidos === 0) {
    await expect(page.getByTestId('aviso-dashboard')).toContainText('No hay ventas facturadas entre las fechas elegidas.');
    await expect(page.getByText('Sin productos vendidos en el rango')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Productos vendidos' })).toContainText('No se encontraron datos');
    await expect(page.getByRole('button', { name: 'Export productos' })).toBeDisabled();
  }
  await capturar(page, 'dashboard-sin-ventas');

  // Back to today: the figures of the new range, this journey's sale among them.
  await elegirDia(page, 'Fecha final', hoy);
  const hastaHoy = await datos(request, cabeceras, desde, hoy);
  await tarjetas(page, hastaHoy);
  expect(hastaHoy.ventas_rango_fecha.total_venta_bruta).toBeGreaterThanOrEqual(total);

  // The side table: every product, then only those whose reference has the typed text (accents and case aside).
  const tabla = page.getByRole('table', { name: 'Productos vendidos' });
  const productos = hastaHoy.productos_vendidos_rango_fecha;
  await expect(tabla.locator('tbody tr')).toHaveCount(productos.length);
  const primera = productos[0]!;
  await expect(tabla.locator('tbody tr').first()).toContainText(primera.referencia);
  await expect(tabla.locator('tbody tr').first()).toContainText(`${unidades(primera.cantidad_producto)}${primera.unidad ?? 'Sin unidad'}`);
  const buscado = 'mdf-rb';
  // Case does not matter.
  await page.getByLabel('Referencia').fill('Mdf-RB');
  const filtrados = productos.filter((p) => sinAcentos(p.referencia).includes(buscado));
  expect(filtrados.length).toBeGreaterThan(0);
  await expect(tabla.locator('tbody tr')).toHaveCount(filtrados.length);
  for (const producto of filtrados) await expect(tabla).toContainText(producto.referencia);
  await expect(page.getByText(`${filtrados.length} de ${productos.length} productos`)).toBeVisible();
  await capturar(page, 'dashboard-filtro');
  await page.getByLabel('Referencia').fill('zz-no-existe');
  await expect(tabla).toContainText('No se encontraron datos');
  await page.getByLabel('Referencia').fill('');

  // Export productos: the range's products as a real .xlsx named as the spec says, quantities as numbers.
  const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export productos' }).click()]);
  expect(descarga.suggestedFilename()).toBe('Export productos.xlsx');
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile(await descarga.path());
  const hoja = libro.worksheets[0]!;
  const filas: unknown[][] = [];
  hoja.eachRow((row) => filas.push((row.values as unknown[]).slice(1)));
  expect(filas[0]).toEqual(['Referencia', 'Producto', 'Cantidad vendida', 'Unidad']);
  expect(filas.slice(1, 1 + productos.length)).toEqual(productos.map((p) => [p.referencia, p.nombre_producto, p.cantidad_producto, p.unidad ?? 'Sin unidad']));
  // After them, at most a note of the range (one cell).
  expect(filas.slice(1 + productos.length).every((fila) => fila.length === 1)).toBe(true);
});
