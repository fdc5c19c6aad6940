import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { calcularDescuento, type VentaGuardada } from '@tablero/domain';
import { capturar, ingresar } from './apoyo';
import { abrirPedidos, agregarConTeclado, CLAVE_VENDEDOR_PRUEBA, crearVendedor, elegirClienteConTeclado, leerVenta, sesionApi, totalesEnPantalla } from './apoyo-ventas';

// Every journey that requests or decides a discount of store 001 is in this file, so they run one after another: the
// approver's menu counts the store's pending requests, and another file's request would move that count. The requests
// are the file's own seller's (crearVendedor): a decision's notice goes to the requesting seller's every screen, and
// would land on other journeys' pages logged in as the demo seller, over the buttons they are about to click.

let vendedorPropio: { email: string };

test.beforeAll(async ({ request }) => {
  vendedorPropio = await crearVendedor(request, 'Descuentos');
});

const TIENDA = '001';
/**
 * A demo product found by its reference (the list's first product is the newest: the products journey creates one and
 * renames it while this file runs).
 */
const PRODUCTO = 'MAN-BOT-NG';

interface Solicitud {
  nombreProducto: string;
  porcentaje: number;
}

/** A discount request of the file's seller in store 001 through POST descuentos/solicitar/guardar, as the order form sends it. */
async function solicitarDescuento(request: APIRequestContext, porcentaje: number): Promise<Solicitud> {
  const cabeceras = await sesionApi(request, vendedorPropio.email, CLAVE_VENDEDOR_PRUEBA);
  const clientes = (await (await request.get('/api/terceros?query=didier', { headers: cabeceras })).json()).data.terceros.data as { id: number }[];
  const productos = (await (await request.get('/api/productos?no_page=1', { headers: cabeceras })).json()).data.productos as {
    id: number;
    referencia: string;
    nombre_producto: string;
    precio_unitario: number;
  }[];
  const cliente = clientes[0]!;
  const producto = productos.find((p) => p.referencia === PRODUCTO)!;
  const cifras = calcularDescuento({ cantidad_solicitada: 3, precio_unitario: producto.precio_unitario, porcentaje_descuento: porcentaje })!;
  const respuesta = await request.post('/api/descuentos/solicitar/guardar', {
    headers: cabeceras,
    data: {
      porcentaje_descuento: porcentaje,
      tercero_id: cliente.id,
      producto_id: producto.id,
      cantidad_solicitada: 3,
      precio_unitario: producto.precio_unitario,
      sub_total: cifras.sub_total,
      codigo_tienda: TIENDA,
    },
  });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  expect((await respuesta.json()).message).toBe('Descuento solicitado con éxito');
  return { nombreProducto: producto.nombre_producto, porcentaje };
}

/**
 * A percentage no earlier run used (with 2 decimals), so the row is told apart in a database that keeps old runs.
 * Summed in hundredths and divided once: `22 + 0.01` is 22.009999999999998, which the server rightly refuses as 3 decimals.
 */
function porcentajeUnico(desde: number): number {
  return (desde * 100 + (Date.now() % 1000)) / 100;
}

const filaDe = (page: Page, porcentaje: number) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: `${porcentaje} %`, exact: true }) });

