import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { hoyNegocio } from '@tablero/domain';
import type { IndicadoresProduccion } from '@tablero/domain';
import { formatearDuracion } from '../../apps/web/src/lib/formato';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { crearCliente, crearVentaPendiente, sesionApi, terceroPorDocumento, type Cabeceras } from './apoyo-ventas';

// [INDICADORES PRODUCCIÓN] (beyond the spec; docs/decisions-produccion.md): SuperAdministrador opens the figures from
// the menu and reads this month's (the demo's finished and suspended stages of store 001 are dated today); a packing
// stage worked meanwhile, with a lunch stop, shows up in the figures; the export downloads a real .xlsx; a range with
// nothing finished says so. At 1366 × 768 (the config's viewport). Every figure on screen is compared with the API's
// answer for the same range.

/** Óscar Operario (demo operator). */
const DOCUMENTO_OPERARIO = '1020445566';
const ALMUERZO = 5;
const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

const diaMesAnio = (fecha: string) => `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}/${fecha.slice(0, 4)}`;

async function indicadores(request: APIRequestContext, cabeceras: Cabeceras, fecha_inicial: string, fecha_final: string): Promise<IndicadoresProduccion> {
  const respuesta = await request.post('/api/produccion/indicadores', { headers: cabeceras, data: { fecha_inicial, fecha_final } });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  return (await respuesta.json()).data as IndicadoresProduccion;
}

async function pedir(request: APIRequestContext, cabeceras: Cabeceras, ruta: string, data: object) {
  const respuesta = await request.post(`/api/${ruta}`, { headers: cabeceras, data });
  expect(respuesta.ok(), `${ruta}: ${await respuesta.text()}`).toBe(true);
  return (await respuesta.json()).data;
}

/**
 * A packing stage worked through the API while the page is open: a sale of a board without a plan (its OP has only
 * Empaque, a service the demo's priority OP does not hold), prepared, started, stopped for lunch, continued, finished.
 */
async function trabajarEmpaque(request: APIRequestContext, cabeceras: Cabeceras): Promise<void> {
  const cliente = await crearCliente(request, cabeceras, `Indicadores ${Date.now() % 100_000}`);
  const { ventaId } = await crearVentaPendiente(request, cabeceras, cliente.id);
  const orden = (await pedir(request, cabeceras, 'produccion/generar-orden', { venta_id: ventaId })).orden_produccion.id as number;
  await pedir(request, cabeceras, 'produccion/proceso-etapa-orden', { orden_produccion_id: orden });
  const etapa = ((await pedir(request, cabeceras, 'produccion/panel-control', { produccion_id: orden })).ordenes_produccion_etapas as { id: number; nombre_grupo_servicio: string }[])[0]!;
  expect(etapa.nombre_grupo_servicio).toBe('Empaque');
  const operario = await terceroPorDocumento(request, cabeceras, DOCUMENTO_OPERARIO);
  const maquinas = ((await pedir(request, cabeceras, 'maquinas/produccion', { servicio: 6 })).maquinas as { id: number; estado_maquina_id: number }[]).filter((m) => m.estado_maquina_id !== 3);
  let maquina: number | undefined;
  // The first packing machine that is free (another stage may run on one).
  for (const m of maquinas) {
    const inicio = await request.post('/api/produccion/iniciar-etapa', { headers: cabeceras, data: { orden_etapa_id: etapa.id, maquina_id: m.id, operario_id: operario } });
    if (inicio.ok()) {
      maquina = m.id;
      break;
    }
  }
  expect(maquina, 'una empacadora libre').toBeDefined();
  await new Promise((listo) => setTimeout(listo, 2_000));
  await pedir(request, cabeceras, 'produccion/parar-finalizar-etapa', { produccion_etapa_id: etapa.id, motivo_suspension_id: ALMUERZO });
  await new Promise((listo) => setTimeout(listo, 1_500));
  await pedir(request, cabeceras, 'produccion/iniciar-etapa', { orden_etapa_id: etapa.id, maquina_id: maquina, operario_id: operario });
  await new Promise((listo) => setTimeout(listo, 2_000));
  await pedir(request, cabeceras, 'produccion/parar-finalizar-etapa', { produccion_etapa_id: etapa.id });
}

