import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { asegurarRangos, crearCliente, crearVentaPendiente, facturarEnEfectivo, sesionApi, TIENDA, type Cabeceras } from './apoyo-ventas';

// [DESPACHOS] (spec 001 "Dispatches screen", "Public dispatch board"; docs/decisions-despachos.md): a sale billed
// without production gets its dispatch turn; a seller calls it on Despachos and dispatches it with a messenger, while
// an anonymous browser on the shop's public board (no login) sees the turn arrive in 'Próximos turnos', move to 'Turnos
// en proceso' and leave, never reloaded. Then the sale detail's own buttons: a billed sale whose turn was withdrawn by
// its production order is passed to dispatch by hand ('Pasar a despacho') and dispatched from there ('Despachar
// orden').

const MENSAJERO = 'Camilo Rendón';

interface TurnoLista {
  id: number;
  numero_turno: number;
  estado: string;
}

/** The store's pending turns of today, as the Despachos screen lists them. */
async function turnosPendientes(request: APIRequestContext, cabeceras: Cabeceras): Promise<TurnoLista[]> {
  const respuesta = await request.post('/api/despachos/turnos?per_page=100', { headers: cabeceras, data: { modo_consulta: 'pendientes' } });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  return (await respuesta.json()).data.despachos_turnos.data as TurnoLista[];
}

/**
 * Other journeys billed sales of store 001, whose turns wait on the board; the dispatcher works through them first, so
 * the board starts with room for the customer of this journey on its first page. Those journeys may be running now
 * (spec files run side by side): a turn that left the queue meanwhile (its sale annulled) is not there to dispatch.
 */
async function despacharPendientes(request: APIRequestContext, cabeceras: Cabeceras, usuarioId: number, mensajeroId: number) {
  for (const turno of await turnosPendientes(request, cabeceras)) {
    const guardado = await request.post('/api/despachos/guardar', {
      headers: cabeceras,
      data: { venta_id: turno.id, usuario_id: usuarioId, mensajero_id: mensajeroId, observacion_despacho: 'Despachado antes de la prueba' },
    });
    if (guardado.ok()) continue;
    const sigue = (await turnosPendientes(request, cabeceras)).some((t) => t.id === turno.id);
    expect(sigue, `el turno de la venta ${turno.id} sigue pendiente: ${await guardado.text()}`).toBe(false);
  }
}

async function mensajeroDemo(request: APIRequestContext, cabeceras: Cabeceras): Promise<number> {
  const respuesta = await request.get('/api/terceros?role=Mensajero&no_page=1', { headers: cabeceras });
  const mensajeros = (await respuesta.json()).data.terceros as { id: number; nombres: string; apellidos: string }[];
  return mensajeros.find((m) => `${m.nombres} ${m.apellidos}` === MENSAJERO)!.id;
}

/** The anonymous public board of store 001 on a TV-sized window, marked so that a reload would be noticed. */
async function abrirTablero(page: Page) {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`/#/publico/despachos?tienda=${TIENDA}`);
  await expect(page.getByRole('heading', { name: 'Próximos turnos' })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { sinRecargar: true }));
}

