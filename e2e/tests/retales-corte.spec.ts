import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { CONCEPTOS_ANULACION, PARAMETROS_CORTE_POR_DEFECTO, type Optimizacion, type Retal, type RetalPrevisto } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { crearCliente, crearVentaPendiente, facturarEnEfectivo, sesionApi, type Cabeceras } from './apoyo-ventas';

// [RETALES CORTE] (docs/decisions-retales.md): the offcuts a sale's cut leaves are kept as the store's stock, and the
// next sale of the same material cuts them before new boards. Sale 1 leaves two large leftovers and is billed without
// an OP (billing is its cut): two kept offcuts. Sale 2, on the order form, takes the store's offcuts in the cutting
// dialog ('Usar los que más ahorren'), needs one board fewer (2 alone, 1 with the offcut), is billed, goes to
// production, and the operator finishes its Corte stage seeing the leftovers to keep (one discarded as damaged) and
// the offcut to use, which is then consumed; annulling sale 2 gives it back.
//
// All of it in store 002 (Norte), as SuperAdministrador (who passes every role, the operator's screen included): the
// demo store 001 always has a priority OP waiting for cutting (the production journeys' rule), which would refuse
// this sale's Corte stage; and with a board product of its own, the store's offcuts of that material are this
// journey's alone, so their count can be asserted.

const TIENDA = '002';
const NOMBRE_TIENDA = '002 - Norte';
const OPERARIO = '1152334455 - Yeison Mesa Corte';
const SIN_CANTOS = { canto_base_top: null, canto_base_bottom: null, canto_altura_left: null, canto_altura_right: null, lista_servicios_especiales: [] };

/** The journey's own board material: the demo white board's group, line, tax and supplier, 2440 × 2150 mm. */
async function crearTablero(request: APIRequestContext, cabeceras: Cabeceras): Promise<{ id: number; referencia: string }> {
  const modelo = (await (await request.get('/api/productos/codigo/MEL-BL-15', { headers: cabeceras })).json()).data.producto;
  const referencia = `RCT-${randomInt(100_000, 999_999)}`;
  const creado = await request.post('/api/productos/crear', {
    headers: cabeceras,
    data: {
      referencia,
      nombre_producto: `Tablero de retales ${referencia}`,
      precio_unitario: 180_000,
      cantidad: 30,
      impuesto_id: modelo.impuesto_id,
      proveedor_id: modelo.proveedor_id,
      grupo_id: modelo.grupo_id,
      linea_id: modelo.linea_id,
      medida_largo: 2440,
      medida_ancho: 2150,
      codigo_tienda: TIENDA,
    },
  });
  expect(creado.ok(), await creado.text()).toBe(true);
  return { id: (await creado.json()).data.id as number, referencia };
}

async function pedir<T>(request: APIRequestContext, cabeceras: Cabeceras, metodo: 'get' | 'post' | 'put', ruta: string, data?: object): Promise<T> {
  const respuesta = await request[metodo](`/api/${ruta}`, { headers: cabeceras, ...(data ? { data } : {}) });
  expect(respuesta.ok(), `${ruta}: ${await respuesta.text()}`).toBe(true);
  return (await respuesta.json()).data as T;
}

/** Every offcut of the material, in any state, by code (Bodega's list). */
async function retalesDelMaterial(request: APIRequestContext, cabeceras: Cabeceras, productoId: number): Promise<Map<string, Retal>> {
  const datos = await pedir<{ retales: { data: Retal[] } }>(request, cabeceras, 'get', `retales?estado=TODOS&producto_id=${productoId}&per_page=100`);
  return new Map(datos.retales.data.map((retal) => [retal.codigo, retal]));
}

/** Fills a cut row: quantity, base and height. */
async function escribirCorte(dialogo: Locator, numero: number, [cantidad, base, altura]: [number, number, number]) {
  await dialogo.getByLabel(`Cantidad del corte ${numero}`, { exact: true }).fill(String(cantidad));
  await dialogo.getByLabel(`Base del corte ${numero}`, { exact: true }).fill(String(base));
  await dialogo.getByLabel(`Altura del corte ${numero}`, { exact: true }).fill(String(altura));
}