/** Picks a day in a Mantine date picker opened from its button (its days are named '5 marzo 2026'). */
async function elegirDia(page: Page, campo: string, fecha: string) {
  await page.getByRole('button', { name: campo }).click();
  const [anio, mes, dia] = fecha.split('-').map(Number) as [number, number, number];
  const dias = page.getByRole('button', { name: `${dia} ${MESES[mes - 1]} ${anio}`, exact: true });
  // The calendar opens on the chosen date's month: step back or forth to the wanted one.
  for (let paso = 0; paso < 24 && (await dias.count()) === 0; paso += 1) {
    const actual = (await page.locator('.mantine-DatePickerInput-calendarHeaderLevel, .mantine-CalendarHeader-calendarHeaderLevel').first().textContent()) ?? '';
    const [nombreMes = '', anioTexto = '0'] = actual.trim().toLowerCase().split(/\s+/);
    const atras = Number(anioTexto) * 12 + MESES.indexOf(nombreMes) > anio * 12 + (mes - 1);
    await page.locator(atras ? '[data-direction="previous"]' : '[data-direction="next"]').first().click();
  }
  await dias.first().click();
  await expect(page.getByRole('button', { name: campo })).toHaveText(diaMesAnio(fecha));
}

/** The summary cards say what the API says. */
async function resumen(page: Page, datos: IndicadoresProduccion) {
  await expect(page.getByTestId('resumen-etapas')).toHaveText(String(datos.resumen.etapas_finalizadas));
  // Without stages an average is a dash.
  const promedio = (segundos: number) => (datos.resumen.etapas_finalizadas > 0 ? formatearDuracion(segundos) : '—');
  await expect(page.getByTestId('resumen-trabajado')).toHaveText(promedio(datos.resumen.promedio_trabajado_segundos));
  await expect(page.getByTestId('resumen-espera')).toHaveText(promedio(datos.resumen.promedio_espera_segundos));
  await expect(page.getByTestId('resumen-suspensiones')).toHaveText(String(datos.resumen.suspensiones));
}