test('[DESPACHOS] una venta facturada se llama y se despacha mientras el tablero público la ve en vivo', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  await asegurarRangos(request);
  const cabeceras = await sesionApi(request, 'vendedor@tablero.test');
  const ingreso = await request.post('/api/ingreso', { data: { email: 'vendedor@tablero.test', password: 'demo1234' } });
  const vendedor = (await ingreso.json()).data as { id: number; name: string };
  await despacharPendientes(request, cabeceras, vendedor.id, await mensajeroDemo(request, cabeceras));

  // The second browser: nobody logged in, the board of store 001 as the shop's TV shows it.
  const contextoTablero = await browser.newContext();
  const tablero = await contextoTablero.newPage();
  await abrirTablero(tablero);
  expect(await tablero.evaluate(() => localStorage.getItem('tablero.sesion'))).toBeNull();
  const proximos = tablero.getByRole('table', { name: 'Próximos turnos' });
  const enProceso = tablero.getByRole('table', { name: 'Turnos en proceso' });

  // A seller's sale of boards only (no production), billed in cash: its turn arrives on the board by itself.
  const cliente = await crearCliente(request, cabeceras, `Dora ${Date.now() % 100_000}`);
  const { ventaId, total } = await crearVentaPendiente(request, cabeceras, cliente.id, { cantidad: 1 });
  await facturarEnEfectivo(request, cabeceras, ventaId, total);
  const turno = (await turnosPendientes(request, cabeceras)).find((t) => t.id === ventaId)!;
  expect(turno, 'la venta facturada sin producción recibe su turno').toBeDefined();
  // First name and the surname's initial ('Facturación', the journeys' customers' surname).
  const nombreCorto = 'Dora F.';
  // A board row: its turn number (a sale's number may be the same, so the customer too).
  const filaTablero = (tabla: typeof proximos) =>
    tabla.getByRole('row').filter({ has: tablero.getByRole('cell', { name: String(turno.numero_turno), exact: true }) }).filter({ hasText: nombreCorto });
  await expect(filaTablero(proximos)).toContainText(String(ventaId));
  // The board never shows the full name or the document.
  await expect(tablero.getByText(cliente.documento)).toHaveCount(0);
  await expect(tablero.getByText('Facturación', { exact: true })).toHaveCount(0);

  // Despachos, as the seller: the sale is pending, in the queue, with today's dates by default.
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Despachos' }).click();
  await expect(page.getByRole('heading', { name: 'Despachos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pendientes' })).toHaveAttribute('aria-pressed', 'true');
  const fila = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(ventaId), exact: true }) });
  await expect(fila).toContainText('En cola');
  await expect(fila).toContainText(cliente.documento);
  await capturar(page, 'despachos-01-pendientes');

  // Llamar turno: the dialog opens with the sale; the board moves the turn to in process with the seller's name.
  await fila.getByRole('button', { name: `Llamar turno venta ${ventaId}` }).click();
  const dialogo = page.getByRole('dialog', { name: `Despacho de la venta No. ${ventaId}` });
  await expect(dialogo).toContainText('En proceso');
  await expect(dialogo.getByRole('table', { name: 'Productos de la venta' })).toContainText('MDF-RB-15');
  await expect(fila).toContainText('En proceso');
  await expect(filaTablero(enProceso)).toContainText(nombreCorto);
  await expect(filaTablero(enProceso)).toContainText(vendedor.name.split(' ')[0]!);
  await expect(filaTablero(proximos)).toHaveCount(0);
  await capturar(tablero, 'despachos-02-tablero-en-proceso');

  // Realizar despacho: both fields are required, with the spec's message; then the messenger and an observation.
  await dialogo.getByRole('button', { name: 'Realizar despacho' }).click();
  const formulario = page.getByRole('dialog', { name: `Realizar despacho de la venta No. ${ventaId}` });
  await formulario.getByRole('button', { name: 'Realizar despacho' }).click();
  await expect(page.getByText('Debe seleccionar un mensajero y una observación').first()).toBeVisible();
  await formulario.getByRole('combobox', { name: 'Mensajero' }).click();
  await page.getByRole('option', { name: MENSAJERO }).click();
  await formulario.getByRole('textbox', { name: 'Observación' }).fill('Entregar por la puerta de carga');
  await capturar(page, 'despachos-03-realizar-despacho');
  await formulario.getByRole('button', { name: 'Realizar despacho' }).click();
  await expect(page.getByText('Despacho realizado correctamente')).toBeVisible();
  await expect(formulario).toBeHidden();
  await expect(dialogo).toBeHidden();
  await expect(fila).toHaveCount(0);
  await expect(filaTablero(enProceso)).toHaveCount(0);

  // Despachados: the sale with its dispatch date and messenger; the dialog shows who and when, without the button.
  await page.getByRole('button', { name: 'Despachados' }).click();
  await expect(fila).toContainText(MENSAJERO);
  await expect(fila).toContainText(`Despachador: ${vendedor.name}`);
  await fila.getByRole('button', { name: `Detalle venta ${ventaId}` }).click();
  await expect(dialogo).toContainText('Entregar por la puerta de carga');
  await expect(dialogo).toContainText(MENSAJERO);
  await expect(dialogo.getByRole('button', { name: 'Realizar despacho' })).toHaveCount(0);
  await capturar(page, 'despachos-04-despachado');
  await dialogo.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(dialogo).toBeHidden();

  // The customer's dispatched sales: the applied filters live in the address, so a reload finds the mode, the customer
  // and the row again.
  const filtroCliente = page.getByRole('combobox', { name: 'Cliente' });
  await filtroCliente.click();
  await filtroCliente.fill(cliente.documento);
  await page.getByRole('option', { name: new RegExp(`^${cliente.documento} - `) }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]cliente=${cliente.id}(&|$)`));
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Despachados' })).toHaveAttribute('aria-pressed', 'true');
  await expect(filtroCliente).toHaveValue(new RegExp(`^${cliente.documento} - `));
  await expect(fila).toContainText(MENSAJERO);
  await expect(page.locator('tbody tr')).toHaveCount(1);

  // Everything arrived on the board without a reload.
  expect(await tablero.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar)).toBe(true);
  await capturar(tablero, 'despachos-05-tablero');
  await contextoTablero.close();
});

test('[DESPACHOS] el detalle de la venta pasa a despacho y despacha la orden', async ({ page, request }) => {
  test.setTimeout(60_000);
  await asegurarRangos(request);
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  // A billed sale with a packing service: its production order withdraws the turn that billing gave it.
  const cliente = await crearCliente(request, cabeceras, `Elsa ${Date.now() % 100_000}`);
  const { ventaId, total } = await crearVentaPendiente(request, cabeceras, cliente.id, { lineas: [{ referencia: 'MEL-BL-18', cantidad: 1 }, { referencia: 'SERVEMPAQ', cantidad: 1 }] });
  await facturarEnEfectivo(request, cabeceras, ventaId, total);
  const orden = await request.post('/api/produccion/generar-orden', { headers: cabeceras, data: { venta_id: ventaId } });
  expect(orden.ok(), await orden.text()).toBe(true);
  expect((await turnosPendientes(request, cabeceras)).some((t) => t.id === ventaId)).toBe(false);

  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  // Pendiente por facturar, state Facturado, the sale by its customer's name.
  await page.goto('/#/facturacion');
  await page.getByRole('textbox', { name: 'Término' }).fill(cliente.documento);
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Facturado', exact: true }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: `Detalle venta ${ventaId}`, exact: true }).click();
  const detalle = page.getByRole('dialog', { name: `Detalle de la venta No. ${ventaId}` });
  await detalle.getByRole('button', { name: 'Pasar a despacho' }).click();
  const confirmacion = page.getByRole('dialog', { name: 'Pasar a despacho' });
  await confirmacion.getByRole('button', { name: 'Pasar a despacho' }).click();
  await expect(page.getByText('La venta pasó a despacho')).toBeVisible();
  expect((await turnosPendientes(request, cabeceras)).some((t) => t.id === ventaId)).toBe(true);

  // Now the detail offers 'Despachar orden', which records the dispatch.
  await detalle.getByRole('button', { name: 'Despachar orden' }).click();
  const formulario = page.getByRole('dialog', { name: `Realizar despacho de la venta No. ${ventaId}` });
  await formulario.getByRole('combobox', { name: 'Mensajero' }).click();
  await page.getByRole('option', { name: MENSAJERO }).click();
  await formulario.getByRole('textbox', { name: 'Observación' }).fill('Cliente recoge en bodega');
  await formulario.getByRole('button', { name: 'Realizar despacho' }).click();
  await expect(page.getByText('Despacho realizado correctamente')).toBeVisible();
  await expect(formulario).toBeHidden();
  await expect(detalle.getByRole('button', { name: 'Despachar orden' })).toHaveCount(0);
  await expect(detalle.getByRole('button', { name: 'Pasar a despacho' })).toHaveCount(0);
  await capturar(page, 'despachos-06-detalle-venta');
  expect((await turnosPendientes(request, cabeceras)).some((t) => t.id === ventaId)).toBe(false);
});

test('[DESPACHOS] una dirección editada con un cliente que no existe abre la lista sin ese filtro', async ({ page }) => {
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  // The customer of the address is read by its id before the list: one that does not exist is said and dropped, and
  // the rest of the address (the mode) stays.
  await page.goto('/#/despachos?modo=despachados&cliente=2147483000');
  await expect(page.getByText('No se encontró el tercero').first()).toBeVisible();
  await expect(page).not.toHaveURL(/cliente=/);
  await expect(page).toHaveURL(/[?&]modo=despachados(&|$)/);
  await expect(page.getByRole('button', { name: 'Despachados' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue('');
  await expect(page.getByTestId('espera-promedio')).toBeVisible();
});
