import { expect, test, type Request } from '@playwright/test';
import type { VentaGuardada } from '@tablero/domain';
import { capturar, ingresar } from './apoyo';
import {
  abrirPedidos,
  agregarConTeclado,
  crearCliente,
  elegirClienteConTeclado,
  esperarCantidadSeleccionada,
  leerVenta,
  sesionApi,
  totalesEnPantalla,
} from './apoyo-ventas';

/** A rigid 3 mm edge of the demo catalog (ends in 3R: its gluing service is SERVIENC33R) and a special service. */
const CANTO = 'TC-BL-22X3R';
const SERVICIO_ESPECIAL = 'SERVPERF35';

test('[VENTAS] un vendedor vende un herraje y un tablero con corte desde el teclado y los totales guardados son los de la pantalla', async ({ page, request }) => {
  await abrirPedidos(page);
  await elegirClienteConTeclado(page, '900456789', /Carpintería El Roble/);
  await agregarConTeclado(page, 'BIS-CL-35', '12');
  await agregarConTeclado(page, 'MEL-BL-18', '2');
  await agregarConTeclado(page, 'MAN-BOT-NG', '6');

  const tabla = page.getByRole('table', { name: 'Productos del pedido' });
  await expect(tabla.locator('tbody tr')).toHaveCount(3);
  await expect(page.getByLabel('Cantidad de BIS-CL-35')).toHaveValue('12');
  // Board lines get the cutting action once a customer is chosen; a hardware line does not.
  await expect(page.getByRole('button', { name: 'Solicitar descuento de BIS-CL-35' })).toBeVisible();
  const pantalla = await totalesEnPantalla(page);
  // 12 × 6,900 + 2 × 214,900 + 6 × 3,100 = 531,200 before the 19 % tax (15,732 + 81,662 + 3,534).
  expect(pantalla.total_subtotal_venta).toBe(531_200);
  expect(pantalla.total_impuestos_venta).toBe(100_928);
  expect(pantalla.total_venta).toBe(632_128);
  await capturar(page, 'ventas-pedido-teclado');

  // A quantity above the store's stock highlights its row (MEL-BL-18 has less than 200 in 001).
  await page.getByLabel('Cantidad de MEL-BL-18').fill('200');
  await page.getByLabel('Cantidad de MEL-BL-18').press('Tab');
  await expect(tabla.locator('tr[data-excede-inventario]')).toHaveCount(1);
  await page.getByLabel('Cantidad de MEL-BL-18').fill('2');
  await page.getByLabel('Cantidad de MEL-BL-18').press('Enter');
  await expect(tabla.locator('tr[data-excede-inventario]')).toHaveCount(0);

  // The board line is cut (spec 000 §2.13, §4.4): an edge, two pieces with edges and a special service, Optimizar.
  await page.getByRole('button', { name: 'Corte de MEL-BL-18' }).click();
  const corte = page.getByRole('dialog', { name: 'Despiece de corte' });
  await expect(corte).toBeVisible();
  await corte.getByRole('combobox', { name: 'Canto', exact: true }).fill(CANTO);
  await page.getByRole('option', { name: new RegExp(`^${CANTO} - `) }).click();
  await corte.getByRole('button', { name: 'Agregar canto' }).click();
  await expect(corte.getByRole('list', { name: 'Cantos' })).toContainText(CANTO);
  await corte.getByLabel('Cantidad del corte 1', { exact: true }).fill('2');
  await corte.getByLabel('Base del corte 1', { exact: true }).fill('600');
  await corte.getByLabel('Altura del corte 1', { exact: true }).fill('400');
  await corte.getByLabel('Descripción del corte 1', { exact: true }).fill('Puerta alacena');
  await corte.getByLabel('canto superior del corte 1', { exact: true }).selectOption({ label: `1. ${CANTO}` });
  await corte.getByLabel('canto inferior del corte 1', { exact: true }).selectOption({ label: `1. ${CANTO}` });
  await corte.getByLabel('Cantidad del corte 2', { exact: true }).fill('3');
  await corte.getByLabel('Base del corte 2', { exact: true }).fill('800');
  await corte.getByLabel('Altura del corte 2', { exact: true }).fill('500');
  await corte.getByLabel('canto derecho del corte 2', { exact: true }).selectOption({ label: `1. ${CANTO}` });
  await corte.getByRole('button', { name: 'Servicios especiales del corte 1' }).click();
  const servicios = page.getByRole('dialog', { name: 'Servicios especiales del corte 1' });
  await servicios.getByRole('combobox', { name: 'Servicio' }).fill(SERVICIO_ESPECIAL);
  await page.getByRole('option', { name: new RegExp(`^${SERVICIO_ESPECIAL} - `) }).click();
  await servicios.getByRole('combobox', { name: 'Lado' }).click();
  await page.getByRole('option', { name: 'Base' }).click();
  await servicios.getByLabel('Cantidad').fill('2');
  await servicios.getByRole('button', { name: 'Agregar' }).click();
  await expect(servicios.getByRole('table', { name: 'Servicios especiales' })).toContainText(SERVICIO_ESPECIAL);
  await servicios.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(servicios).toBeHidden();
  const [optimizada] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/facturas/optimizar')),
    corte.getByRole('button', { name: 'Optimizar' }).click(),
  ]);
  expect(optimizada.status()).toBe(200);
  const placas = ((await optimizada.json()).data.optimizacion.planilla.cant_placas as number) ?? 0;
  // The plan is drawn: each board as SVG with its pieces.
  await expect(corte.getByTestId('tablero-plan').first().locator('svg g.pieza').first()).toBeVisible();
  await capturar(page, 'ventas-corte-plan');
  await corte.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(corte).toBeHidden();

  // Agregar: the board line takes the board count and its service lines follow it, indented and not editable.
  // The board count is the plan's: the quantity cell is locked and says how to change it (by optimising again).
  const cantidadPlan = tabla.getByRole('row').filter({ hasText: 'MEL-BL-18' }).getByTestId('cantidad-del-plan');
  await expect(cantidadPlan).toContainText(String(placas));
  await expect(page.getByRole('textbox', { name: 'Cantidad de MEL-BL-18' })).toHaveCount(0);
  await cantidadPlan.hover();
  await expect(page.getByRole('tooltip')).toHaveText('La cantidad la define el plan de corte: ábralo con Corte para cambiarla');
  await capturar(page, 'ventas-cantidad-del-plan');
  await page.mouse.move(0, 0);
  const lineasServicio = tabla.locator('tr[data-servicio]');
  for (const referencia of ['SERVICOR1', 'SERVIENC33R', SERVICIO_ESPECIAL, CANTO]) await expect(lineasServicio.filter({ hasText: referencia })).toHaveCount(1);
  await expect(lineasServicio.locator('input')).toHaveCount(0);
  const filas = await tabla.locator('tbody tr').allInnerTexts();
  expect(filas[0]).toContain('BIS-CL-35');
  expect(filas[1]).toContain('MEL-BL-18');
  expect(filas.at(-1)).toContain('MAN-BOT-NG');
  const enPantalla = await totalesEnPantalla(page);
  await capturar(page, 'ventas-pedido-con-corte');

  // Ctrl+Enter saves from the keyboard; pressed twice it still saves once.
  let envios = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/facturas/guardar')) envios += 1;
  });
  await page.getByLabel('Referencia').focus();
  const guardado = page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar') && r.request().method() === 'POST');
  await page.keyboard.press('Control+Enter');
  await page.keyboard.press('Control+Enter');
  const respuesta = await guardado;
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  const venta = (await respuesta.json()).data as VentaGuardada;
  await expect(page.getByText('Datos guardados con éxito')).toBeVisible();
  // The form starts again for the next sale.
  await expect(tabla).not.toContainText('BIS-CL-35');
  await expect(page.getByRole('combobox', { name: /^Cliente/ })).toHaveValue('');

  const leida = await leerVenta(request, venta.venta_id);
  expect(leida.ventas_encabezado).toMatchObject({ ...enPantalla, estado_venta_id: 1, tipo_pago_id: 1, numero_documento: '900456789' });
  const tablero = leida.ventas_detalle.find((l) => l.referencia === 'MEL-BL-18')!;
  expect(tablero.cantidad_vendida).toBe(placas);
  expect(leida.ventas_detalle.filter((l) => !l.servicio_lepton).map((l) => [l.referencia, l.cantidad_vendida])).toEqual([
    ['BIS-CL-35', 12],
    ['MEL-BL-18', placas],
    ['MAN-BOT-NG', 6],
  ]);
  expect(tablero.response_lepton).toMatchObject({ piezas: [{ descripcion: 'Puerta alacena' }, { cantidad: 3 }] });
  const deLaPlaca = leida.ventas_detalle.filter((l) => l.item_padre === tablero.item);
  expect(deLaPlaca.map((l) => l.referencia).sort()).toEqual(['SERVICOR1', 'SERVIENC33R', SERVICIO_ESPECIAL, CANTO].sort());
  expect(deLaPlaca.every((l) => l.servicio_lepton)).toBe(true);
  expect(leida.ventas_detalle.find((l) => l.referencia === SERVICIO_ESPECIAL)!.cantidad_vendida).toBe(4);
  expect(envios).toBe(1);
});