test('[INDICADORES PRODUCCIÓN] las cifras del mes por operario, máquina y motivo, su exportación y un rango vacío', async ({ page, request }) => {
  test.setTimeout(90_000);
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const hoy = hoyNegocio();
  const inicioMes = `${hoy.slice(0, 8)}01`;
  const demo = await indicadores(request, cabeceras, inicioMes, hoy);
  expect(demo.resumen.etapas_finalizadas, 'la demostración tiene una OP finalizada hoy').toBeGreaterThan(0);
  expect(demo.suspensiones_por_motivo.map((m) => m.nombre_tipo_motivo_suspension_produccion)).toContain('Falta de material');

  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Indicadores producción' }).click();
  await expect(page).toHaveURL(/#\/produccion\/indicadores$/);
  await expect(page.getByRole('heading', { name: 'Indicadores producción' })).toBeVisible();
  // The default range: this month up to today.
  await expect(page.getByRole('button', { name: 'Fecha inicial' })).toHaveText(diaMesAnio(inicioMes));
  await expect(page.getByRole('button', { name: 'Fecha final' })).toHaveText(diaMesAnio(hoy));
  await resumen(page, demo);
  await expect(page.getByTestId('sin-etapas')).toHaveCount(0);

  // A packing stage is worked meanwhile (2 s, a lunch stop of 1.5 s, 2 s more): reading the page again counts it.
  await trabajarEmpaque(request, cabeceras);
  const datos = await indicadores(request, cabeceras, inicioMes, hoy);
  expect(datos.resumen.etapas_finalizadas).toBe(demo.resumen.etapas_finalizadas + 1);
  await page.reload();
  await resumen(page, datos);

  // Per service, per operator (Óscar finished the packing stage) and per machine, as the API says.
  const porServicio = page.getByRole('table', { name: 'Indicadores por servicio' });
  for (const s of datos.por_servicio) {
    const fila = porServicio.getByRole('row').filter({ has: page.getByRole('cell', { name: s.nombre_grupo_servicio, exact: true }) });
    await expect(fila.getByRole('cell')).toHaveText([s.nombre_grupo_servicio, String(s.etapas_finalizadas), formatearDuracion(s.promedio_trabajado_segundos), formatearDuracion(s.promedio_espera_segundos), formatearDuracion(s.tiempo_suspendido_segundos)]);
  }
  const operarios = page.getByRole('table', { name: 'Indicadores por operario' });
  for (const o of datos.operarios) await expect(operarios).toContainText(`${o.nombres_operario} ${o.apellidos_operario}`);
  const oscar = datos.operarios.find((o) => o.nombres_operario === 'Óscar')!;
  const empaque = oscar.por_servicio.find((s) => s.nombre_grupo_servicio === 'Empaque')!;
  expect(empaque.promedio_trabajado_segundos).toBeGreaterThanOrEqual(3);
  await expect(operarios.locator(`[data-fila="${oscar.operario_id}-6"]`).getByRole('cell').last()).toHaveText(formatearDuracion(empaque.tiempo_suspendido_segundos));
  const maquinas = page.getByRole('table', { name: 'Indicadores por máquina' });
  for (const m of datos.maquinas) await expect(maquinas).toContainText(m.referencia_maquina);

  // The stops by reason: the demo's lack of material (still stopped) and this lunch.
  const motivos = page.getByRole('table', { name: 'Suspensiones por motivo' });
  for (const m of datos.suspensiones_por_motivo) {
    await expect(motivos.getByRole('row').filter({ hasText: m.nombre_tipo_motivo_suspension_produccion }).getByRole('cell').nth(1)).toHaveText(String(m.suspensiones));
  }
  await expect(motivos.getByRole('row').filter({ hasText: 'Falta de material' })).toContainText('en curso');
  // Each reason's bar is its total against the longest one.
  const mayor = datos.suspensiones_por_motivo[0]!;
  await expect(page.getByRole('progressbar', { name: `Tiempo suspendido por ${mayor.nombre_tipo_motivo_suspension_produccion}` })).toHaveAttribute('aria-valuenow', '100');
  await expect(motivos.getByRole('progressbar')).toHaveCount(datos.suspensiones_por_motivo.length);
  // What a 1366 × 768 screen shows first, then the whole page.
  await page.screenshot({ path: path.join(import.meta.dirname, '..', 'screenshots', 'produccion-indicadores-01-pantalla.png') });
  await capturar(page, 'produccion-indicadores-01-mes');
  // Dense but whole at 1366 × 768: no sideways scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // Exportar: 'Indicadores producción.xlsx' with the three sheets, times in minutes.
  const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
  expect(descarga.suggestedFilename()).toBe('Indicadores producción.xlsx');
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile(await descarga.path());
  expect(libro.worksheets.map((h) => h.name)).toEqual(['Operarios', 'Máquinas', 'Motivos de suspensión']);
  const hoja = libro.getWorksheet('Operarios')!;
  expect((hoja.getRow(1).values as unknown[]).slice(1)).toEqual(['Operario', 'Servicio', 'Etapas finalizadas', 'Tiempo trabajado promedio (min)', 'Tiempo de espera promedio (min)', 'Tiempo suspendido total (min)']);
  const filas: unknown[][] = [];
  hoja.eachRow((fila) => filas.push((fila.values as unknown[]).slice(1)));
  const filaEmpaque = filas.find((f) => f[0] === 'Óscar Operario' && f[1] === 'Empaque')!;
  expect(filaEmpaque[2]).toBe(empaque.etapas_finalizadas);
  expect(filaEmpaque[3]).toBeCloseTo(empaque.promedio_trabajado_segundos / 60, 2);

  // Last month: nothing finished (the demo is dated today), and the page says so.
  const inicioAnterior = new Date(Date.UTC(Number(hoy.slice(0, 4)), Number(hoy.slice(5, 7)) - 2, 1)).toISOString().slice(0, 10);
  const finAnterior = new Date(Date.parse(`${inicioMes}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await elegirDia(page, 'Fecha inicial', inicioAnterior);
  await elegirDia(page, 'Fecha final', finAnterior);
  await expect(page).toHaveURL(new RegExp(`desde=${inicioAnterior}&hasta=${finAnterior}`));
  const vacio = await indicadores(request, cabeceras, inicioAnterior, finAnterior);
  expect(vacio.resumen.etapas_finalizadas).toBe(0);
  await expect(page.getByTestId('sin-etapas')).toHaveText('No hay etapas finalizadas en el rango');
  await resumen(page, vacio);
  await expect(operarios).toContainText('No hay etapas finalizadas en el rango');
  await expect(motivos).toContainText('No hay suspensiones en el rango');
  await expect(page.getByRole('button', { name: 'Exportar' })).toBeDisabled();
  await capturar(page, 'produccion-indicadores-02-vacio');

  // A browser whose clock already reads tomorrow (Bogotá) asks for a range ending after the server's today: the page
  // shows the server's refusal in Spanish. Only while the session lasts past that moment.
  const manana = new Date(Date.parse(`${hoy}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const instante = Date.parse(`${manana}T00:01:00-05:00`);
  const expira = await page.evaluate(() => Date.parse((JSON.parse(localStorage.getItem('tablero.sesion') ?? '{}') as { expira_en?: string }).expira_en ?? ''));
  if (Number.isFinite(expira) && instante < expira - 60_000) {
    await page.clock.setFixedTime(instante);
    await page.goto('/#/produccion/indicadores');
    // The hash route alone does not load the page again: reload it, so it reads the moved clock.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Fecha final' })).toHaveText(diaMesAnio(manana));
    await expect(page.getByTestId('error-indicadores')).toHaveText('La fecha final no puede ser posterior a hoy');
    await expect(page.getByTestId('resumen-etapas')).toHaveText('—');
    await expect(operarios).toContainText('No se pudo cargar la lista.');
    await capturar(page, 'produccion-indicadores-03-error');
  } else {
    test.info().annotations.push({ type: 'omitido', description: 'la sesión vence antes de la medianoche de Bogotá' });
  }
});