/** The page does not scroll sideways. */
async function sinDesbordeLateral(page: Page, pantalla: string) {
  const { ancho, visible } = await page.evaluate(() => ({ ancho: document.documentElement.scrollWidth, visible: document.documentElement.clientWidth }));
  expect(ancho, `${pantalla}: sin desplazamiento lateral`).toBeLessThanOrEqual(visible);
}

test('[RETALES CORTE] los sobrantes de un corte quedan como retales, otra venta los usa y ahorra un tablero, el operario los guarda y la anulación los devuelve', async ({ page, request }) => {
  test.setTimeout(120_000);
  const cabeceras = { ...(await sesionApi(request, 'superadmin@tablero.test')), 'x-codigo-tienda': TIENDA };
  const tablero = await crearTablero(request, cabeceras);
  const cliente = await crearCliente(request, cabeceras, `Retales ${Date.now() % 100_000}`);

  // Sale 1: one 1200 × 1000 piece on a 2440 × 2150 board leaves two large leftovers. Planned as the dialog does
  // (facturas/optimizar), saved with the plan and billed in cash without an OP: billing is its cut.
  const plan1 = await pedir<{ optimizacion: Optimizacion }>(request, cabeceras, 'post', 'facturas/optimizar', {
    piezas: [{ cantidad: 1, base: 1200, altura: 1000, rotacion: false, descripcion: 'Costado', ...SIN_CANTOS }],
    retales: [],
    nombres: 'Retales',
    apellidos: 'Prueba',
    numero_documento: cliente.documento,
    referencia: tablero.referencia,
    despiece_retales: false,
    canto: true,
    modo_etiquetas: 2,
    parametros: PARAMETROS_CORTE_POR_DEFECTO,
  });
  const lepton1 = {
    url_planos: plan1.optimizacion.planilla.url_planos,
    url_labels: plan1.optimizacion.planilla.url_labels,
    tapacantos: [],
    piezas: [{ cantidad: 1, base: 1200, altura: 1000, rotacion: false, descripcion: 'Costado', ...SIN_CANTOS }],
    retales: [],
    parametros: { ...PARAMETROS_CORTE_POR_DEFECTO },
    despiece_retales: false,
    cobrar_canto: true,
    visualiza_configuracion: false,
    optimizacion: plan1.optimizacion,
  };
  const venta1 = await crearVentaPendiente(request, cabeceras, cliente.id, { lineas: [{ referencia: tablero.referencia, cantidad: 1, lepton: lepton1 }] });
  await facturarEnEfectivo(request, cabeceras, venta1.ventaId, venta1.total);
  const corte1 = await pedir<{ cortada: boolean; retales: RetalPrevisto[] }>(request, cabeceras, 'get', `retales/venta/${venta1.ventaId}`);
  expect(corte1.cortada).toBe(true);
  expect(corte1.retales).toHaveLength(2);
  expect(corte1.retales.every((retal) => retal.estado === 'DISPONIBLE' && retal.codigo.startsWith(`R${plan1.optimizacion.id}-1`))).toBe(true);
  const codigos1 = corte1.retales.map((retal) => retal.codigo);

  // Sale 2 on the order form: the cutting dialog lists the store's two offcuts of the material, largest first.
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, NOMBRE_TIENDA);
  await page.goto('/#/facturacion/crear');
  await page.getByRole('combobox', { name: /^Cliente/ }).fill(cliente.documento);
  await page.getByRole('option', { name: new RegExp(`^${cliente.documento} - `) }).click();
  const referencia = page.getByRole('textbox', { name: 'Referencia' });
  await referencia.fill(tablero.referencia);
  await referencia.press('Enter');
  const abierto = page.waitForResponse((r) => r.url().includes('/api/retales/disponibles'));
  await page.getByRole('button', { name: `Corte de ${tablero.referencia}` }).click();
  const dialogo = page.getByRole('dialog', { name: 'Despiece de corte' });
  expect((await abierto).ok()).toBe(true);
  const seccion = dialogo.getByTestId('retales-tienda');
  await expect(seccion).toContainText('Retales de la tienda (2)');
  const filas = seccion.getByRole('table', { name: 'Retales de la tienda' }).locator('tbody tr');
  await expect(filas).toHaveCount(2);
  const porArea = [...corte1.retales].sort((a, b) => b.base * b.altura - a.base * a.altura).map((retal) => retal.codigo);
  await expect(filas.nth(0)).toHaveAttribute('data-retal', porArea[0]!);
  await expect(filas.nth(1)).toHaveAttribute('data-retal', porArea[1]!);
  // The focus starts in the first quantity, as always; the checkboxes are reached from the keyboard.
  await expect(dialogo.getByLabel('Cantidad del corte 1', { exact: true })).toBeFocused();
  const ultimaCasilla = seccion.getByRole('checkbox', { name: `Usar el retal ${porArea[1]}` });
  for (let i = 0; i < 8 && !(await ultimaCasilla.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
  await expect(ultimaCasilla).toBeFocused();
  await page.keyboard.press('Space');
  await expect(ultimaCasilla).toBeChecked();
  await capturar(page, 'retales-corte-dialogo');

  // 'Usar los que más ahorren': both go into the plan as offcut rows, offcut mode on.
  await seccion.getByRole('button', { name: 'Usar los que más ahorren' }).click();
  await expect(dialogo.getByRole('tab', { name: 'Retales (2)' })).toBeVisible();
  await dialogo.getByRole('tab', { name: /^Cortes/ }).click();
  // A 2000 × 1500 piece leaves no room on its board for a 1100 × 1000 one: two boards alone; one with an offcut.
  await escribirCorte(dialogo, 1, [1, 2000, 1500]);
  await escribirCorte(dialogo, 2, [1, 1100, 1000]);
  const [respuesta] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/facturas/optimizar')),
    dialogo.getByRole('button', { name: 'Optimizar' }).click(),
  ]);
  expect(respuesta.status(), await respuesta.text()).toBe(200);
  const plan2 = (await respuesta.json()).data.optimizacion as Optimizacion;
  expect(plan2.retales_usados).toHaveLength(1);
  const usado = plan2.retales_usados[0]!.codigo;
  const libre = codigos1.find((codigo) => codigo !== usado)!;
  await expect(dialogo.getByTestId('ahorro-retales')).toHaveText('Sin retales: 2 tableros · con retales: 1');
  await expect(dialogo.getByTestId('retales-del-plan')).toContainText(usado);
  await expect(dialogo.getByTestId('tablero-plan').filter({ hasText: `(${usado})` })).toHaveCount(1);
  // The offcut the plan does not use is unticked: it stays free.
  await expect(seccion.getByRole('checkbox', { name: `Usar el retal ${usado}` })).toBeChecked();
  await expect(seccion.getByRole('checkbox', { name: `Usar el retal ${libre}` })).not.toBeChecked();
  await expect(dialogo.getByRole('tab', { name: 'Retales (1)' })).toBeVisible();
  await capturar(page, 'retales-corte-plan');
  await dialogo.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(dialogo).toBeHidden();

  const [guardado] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar')), page.getByRole('button', { name: 'Guardar', exact: true }).click()]);
  expect(guardado.ok(), await guardado.text()).toBe(true);
  const venta2 = (await guardado.json()).data.venta_id as number;
  await expect(page.getByText(`Pedido No. ${venta2} guardado`)).toBeVisible();
  // Saved, not billed: the offcut is still free (the order only names it).
  expect((await retalesDelMaterial(request, cabeceras, tablero.id)).get(usado)?.estado).toBe('DISPONIBLE');

  // Its OP before billing (Generar orden producción, Pendientes facturar): billed with an OP, the sale is cut by its
  // Corte stage, not by its bill.
  await page.goto('/#/produccion/generar');
  await page.getByRole('button', { name: 'Pendientes facturar' }).click();
  // The mode lives in the address, as the other filters do: a reload keeps it.
  await expect(page).toHaveURL(/[?&]modo=facturar(&|$)/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Pendientes facturar' })).toHaveAttribute('aria-pressed', 'true');
  const filaVenta = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(venta2), exact: true }) });
  await filaVenta.getByRole('button', { name: `Crear OP venta ${venta2}` }).click();
  await page.getByRole('dialog', { name: 'Crear OP' }).getByRole('button', { name: 'Crear OP' }).click();
  await expect(page.getByText('Orden de producción generado')).toBeVisible();
  const total2 = (await pedir<{ ventas_encabezado: { total_venta: number } }>(request, cabeceras, 'get', `ventas/${venta2}`)).ventas_encabezado.total_venta;
  await facturarEnEfectivo(request, cabeceras, venta2, total2);
  // Billed, not cut yet: the offcut is held for it.
  expect((await retalesDelMaterial(request, cabeceras, tablero.id)).get(usado)?.estado).toBe('RESERVADO');
  const panel = await pedir<{ ordenes_produccion: { id: number; venta_id: number }[] }>(request, cabeceras, 'post', 'produccion/panel-control', {});
  const orden = panel.ordenes_produccion.find((o) => o.venta_id === venta2)!;
  await pedir(request, cabeceras, 'post', 'produccion/proceso-etapa-orden', { orden_produccion_id: orden.id });
  const etapas = (await pedir<{ ordenes_produccion_etapas: { id: number; nombre_grupo_servicio: string }[] }>(request, cabeceras, 'post', 'produccion/panel-control', { produccion_id: orden.id }))
    .ordenes_produccion_etapas;
  const corte = etapas.find((e) => e.nombre_grupo_servicio === 'Corte')!;

  // Gestionar: the operator starts the Corte stage on a free saw.
  await page.goto('/#/produccion/gestion-etapa');
  await page.getByRole('combobox', { name: 'Operario' }).click();
  await page.getByRole('option', { name: OPERARIO }).click();
  await page.getByTestId('gestion-servicio-1').click();
  const libreMaquina = page.locator('[data-testid^="gestion-maquina-"]:not([disabled])').filter({ hasText: 'Disponible' }).first();
  const maquina = page.getByTestId((await libreMaquina.getAttribute('data-testid'))!);
  await maquina.click();
  await expect(maquina).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId(`gestion-etapa-pendiente-${corte.id}`).getByRole('button', { name: 'Seleccionar' }).click();
  await page.getByTestId('gestion-iniciar').click();
  await expect(page.getByText('Etapa iniciada')).toHaveCount(1);

  // Etapas en proceso: the card lists the leftovers to keep (with their codes) and the offcut to use.
  await page.getByTestId('gestion-modo').getByText('Etapas en proceso').click();
  const tarjeta = page.getByTestId(`gestion-etapa-proceso-${corte.id}`);
  const corte2 = await pedir<{ retales: RetalPrevisto[] }>(request, cabeceras, 'get', `retales/venta/${venta2}`);
  expect(corte2.retales.length).toBeGreaterThan(0);
  expect(corte2.retales.every((retal) => retal.estado === 'PREVISTO')).toBe(true);
  await expect(tarjeta).toContainText(`Retales a guardar (${corte2.retales.length})`);
  await expect(tarjeta).toContainText('Retales a usar (1)');
  for (const retal of corte2.retales) await expect(tarjeta.locator(`[data-retal="${retal.codigo}"]`)).toContainText('Se guardará');
  await expect(tarjeta.locator(`[data-retal-usado="${usado}"]`)).toBeVisible();
  // One came out damaged: discarded.
  const danado = corte2.retales[0]!.codigo;
  await tarjeta.getByRole('switch', { name: `Descartar el retal ${danado}` }).check();
  await expect(tarjeta.locator(`[data-retal="${danado}"]`)).toContainText('Se descartará');
  await capturar(page, 'retales-corte-etapa');
  // The shop tablet held upright: nothing scrolls sideways.
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect(tarjeta).toContainText('Retales a usar (1)');
  await sinDesbordeLateral(page, 'Gestionar con retales en tableta');
  await capturar(page, 'retales-corte-etapa-tableta');
  await page.setViewportSize({ width: 1366, height: 768 });

  const [finalizada] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/produccion/parar-finalizar-etapa')),
    (async () => {
      await tarjeta.getByRole('button', { name: 'Finalizar etapa' }).click();
      const confirmacion = page.getByRole('dialog', { name: 'Finalizar etapa' });
      await expect(confirmacion).toContainText('se descarta 1');
      await confirmacion.getByRole('button', { name: 'Finalizar etapa' }).click();
    })(),
  ]);
  expect(finalizada.postDataJSON()).toMatchObject({ produccion_etapa_id: corte.id, accion: 'finalizar', retales_descartados: [corte2.retales[0]!.clave] });
  await expect(tarjeta).toHaveCount(0);

  // Cut: the offcut used is consumed; the damaged leftover was not kept; the others are the store's offcuts now.
  await expect
    .poll(async () => (await pedir<{ cortada: boolean }>(request, cabeceras, 'get', `retales/venta/${venta2}`)).cortada)
    .toBe(true);
  const trasCorte = await retalesDelMaterial(request, cabeceras, tablero.id);
  expect(trasCorte.get(usado)?.estado).toBe('CONSUMIDO');
  expect(trasCorte.get(libre)?.estado).toBe('DISPONIBLE');
  expect(trasCorte.get(danado)?.estado ?? 'DESCARTADO').toBe('DESCARTADO');
  for (const retal of corte2.retales.slice(1)) expect(trasCorte.get(retal.codigo)?.estado).toBe('DISPONIBLE');

  // Annulling sale 2 gives the offcut back to the store.
  const anulada = await request.put(`/api/facturas/${venta2}/anular`, { headers: cabeceras, data: { concepto_nota: CONCEPTOS_ANULACION[0], motivo: 'Prueba de retales: el cliente desistió' } });
  expect(anulada.ok(), await anulada.text()).toBe(true);
  expect((await retalesDelMaterial(request, cabeceras, tablero.id)).get(usado)?.estado).toBe('DISPONIBLE');

  // The offcut calculator sells a kept offcut: 'Desde un retal guardado' takes its measures and its id to the line.
  const enInventario = corte1.retales.find((retal) => retal.codigo === libre)!;
  await page.goto('/#/');
  await page.getByRole('main').getByRole('button', { name: 'Retales' }).click();
  const calculadora = page.getByRole('dialog', { name: 'Calculadora de retales' });
  await expect(calculadora.getByLabel('Base (mm)')).toBeFocused();
  await calculadora.getByRole('button', { name: 'Desde un retal guardado' }).click();
  await calculadora.getByRole('combobox', { name: 'Material del retal' }).fill(tablero.referencia);
  await page.getByRole('option', { name: new RegExp(`^${tablero.referencia} - `) }).click();
  await calculadora.getByRole('combobox', { name: 'Retal guardado' }).click();
  await page.getByRole('option', { name: new RegExp(`^${libre} · `) }).click();
  await expect(calculadora.getByLabel('Base (mm)')).toHaveValue(new RegExp(`^${enInventario.base.toLocaleString('en-US')}$|^${enInventario.base}$`));
  await expect(calculadora.getByTestId('retal-vinculado')).toContainText(libre);
  // A size typed by hand is no longer the kept offcut's: the link goes, and comes back with its measures.
  await calculadora.getByLabel('Base (mm)').fill(String(enInventario.base - 100));
  await expect(calculadora.getByTestId('retal-desvinculado')).toContainText(libre);
  await capturar(page, 'retales-corte-calculadora');
  await calculadora.getByLabel('Base (mm)').fill(String(enInventario.base));
  await expect(calculadora.getByTestId('retal-vinculado')).toBeVisible();
  const [cotizado] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/api/facturas/retal')), calculadora.getByRole('button', { name: 'Crear venta' }).click()]);
  expect(cotizado.postDataJSON()).toMatchObject({ base: enInventario.base, altura: enInventario.altura, retal_id: enInventario.retal_id });
  await expect(page.getByTestId('retal-linea')).toContainText(`Retal ${libre} · `);
  await capturar(page, 'retales-corte-linea-retal');
});