/**
 * A hardware product whose price no journey changes: the order is saved three times, and the server refuses a line
 * whose price is no longer the store's (the inventory journey, running alongside, reprices COR-TEL-45).
 */
const HERRAJE = 'TOR-CONF-7X50';

test('[VENTAS] un pedido guardado en edición se vuelve a abrir desde los pedidos del cliente y se cambia', async ({ page, request }) => {
  // A customer of its own: its pending orders are this journey's alone (the billing list's journey counts a demo
  // customer's pending sales while this one runs).
  const nombres = `Marina Pedido${Date.now() % 100_000}`;
  const cliente = await crearCliente(request, await sesionApi(request, 'vendedor@tablero.test'), nombres);
  await abrirPedidos(page);
  await elegirClienteConTeclado(page, cliente.documento, new RegExp(nombres));
  await agregarConTeclado(page, HERRAJE, '3');
  await page.getByLabel('Observación', { exact: true }).fill('Entregar en la portería');
  // The line's subtotal at the store's price of the moment.
  const { total_subtotal_venta: subtotal } = await totalesEnPantalla(page);
  expect(subtotal).toBeGreaterThan(0);
  // The other tax: an order-level tax on every line's subtotal, shown as its absolute value; not an IVA, which the
  // line already pays (docs/decisions.md "Pedidos").
  await page.getByRole('combobox', { name: /^Otros impuestos/ }).click();
  await page.getByRole('option', { name: 'Impuesto al consumo 8% (8 %)' }).click();
  await expect.poll(async () => (await totalesEnPantalla(page)).total_otros_impuestos_venta).toBe(Math.round(subtotal * 8) / 100);
  await page.getByRole('button', { name: 'Agregar tarea' }).click();
  await page.getByLabel('Descripción de la tarea 1').fill('Confirmar la dirección');
  await page.getByRole('combobox', { name: /^Estado/ }).click();
  await page.getByRole('option', { name: 'En edición' }).click();
  // Anular is offered only while an existing order is edited.
  await page.getByRole('combobox', { name: /^Estado/ }).click();
  await expect(page.getByRole('option', { name: 'Anular' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const confirmacion = page.getByRole('dialog', { name: 'Pedido en edición' });
  await expect(confirmacion).toBeVisible();
  await expect(confirmacion).toContainText('El pedido se guardará en estado En edición y seguirá abierto para cambios');
  await capturar(page, 'ventas-confirmar-edicion');
  const guardado = page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar'));
  await confirmacion.getByRole('button', { name: 'Guardar en edición' }).click();
  const venta = (await (await guardado).json()).data as VentaGuardada;
  await expect(page.getByText('Datos guardados con éxito')).toBeVisible();
  await expect(page.getByText(`Pedido No. ${venta.venta_id} guardado`)).toBeVisible();
  // Kept in editing: the form stays on the order, titled by its number, and its task is now saved with its toggle.
  await expect(page.getByRole('heading', { name: `Pedido No. ${venta.venta_id}` })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Completada: Confirmar la dirección' })).toBeVisible();

  // A new order for the same customer offers the one in editing; loading it fills the form.
  await page.getByRole('button', { name: 'Nuevo pedido' }).click();
  await expect(page.getByRole('table', { name: 'Productos del pedido' })).toContainText('Agregue productos');
  await elegirClienteConTeclado(page, cliente.documento, new RegExp(nombres));
  const cargar = page.getByRole('button', { name: new RegExp(`^Cargar pedido ${venta.venta_id} `) });
  await expect(cargar).toBeVisible();
  await capturar(page, 'ventas-pedidos-en-edicion');
  await cargar.click();
  await expect(page.getByRole('heading', { name: `Pedido No. ${venta.venta_id}` })).toBeVisible();
  await expect(page.getByLabel(`Cantidad de ${HERRAJE}`)).toHaveValue('3');
  await expect(page.getByLabel('Observación', { exact: true })).toHaveValue('Entregar en la portería');
  await expect(page.getByRole('combobox', { name: /^Otros impuestos/ })).toHaveValue('Impuesto al consumo 8% (8 %)');

  // Changed: one more line, from the product search this time, and another quantity; it goes to Pendiente facturar.
  await page.getByRole('button', { name: 'Buscar producto' }).click();
  const busqueda = page.getByRole('dialog', { name: 'Buscar producto' });
  await busqueda.getByRole('textbox', { name: 'Buscar producto' }).fill('MAN-BAR-128');
  await busqueda.getByRole('row').filter({ hasText: 'MAN-BAR-128' }).click();
  await expect(busqueda).toBeHidden();
  await expect(page.getByLabel('Cantidad de MAN-BAR-128')).toBeFocused();
  await page.getByLabel(`Cantidad de ${HERRAJE}`).fill('5');
  await page.getByLabel(`Cantidad de ${HERRAJE}`).press('Tab');
  await page.getByRole('switch', { name: 'Completada: Confirmar la dirección' }).click({ force: true });
  await expect(page.getByText('Cambios guardados')).toBeVisible();
  await page.getByRole('combobox', { name: /^Estado/ }).click();
  await expect(page.getByRole('option', { name: 'Anular' })).toBeVisible();
  await page.getByRole('option', { name: 'Pendiente facturar' }).click();
  const pantalla = await totalesEnPantalla(page);
  await capturar(page, 'ventas-pedido-cargado');
  const segundo = page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar'));
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  expect((await segundo).ok()).toBe(true);
  await expect(page.getByText('Datos guardados con éxito')).toBeVisible();

  const leida = await leerVenta(request, venta.venta_id);
  expect(leida.ventas_encabezado).toMatchObject({ ...pantalla, estado_venta_id: 1, observacion_venta: 'Entregar en la portería' });
  expect(leida.ventas_detalle.map((l) => [l.referencia, l.cantidad_vendida])).toEqual([
    [HERRAJE, 5],
    ['MAN-BAR-128', 1],
  ]);
  expect(leida.ventas_tarea).toMatchObject([{ descripcion_tarea: 'Confirmar la dirección', tarea_completada: true }]);

  // The billing list's link /facturacion/crear?venta=ID loads a pending order too; there it can be annulled (3).
  await page.goto(`/#/facturacion/crear?venta=${venta.venta_id}`);
  await expect(page.getByRole('heading', { name: `Pedido No. ${venta.venta_id}` })).toBeVisible();
  await expect(page.getByLabel(`Cantidad de ${HERRAJE}`)).toHaveValue('5');
  await page.getByRole('combobox', { name: /^Estado/ }).click();
  await page.getByRole('option', { name: 'Anular' }).click();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Datos guardados con éxito')).toBeVisible();
  // The form starts again for the next sale and its address no longer names the order; only then does going to the
  // order's address load it again (the same address would be no navigation at all).
  await expect(page).toHaveURL(/#\/facturacion\/crear$/);
  expect((await leerVenta(request, venta.venta_id)).ventas_encabezado.estado_venta_id).toBe(3);
  // An annulled order is not in editing: loading it says so and goes back to the billing list.
  await page.goto(`/#/facturacion/crear?venta=${venta.venta_id}`);
  await expect(page.getByText('La factura no se encuentra en edición')).toBeVisible();
  await expect(page.getByText('Error al cargar')).toBeVisible();
  // Sent to /facturacion; until the billing list is registered there, the router shows home for that address.
  await expect(page).not.toHaveURL(/facturacion\/crear/);
  await expect(page).toHaveURL(/#\/(facturacion)?$/);
});

test('[VENTAS] un pedido sin guardar vuelve al recargar, Nuevo pedido, Volver y Atrás preguntan antes de descartarlo, y al guardarlo se ve su número', async ({ page, request }) => {
  const cabeceras = await sesionApi(request, 'vendedor@tablero.test');
  const nombres = `Lucía Borrador${Date.now() % 100_000}`;
  const cliente = await crearCliente(request, cabeceras, nombres);
  await abrirPedidos(page);
  await elegirClienteConTeclado(page, cliente.documento, new RegExp(nombres));
  // The draft goes to the server once the order has a customer and a line (docs/decisions.md "Borrador del pedido").
  const alServidor = page.waitForResponse((r) => r.url().endsWith('/api/ventas/borrador') && r.request().method() === 'PUT');
  await agregarConTeclado(page, HERRAJE, '4');
  await page.getByLabel('Observación', { exact: true }).fill('Recoge el sábado');
  expect((await alServidor).ok()).toBe(true);

  // Reloading asks the browser's own question (accepted here), and the order comes back from the browser's draft.
  page.once('dialog', (dialogo) => void dialogo.accept());
  await page.reload();
  await expect(page.getByLabel(`Cantidad de ${HERRAJE}`)).toHaveValue('4');
  await expect(page.getByRole('combobox', { name: /^Cliente/ })).toHaveValue(new RegExp(nombres));
  await expect(page.getByLabel('Observación', { exact: true })).toHaveValue('Recoge el sábado');
  await expect(page.getByText('Se recuperó el pedido sin guardar')).toBeVisible();
  await capturar(page, 'ventas-borrador-recuperado');

  // Nuevo pedido and leaving the screen ('Volver a Pendiente por facturar', the browser's Back; a menu entry is the same
  // blocker) ask first; Seguir editando keeps the order.
  const confirmacion = page.getByRole('dialog', { name: 'Pedido sin guardar' });
  await page.getByRole('button', { name: 'Nuevo pedido' }).click();
  await expect(confirmacion).toContainText('El pedido tiene cambios sin guardar');
  await capturar(page, 'ventas-borrador-confirmar-descarte');
  await confirmacion.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(confirmacion).toBeHidden();
  for (const salir of [
    () => page.getByRole('link', { name: 'Volver a Pendiente por facturar' }).click(),
    () => page.evaluate(() => history.back()),
    // The order form keeps the menu folded for room: it is opened, then an entry chosen.
    async () => {
      await page.getByRole('button', { name: 'Mostrar menú' }).click();
      await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Pendiente por facturar' }).click();
    },
  ]) {
    await salir();
    await expect(confirmacion).toBeVisible();
    await confirmacion.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(confirmacion).toBeHidden();
    await expect(page).toHaveURL(/#\/facturacion\/crear$/);
  }
  await page.getByRole('button', { name: 'Ocultar menú' }).click();
  await expect(page.getByLabel(`Cantidad de ${HERRAJE}`)).toHaveValue('4');

  // A quantity within its maximum whose line passes the largest amount says why, on the cell and in the panel.
  const cantidad = page.getByLabel(`Cantidad de ${HERRAJE}`);
  await cantidad.fill('999999999');
  await cantidad.press('Tab');
  await expect(page.getByText('El valor de la línea supera el máximo de $ 999,999,999,999: reduzca la cantidad o el precio')).toHaveCount(2);
  await capturar(page, 'ventas-linea-supera-maximo');
  // The invalid cell rewrites its text as it takes the focus, which can move fill's selection: fill until it holds.
  await cantidad.focus();
  await expect(async () => {
    await cantidad.fill('4');
    await expect(cantidad).toHaveValue('4', { timeout: 1_000 });
  }).toPass();
  await cantidad.press('Tab');
  await expect(page.getByText('El valor de la línea supera el máximo', { exact: false })).toHaveCount(0);

  // Saved: the toast keeps the spec's text and names the order's number, which the page keeps in sight.
  const guardado = page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar'));
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const venta = (await (await guardado).json()).data as VentaGuardada;
  await expect(page.getByText(`Pedido No. ${venta.venta_id} guardado`)).toBeVisible();
  await expect(page.getByText('Datos guardados con éxito')).toBeVisible();
  await expect(page.getByText(`Último pedido guardado: No. ${venta.venta_id}`)).toBeVisible();
  await capturar(page, 'ventas-pedido-guardado-con-numero');
  // The saved order leaves no draft: the form is empty and leaving it asks nothing.
  await expect(page.getByRole('table', { name: 'Productos del pedido' })).toContainText('Agregue productos');
  await page.getByRole('link', { name: 'Volver a Pendiente por facturar' }).click();
  await expect(page).toHaveURL(/#\/facturacion$/);
  await expect(confirmacion).toHaveCount(0);
});

test('[VENTAS] una venta a crédito de un cliente nuevo sin cuenta crea la cuenta en el mismo lugar y se guarda', async ({ page, request }) => {
  // A customer created in place, the account refused above the ceiling and created, the order saved: four screens
  // shot and scanned.
  test.setTimeout(120_000);
  const documento = `7${Date.now().toString().slice(-8)}`;
  await abrirPedidos(page);

  // The customer is created in place and chosen.
  await page.getByRole('button', { name: 'Crear cliente' }).click();
  const alta = page.getByRole('dialog', { name: 'Agregar tercero' });
  await alta.getByLabel('Número de documento').fill(documento);
  await alta.getByLabel('Nombres').fill('Rosa Elena');
  await alta.getByLabel('Apellidos').fill('Quintero');
  await alta.getByLabel('Correo electrónico').fill(`rosa.${documento}@correo.test`);
  await alta.getByLabel('Número celular').fill('3125556677');
  await alta.getByLabel('Dirección de residencia').fill('Calle 10 # 20-30');
  for (const [campo, texto, opcion] of [
    [/^País/, 'Colom', 'Colombia'],
    [/^Departamento/, 'Antio', 'Antioquia'],
    [/^Ciudad/, 'Medel', 'Medellín'],
  ] as const) {
    const combo = alta.getByRole('combobox', { name: campo });
    await combo.click();
    await combo.fill(texto);
    await page.getByRole('option', { name: opcion, exact: true }).click();
  }
  await alta.getByRole('button', { name: 'Guardar' }).click();
  await expect(alta).toBeHidden();
  await expect(page.getByRole('combobox', { name: /^Cliente/ })).toHaveValue(`${documento} - Rosa Elena Quintero`);

  await page.getByLabel('Referencia').fill('TOR-AGL-4X40');
  await page.getByLabel('Referencia').press('Enter');
  await esperarCantidadSeleccionada(page, 'TOR-AGL-4X40');
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Referencia')).toBeFocused();
  await page.getByRole('combobox', { name: /^Tipo de pago/ }).click();
  await page.getByRole('option', { name: 'Crédito' }).click();

  // spec 000 §8: no account; cancelling asks to switch to cash.
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const aviso = page.getByRole('dialog', { name: 'Cuenta crédito' });
  await expect(aviso).toContainText('El cliente Rosa Elena Quintero no tiene una cuenta crédito');
  await capturar(page, 'ventas-sin-cuenta-credito');
  await aviso.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Debe cambiar la forma de pago a contado')).toBeVisible();

  // Creating the account in place, then the save goes on by itself. A seller sees the ceiling under the quota
  // (parameter CUPO_MAXIMO_VENDEDOR, $ 5,000,000 by migration) and a quota above it is refused on the field, with
  // nothing sent (docs/decisions.md "Quién mueve el dinero de un crédito").
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await aviso.getByRole('button', { name: 'Crear cuenta crédito' }).click();
  const cuenta = page.getByRole('dialog', { name: 'Crear cuenta crédito' });
  await expect(cuenta.getByLabel('Cliente')).toHaveValue(`${documento} - Rosa Elena Quintero`);
  await expect(cuenta.getByText('Cupo máximo: $ 5,000,000')).toBeVisible();
  let enviadas = 0;
  const contar = (r: Request) => {
    if (r.url().includes('/api/cuentas-credito/')) enviadas += 1;
  };
  page.on('request', contar);
  await cuenta.getByLabel('Total cupo permitido').fill('50000000');
  await cuenta.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    cuenta.getByText('El cupo de una cuenta creada desde el pedido no puede superar $ 5,000,000. Un cupo mayor lo asigna un administrador en Cuentas crédito'),
  ).toBeVisible();
  await expect(cuenta.getByLabel('Total cupo permitido')).toHaveAttribute('aria-invalid', 'true');
  await capturar(page, 'ventas-crear-cuenta-credito-sobre-el-tope');
  page.off('request', contar);
  expect(enviadas).toBe(0);
  await cuenta.getByLabel('Total cupo permitido').fill('2000000');
  // The account's term, 30 days unless changed (docs/decisions-factura-electronica.md, "Venta a crédito").
  await expect(cuenta.getByLabel(/^Plazo \(días\)/)).toHaveValue('30');
  await cuenta.getByLabel(/^Plazo \(días\)/).fill('60');
  await capturar(page, 'ventas-crear-cuenta-credito');
  const creada = page.waitForResponse((r) => r.url().endsWith('/api/cuentas-credito/pedido'));
  const guardado = page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar'));
  await cuenta.getByRole('button', { name: 'Guardar' }).click();
  expect((await creada).ok()).toBe(true);
  const respuesta = await guardado;
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  await expect(page.getByText('Datos guardados con éxito')).toBeVisible();

  const leida = await leerVenta(request, ((await respuesta.json()).data as VentaGuardada).venta_id);
  expect(leida.ventas_encabezado).toMatchObject({ tipo_pago_id: 2, credito: true, numero_documento: documento, total_venta: 29_512 });
  const creadaCuenta = await request.get(`/api/cuentas-credito/tercero/${leida.ventas_encabezado.cliente_id}`, { headers: await sesionApi(request, 'vendedor@tablero.test') });
  expect((await creadaCuenta.json()).data.cuenta_credito_cliente.plazo_dias).toBe(60);
});

test('[VENTAS] un operario vende en Pedidos pero no ve Crear cliente, que es de los roles que crean clientes', async ({ page }) => {
  await ingresar(page, 'operario@tablero.test');
  // Its only store is chosen by itself (the page reloads once).
  await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Pedidos' }).click();
  await expect(page).toHaveURL(/#\/facturacion\/crear$/);
  await expect(page.getByRole('combobox', { name: /^Cliente/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear cliente' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
});