test('[DESCUENTOS] el administrador aprueba una solicitud y rechaza otra, cada una con su confirmación', async ({ page, request }) => {
  const aprobar = await solicitarDescuento(request, porcentajeUnico(20));
  const rechazar = await solicitarDescuento(request, porcentajeUnico(50));

  await page.setViewportSize({ width: 1366, height: 768 });
  await ingresar(page, 'admin@tablero.test');
  // The demo administrator works in store 001 only: it is chosen for him.
  await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Descuentos solicitados' }).click();
  await expect(page.getByRole('heading', { name: 'Descuentos solicitados' })).toBeVisible();

  const fila = filaDe(page, aprobar.porcentaje);
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText(aprobar.nombreProducto);
  await expect(fila).toContainText(/Didier/i);
  await expect(fila).toContainText('Descuentos Vendedor');
  await expect(fila.getByText('Pendiente')).toBeVisible();
  await capturar(page, 'descuentos-solicitados');

  // Aprobar asks first; the list reloads with the new state and no buttons.
  await fila.getByRole('button', { name: `Aprobar descuento de ${aprobar.nombreProducto}` }).click();
  const confirmar = page.getByRole('dialog', { name: 'Aprobar descuento' });
  await expect(confirmar).toContainText('¿Desea aprobar este descuento?');
  await capturar(page, 'descuentos-aprobar-confirmacion');
  await confirmar.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Descuento aprobado')).toBeVisible();
  await expect(confirmar).toBeHidden();
  await expect(fila.getByText('Aprobado')).toBeVisible();
  await expect(fila.getByRole('button', { name: /Aprobar|Rechazar/ })).toHaveCount(0);

  const otra = filaDe(page, rechazar.porcentaje);
  await otra.getByRole('button', { name: `Rechazar descuento de ${rechazar.nombreProducto}` }).click();
  const confirmarRechazo = page.getByRole('dialog', { name: 'Rechazar descuento' });
  await expect(confirmarRechazo).toContainText('¿Desea rechazar este descuento?');
  await confirmarRechazo.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText('Descuento rechazado')).toBeVisible();
  await expect(otra.getByText('Rechazado')).toBeVisible();
  await expect(otra).toContainText('Andrés Administrador');
  await capturar(page, 'descuentos-decididos');

  // The Aprobado filter shows the approved one and not the rejected one.
  await page.getByText('Aprobado', { exact: true }).first().click();
  await expect(filaDe(page, aprobar.porcentaje)).toHaveCount(1);
  await expect(filaDe(page, rechazar.porcentaje)).toHaveCount(0);
  await capturar(page, 'descuentos-filtro-aprobado');
});

/** The approver's count beside 'Descuentos solicitados' in the menu (0 when the badge is not shown). */
async function pendientesEnMenu(page: Page): Promise<number> {
  const insignia = page.getByRole('navigation', { name: 'Menú principal' }).getByTestId('pendientes-descuentos');
  if ((await insignia.count()) === 0) return 0;
  return Number(await insignia.textContent());
}

test('[DESCUENTOS] en tiempo real: el vendedor ve la aprobación sin recargar, y el menú del aprobador cuenta las pendientes', async ({ browser, request }) => {
  const delVendedor = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const delAdmin = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const vendedor = await delVendedor.newPage();
  const admin = await delAdmin.newPage();

  // The seller is on home, doing nothing; the approver opens the requested discounts of store 001.
  await ingresar(vendedor, vendedorPropio.email, CLAVE_VENDEDOR_PRUEBA);
  await ingresar(admin, 'admin@tablero.test');
  await admin.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Descuentos solicitados' }).click();
  await expect(admin.getByRole('heading', { name: 'Descuentos solicitados' })).toBeVisible();
  await expect(admin.getByRole('table')).toBeVisible();
  const menu = admin.getByRole('navigation', { name: 'Menú principal' });
  await expect.poll(() => pendientesEnMenu(admin)).toBeGreaterThan(0);
  const antes = await pendientesEnMenu(admin);
  // Both screens are connected before anything happens (the socket opens after login).
  await vendedor.waitForLoadState('networkidle');
  await admin.waitForLoadState('networkidle');

  // A new request shows on the approver's screen and in the menu's count without reloading.
  const solicitud = await solicitarDescuento(request, porcentajeUnico(30));
  const fila = filaDe(admin, solicitud.porcentaje);
  await expect(fila).toHaveCount(1);
  await expect(menu.getByTestId('pendientes-descuentos')).toHaveText(String(antes + 1));
  await expect(menu.getByLabel(`${antes + 1} descuentos pendientes`)).toBeVisible();
  await capturar(admin, 'descuentos-tiempo-real-pendientes');

  // The approver approves it: the seller, still on home, is told; the approver's count drops.
  await fila.getByRole('button', { name: `Aprobar descuento de ${solicitud.nombreProducto}` }).click();
  await admin.getByRole('dialog', { name: 'Aprobar descuento' }).getByRole('button', { name: 'Aprobar' }).click();
  await expect(fila.getByText('Aprobado')).toBeVisible();
  await expect.poll(() => pendientesEnMenu(admin)).toBe(antes);

  const aviso = vendedor.getByRole('alert').filter({ hasText: 'Descuento aprobado' });
  await expect(aviso).toBeVisible();
  await expect(aviso).toContainText(`${solicitud.porcentaje} % en ${solicitud.nombreProducto}`);
  await expect(aviso).toContainText('Aprobado por Andrés Administrador');
  await expect(vendedor).toHaveURL(/#\/$/);
  await capturar(vendedor, 'descuentos-tiempo-real-aviso-vendedor');
  await capturar(admin, 'descuentos-tiempo-real-aprobador');

  // A rejection is told too, as a warning.
  const rechazada = await solicitarDescuento(request, porcentajeUnico(60));
  const otraFila = filaDe(admin, rechazada.porcentaje);
  await otraFila.getByRole('button', { name: `Rechazar descuento de ${rechazada.nombreProducto}` }).click();
  await admin.getByRole('dialog', { name: 'Rechazar descuento' }).getByRole('button', { name: 'Rechazar' }).click();
  await expect(vendedor.getByRole('alert').filter({ hasText: 'Descuento rechazado' })).toContainText(`${rechazada.porcentaje} % en ${rechazada.nombreProducto}`);

  await delVendedor.close();
  await delAdmin.close();
});

test('[DESCUENTOS] un descuento solicitado desde la línea se aprueba en otro navegador, llega sin recargar y el pedido se guarda con él', async ({ page, request, browser }) => {
  await abrirPedidos(page, vendedorPropio);
  await elegirClienteConTeclado(page, '901234567', /Muebles y Diseños La Esquina/);
  await agregarConTeclado(page, 'COR-TEL-50', '4');
  const antes = await totalesEnPantalla(page);

  // The request from the line: the percentage, with the line's subtotal and the discounted amount.
  await page.getByRole('button', { name: 'Solicitar descuento de COR-TEL-50' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Solicitar descuento' });
  await dialogo.getByLabel('Porcentaje de descuento').fill('10');
  const solicitado = page.waitForResponse((r) => r.url().endsWith('/api/descuentos/solicitar/guardar'));
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  const descuento = (await (await solicitado).json()).data.descuento as { id: number };
  await expect(dialogo).toBeHidden();
  const fila = page.getByRole('table', { name: 'Productos del pedido' }).getByRole('row').filter({ hasText: 'COR-TEL-50' });
  await expect(fila).toContainText('Pendiente');

  // An administrator approves it in another browser, from Descuentos solicitados; the seller's line takes the
  // percentage and the totals follow, without reloading.
  const delAdmin = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const admin = await delAdmin.newPage();
  await ingresar(admin, 'admin@tablero.test');
  await admin.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Descuentos solicitados' }).click();
  const solicitud = admin
    .getByRole('row')
    .filter({ hasText: /Muebles y Diseños La Esquina/ })
    .filter({ has: admin.getByRole('cell', { name: '10 %', exact: true }) })
    .filter({ has: admin.getByRole('button', { name: /^Aprobar descuento de / }) });
  await expect(solicitud).toHaveCount(1);
  await solicitud.getByRole('button', { name: /^Aprobar descuento de / }).click();
  await admin.getByRole('dialog', { name: 'Aprobar descuento' }).getByRole('button', { name: 'Aprobar' }).click();
  await expect(admin.getByRole('row').filter({ hasText: /Muebles y Diseños La Esquina/ }).filter({ hasText: 'Aprobado' }).first()).toBeVisible();
  await delAdmin.close();
  await expect(fila).toContainText('10 %');
  await expect(page.locator('[data-total="Descuento"]')).toHaveText('$8,760');
  const despues = await totalesEnPantalla(page);
  // 4 × 21,900 = 87,600; 10 % off.
  expect(despues.total_subtotal_venta).toBe(antes.total_subtotal_venta - 8_760);
  await capturar(page, 'ventas-descuento-aprobado');

  const guardado = page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar'));
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const respuesta = await guardado;
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  const leida = await leerVenta(request, ((await respuesta.json()).data as VentaGuardada).venta_id);
  expect(leida.ventas_encabezado).toMatchObject(despues);
  expect(leida.ventas_detalle).toMatchObject([{ referencia: 'COR-TEL-50', porcentaje_descuento: 10, descuento_solicitado_id: descuento.id }]);
});

test('[DESCUENTOS] el vendedor cambia la cantidad de una línea con descuento aprobado: el aviso lo dice y el pedido se guarda sin él; el precio es el de la tienda y Otros impuestos no ofrece IVA', async ({ page, request }) => {
  await abrirPedidos(page, vendedorPropio);
  await elegirClienteConTeclado(page, '901234567', /Muebles y Diseños La Esquina/);
  await agregarConTeclado(page, 'COR-TEL-50', '4');
  const tabla = page.getByRole('table', { name: 'Productos del pedido' });
  const fila = tabla.getByRole('row').filter({ hasText: 'COR-TEL-50' });

  // The seller sells at the store's price: the cell is text, and says why (docs/decisions.md "Pedidos").
  await expect(tabla.getByRole('textbox', { name: /^Precio unitario de / })).toHaveCount(0);
  await fila.getByTestId('precio-solo-lectura').hover();
  await expect(page.getByRole('tooltip')).toHaveText('El precio unitario es el de la tienda: su rol no puede cambiarlo');
  await capturar(page, 'pedido-precio-solo-lectura');

  // 'Otros impuestos' offers no IVA: the line already pays it.
  await page.getByRole('combobox', { name: 'Otros impuestos' }).click();
  const opciones = page.getByRole('listbox', { name: 'Otros impuestos' }).getByRole('option');
  await expect(opciones.first()).toBeVisible();
  await expect(opciones.filter({ hasText: 'Impuesto al consumo 8%' })).toHaveCount(1);
  await expect(opciones.filter({ hasText: /IVA/ })).toHaveCount(0);
  await capturar(page, 'pedido-otros-impuestos-sin-iva');
  await page.keyboard.press('Escape');

  // A 5 % request from the line, approved by the administrator: it reaches the line live.
  await fila.getByRole('button', { name: 'Solicitar descuento de COR-TEL-50' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Solicitar descuento' });
  await dialogo.getByLabel('Porcentaje de descuento').fill('5');
  const solicitado = page.waitForResponse((r) => r.url().endsWith('/api/descuentos/solicitar/guardar'));
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  const descuento = (await (await solicitado).json()).data.descuento as { id: number };
  await expect(dialogo).toBeHidden();
  await expect(fila).toContainText('Pendiente');
  const aprobada = await request.post('/api/descuentos/solicitados/aprobar', {
    headers: await sesionApi(request, 'admin@tablero.test'),
    data: { descuento_solicitado_id: descuento.id, aprobado: true },
  });
  expect(aprobada.ok(), await aprobada.text()).toBe(true);
  await expect(fila.getByRole('cell', { name: '5 %', exact: true })).toBeVisible();
  expect((await totalesEnPantalla(page)).total_descuento).toBeGreaterThan(0);

  // The quantity changes: the approval was for 4, so the discount leaves the line and the seller is told.
  await page.getByLabel('Cantidad de COR-TEL-50').fill('5');
  await page.getByLabel('Cantidad de COR-TEL-50').press('Tab');
  const aviso = page.getByRole('alert').filter({ hasText: 'Descuento quitado' });
  await expect(aviso).toContainText('La cantidad de COR-TEL-50 cambió: el descuento aprobado se quitó; solicítelo de nuevo');
  await expect(fila.getByRole('cell', { name: '5 %', exact: true })).toHaveCount(0);
  const enPantalla = await totalesEnPantalla(page);
  expect(enPantalla.total_descuento).toBe(0);
  await capturar(page, 'pedido-descuento-quitado');

  // What the screen shows is what is saved: 5 units at full price, no request.
  const guardado = page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar'));
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const respuesta = await guardado;
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  const leida = await leerVenta(request, ((await respuesta.json()).data as VentaGuardada).venta_id);
  expect(leida.ventas_encabezado).toMatchObject(enPantalla);
  expect(leida.ventas_detalle).toMatchObject([{ referencia: 'COR-TEL-50', cantidad_vendida: 5, porcentaje_descuento: 0, descuento_solicitado_id: null }]);
});
