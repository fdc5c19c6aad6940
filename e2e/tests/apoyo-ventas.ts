import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { aCentavos, calcularTotalesVenta, dePesos, leerUnidadRedondeo, MENSAJES_FACTURACION, redondearCentavosEfectivo, type VentaCompleta } from '@tablero/domain';
import { elegirTienda, ingresar, CLAVE_DEMO } from './apoyo';

// What the sales journeys share: API sessions, a customer and a pending sale made as the order form saves them,
// the store's numbering ranges, the bill dialog opened from its row, and the order form worked from the keyboard.
//
// Spec files run two at a time against one server and database (playwright.config.ts): a journey that changes rows
// (a balance, a credit account, a sale's state) works on a customer of its own, and finds its rows by its own data.

/** The demo store the journeys bill in (seed: '001 - Principal', in LISTA_TIENDA_FACTURA_SIIGO). */
export const TIENDA = '001';
/** A demo board at $265,000 plus 19 % IVA: $315,350 a unit. */
export const REFERENCIA = 'MDF-RB-15';
export type Cabeceras = Record<string, string>;

export interface ProductoDemo {
  id: number;
  referencia: string;
  precio_unitario: number;
  porcentaje_impuesto: number;
}

/** '$1,250,300.50' → 1250300.5. */
export const pesos = (texto: string) => Number(texto.replace(/[$,\s]/g, ''));
export const moneda = (valor: number) => `$${valor.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

export async function sesionApi(request: APIRequestContext, email: string, clave = CLAVE_DEMO): Promise<Cabeceras> {
  const ingreso = await request.post('/api/ingreso', { data: { email, password: clave } });
  expect(ingreso.ok(), await ingreso.text()).toBe(true);
  return { authorization: `Bearer ${(await ingreso.json()).data.token as string}`, 'x-codigo-tienda': TIENDA };
}

/** A parameter's value as the API answers it (GET parametros/{codigo}). */
export async function valorParametro(request: APIRequestContext, cabeceras: Cabeceras, codigo: string): Promise<string> {
  const respuesta = await request.get(`/api/parametros/${codigo}`, { headers: cabeceras });
  expect(respuesta.ok(), `${codigo}: ${await respuesta.text()}`).toBe(true);
  return (await respuesta.json()).data.parametro.valor_parametro as string;
}

/**
 * The store numbers bills from its active ranges: when the demo data has none in force for a kind, the journey
 * registers one as SuperAdministrador would on the Numeración screen.
 */
export async function asegurarRangos(request: APIRequestContext): Promise<void> {
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const respuesta = await request.get(`/api/maestros/rangos-numeracion?codigo_tienda=${TIENDA}`, { headers: cabeceras });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  const rangos = (await respuesta.json()).data.rangos_numeracion as { tipo_documento: string; estado: string }[];
  const anio = new Date().getFullYear();
  for (const tipo of ['FACTURA', 'REMISION'] as const) {
    if (rangos.some((rango) => rango.tipo_documento === tipo && rango.estado === 'vigente')) continue;
    const creado = await request.post('/api/maestros/rangos-numeracion', {
      headers: cabeceras,
      data: {
        codigo_tienda: TIENDA,
        tipo_documento: tipo,
        prefijo: tipo === 'FACTURA' ? 'E2EF' : 'E2ER',
        numero_desde: 1,
        numero_hasta: 100_000,
        resolucion_numero: tipo === 'FACTURA' ? '18764000000001' : null,
        resolucion_fecha: tipo === 'FACTURA' ? `${anio}-01-01` : null,
        fecha_desde: `${anio}-01-01`,
        fecha_hasta: `${anio + 1}-12-31`,
        activo: true,
      },
    });
    expect(creado.ok(), await creado.text()).toBe(true);
  }
}

export async function terceroPorDocumento(request: APIRequestContext, cabeceras: Cabeceras, documento: string): Promise<number> {
  const respuesta = await request.get(`/api/terceros?query=${documento}`, { headers: cabeceras });
  const terceros = (await respuesta.json()).data.terceros.data as { id: number; numero_documento: string }[];
  return terceros.find((t) => t.numero_documento === documento)!.id;
}

/**
 * A new customer of the store (so its balances and sales are the journey's alone). The document is drawn at random:
 * journeys on two workers may create customers in the same millisecond.
 */
export async function crearCliente(request: APIRequestContext, cabeceras: Cabeceras, nombres: string): Promise<{ id: number; documento: string }> {
  const documento = String(7_000_000_000 + randomInt(1_000_000_000));
  const id = await registrarTercero(request, cabeceras, {
    numero_documento: documento,
    nombres,
    apellidos: 'Facturación',
    correo_electronico: `anticipo.${documento}@prueba.test`,
    tipo_tercero: 'C',
    direccion_residencia: 'Calle 10 # 43-20',
    country_code: 'CO',
    state_code: '05',
    city_code: '05001',
  });
  return { id, documento };
}

/** A person registered through POST terceros/crear, as the third-party form sends it: `datos` over a citizen's defaults. */
async function registrarTercero(request: APIRequestContext, cabeceras: Cabeceras, datos: Record<string, unknown>): Promise<number> {
  const respuesta = await request.post('/api/terceros/crear', {
    headers: cabeceras,
    data: { tipo_documento_id: 1, numero_celular: '3001234567', tipo_persona: 'Person', responsable_iva: false, responsabilidad_fiscal: 'R-99-PN', ...datos },
  });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  return (await respuesta.json()).data.tercero.id as number;
}

/** The password of the sellers crearVendedor creates. */
export const CLAVE_VENDEDOR_PRUEBA = 'Ventas-2026';

/**
 * A seller of store 001 of the journey's own, created by the SuperAdministrador as the third-party form does (type V with
 * a password): what reaches a seller's user room (a discount decided, spec 000 §2.15) then reaches only the journey's
 * pages, not every other journey logged in as the demo seller. Its e-mail logs in with CLAVE_VENDEDOR_PRUEBA.
 */
export async function crearVendedor(request: APIRequestContext, nombres: string): Promise<{ email: string }> {
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const documento = String(1_000_000_000 + randomInt(1_000_000_000));
  const email = `vendedor.${documento}@prueba.test`;
  await registrarTercero(request, cabeceras, {
    numero_documento: documento,
    nombres,
    apellidos: 'Vendedor',
    correo_electronico: email,
    tipo_tercero: 'V',
    password_usuario: CLAVE_VENDEDOR_PRUEBA,
    tiendas: [TIENDA],
  });
  return { email };
}

/**
 * A line's cut plan as the cutting dialog keeps it (pedido/linea-pedido.ts LeptonLinea): one edge and two pieces, the
 * first edged on its top side (edge position 1 in the CSV).
 */
export const PLAN_CORTE = {
  url_planos: '/api/public/corte/plan-de-prueba/planos.pdf',
  url_labels: '/api/public/corte/plan-de-prueba/etiquetas.pdf',
  tapacantos: [{ id: 501, codigo: 'TC-BL-22X3R', nombre_producto: 'Tapacanto blanco 22 x 3 mm' }],
  piezas: [
    { cantidad: 2, base: 600, altura: 400, rotacion: true, descripcion: 'Puerta', canto_base_top: 501, canto_base_bottom: null, canto_altura_left: null, canto_altura_right: null, lista_servicios_especiales: [] },
    { cantidad: 1, base: 1200, altura: 300, rotacion: false, descripcion: 'Repisa; larga', canto_base_top: null, canto_base_bottom: null, canto_altura_left: null, canto_altura_right: null, lista_servicios_especiales: [] },
  ],
  retales: [],
  parametros: { desp_sierra: 4, desp_tapacantos: 1, base: 2440, altura: 1830, refilado_x: 10, refilado_y: 10 },
  despiece_retales: false,
  cobrar_canto: true,
  visualiza_configuracion: false,
  optimizacion: {},
};

/** A line of a sale the journey saves: a demo product by reference, its quantity and, for a board, its cut plan. */
export interface LineaPrueba {
  referencia: string;
  cantidad: number;
  lepton?: object | null;
}

/**
 * A sale pending to bill (state 1), saved by the seller as the order form sends it: by default `cantidad` demo boards
 * (REFERENCIA), or the given `lineas`.
 */
export async function crearVentaPendiente(
  request: APIRequestContext,
  cabeceras: Cabeceras,
  terceroId: number,
  { cantidad = 1, tipoPagoId = 1, lineas = [{ referencia: REFERENCIA, cantidad }] as readonly LineaPrueba[] } = {},
): Promise<{ ventaId: number; total: number }> {
  const productos = (await (await request.get('/api/productos?no_page=1', { headers: cabeceras })).json()).data.productos as ProductoDemo[];
  const elegidas = lineas.map((linea) => ({ ...linea, producto: productos.find((p) => p.referencia === linea.referencia)! }));
  // The totals the order form would send (the server computes them again and refuses a difference of a centavo).
  const { totales } = calcularTotalesVenta({
    porcentaje_impuesto_adicional: 0,
    lineas: elegidas.map(({ cantidad: n, producto }) => ({ cantidad: n, precio_unitario: producto.precio_unitario, porcentaje_descuento: 0, porcentaje_impuesto: producto.porcentaje_impuesto })),
  });
  const respuesta = await request.post('/api/facturas/guardar', {
    headers: cabeceras,
    data: {
      venta_id: null,
      tercero_id: terceroId,
      tipo_pago_id: tipoPagoId,
      estado_venta_id: 1,
      impuesto_adicional_id: null,
      observacion_venta: 'Venta de la prueba de facturación',
      productoList: elegidas.map(({ producto, cantidad: n, lepton }, i) => ({
        producto_id: producto.id,
        item: i + 1,
        cantidad_solicitada: n,
        precio_unitario: producto.precio_unitario,
        porcentaje_descuento: 0,
        lepton: lepton ?? null,
      })),
      tareasList: [],
      total_subtotal_venta: totales.total_subtotal_venta,
      total_impuestos_venta: totales.total_impuestos_venta,
      total_otros_impuestos_venta: totales.total_otros_impuestos_venta,
      total_venta: totales.total_venta,
      total_descuento: totales.total_descuento,
      // A journey's setup sale: the demo boards it takes may be reserved by other journeys' pending orders
      // (docs/decisions-reservas.md), which the seller would confirm; the reservations journey asks it on screen.
      confirmar_reservas: true,
    },
  });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  return { ventaId: (await respuesta.json()).data.venta_id as number, total: totales.total_venta };
}

/** What a cash row pays for `debido` in cash: rounded to the store's unit as the dialog fills it (docs/decisions-redondeo-envios.md). */
export async function efectivoRedondeado(request: APIRequestContext, cabeceras: Cabeceras, debido: number): Promise<number> {
  const parametro = await request.get('/api/parametros/REDONDEO_EFECTIVO', { headers: cabeceras });
  const unidad = parametro.ok() ? leerUnidadRedondeo((await parametro.json()).data.parametro.valor_parametro) : null;
  return unidad ? dePesos(redondearCentavosEfectivo(aCentavos(debido), unidad)) : debido;
}

/** The cashier bills a pending sale in cash for its total, through the bill dialog's call. */
export async function facturarEnEfectivo(request: APIRequestContext, cabeceras: Cabeceras, ventaId: number, total: number): Promise<void> {
  const efectivo = await efectivoRedondeado(request, cabeceras, total);
  const facturada = await request.post(`/api/facturas/${ventaId}/forma-pago`, {
    headers: cabeceras,
    data: {
      venta_id: ventaId,
      crear_factura_siigo: false,
      crear_venta_credito: false,
      modo_factura: 'C',
      formaPagoList: [{ id_forma_pago: 1, nombre_forma_pago: 'Efectivo', comprobante_id: null, valor_pagado: efectivo }],
      valor_recibido: efectivo,
    },
  });
  expect(facturada.ok(), await facturada.text()).toBe(true);
}

/**
 * The cashier opens Pendiente por facturar, looks the sale up by its customer's document and its number (other
 * journeys' pending sales, saved meanwhile, may push it off the list's first page) and opens its bill dialog from its
 * row.
 */
export async function abrirFacturar(page: Page, ventaId: number, documentoCliente: string) {
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/facturacion');
  await buscarPendiente(page, ventaId, documentoCliente);
  await page.getByRole('button', { name: `Facturar venta ${ventaId}`, exact: true }).click();
  const dialogo = page.getByRole('dialog', { name: `Venta No. ${ventaId}` });
  await expect(dialogo.getByTestId('valor-facturar')).toBeVisible();
  return dialogo;
}

/**
 * Bills from the open dialog as a cashier does: `facturar` presses Facturar (a click, or Enter from the keyboard), the
 * bill's message shows, the dialog closes, and the invoice opens in a tab of its own once its PDF arrives, which the
 * cashier closes to go back to Tablero. The tab opens a moment after the dialog closes: a journey that goes on
 * without waiting for it races it (a dropdown opened or an address changed meanwhile was lost in some runs).
 */
export async function facturarYCerrarDocumento(page: Page, dialogo: Locator, facturar = () => dialogo.getByRole('button', { name: 'Facturar' }).click()) {
  const documento = page.waitForEvent('popup');
  await facturar();
  await expect(page.getByText(MENSAJES_FACTURACION.facturada)).toHaveCount(1);
  await expect(dialogo).toBeHidden();
  await (await documento).close();
}

/**
 * Pendiente por facturar (its default state, pending) searched by the customer's document and the sale's number: the
 * number alone also finds other journeys' sales whose customer's document holds it.
 */
export async function buscarPendiente(page: Page, ventaId: number, documentoCliente: string) {
  await expect(page.getByRole('heading', { name: 'Pendiente por facturar' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Término' }).fill(`${documentoCliente} ${ventaId}`);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(new RegExp(`termino=${documentoCliente}`));
}

export async function elegirForma(page: Page, dialogo: Locator, nombre: string) {
  await dialogo.getByRole('combobox', { name: 'Forma de pago' }).click();
  await page.getByRole('option', { name: nombre, exact: true }).click();
  await dialogo.getByRole('button', { name: 'Agregar' }).click();
}

/** The API as the demo seller, to check what the order form saved. */
export async function leerVenta(request: APIRequestContext, ventaId: number): Promise<VentaCompleta> {
  const respuesta = await request.get(`/api/ventas/${ventaId}`, { headers: await sesionApi(request, 'vendedor@tablero.test') });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  return (await respuesta.json()).data as VentaCompleta;
}

/** The five totals the order form's sale panel shows (its 'Subtotal' is before the discount; the sale's is after). */
export async function totalesEnPantalla(page: Page) {
  const leer = async (etiqueta: string) => pesos((await page.locator(`[data-total="${etiqueta}"]`).textContent()) ?? '');
  return {
    total_subtotal_venta: await leer('Subtotal con descuento'),
    total_descuento: await leer('Descuento'),
    total_impuestos_venta: await leer('Impuestos'),
    total_otros_impuestos_venta: await leer('Otros impuestos'),
    total_venta: await leer('Total'),
  };
}

/** Opens Pedidos (the order form) from the menu in store 001, as the demo seller or as `vendedor` (crearVendedor). */
export async function abrirPedidos(page: Page, vendedor?: { email: string }) {
  if (vendedor) {
    // A seller of store 001 alone opens in it.
    await ingresar(page, vendedor.email, CLAVE_VENDEDOR_PRUEBA);
  } else {
    await ingresar(page, 'vendedor@tablero.test');
    await elegirTienda(page, '001 - Principal');
  }
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Pedidos' }).click();
  await expect(page).toHaveURL(/#\/facturacion\/crear$/);
  await expect(page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();
}

/** Types part of a customer in the order form's typeahead (it has the focus) and chooses them from the keyboard. */
export async function elegirClienteConTeclado(page: Page, texto: string, nombre: RegExp) {
  const cliente = page.getByRole('combobox', { name: /^Cliente/ });
  await expect(cliente).toBeFocused();
  await page.keyboard.type(texto);
  await expect(page.getByRole('option', { name: nombre })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(cliente).toHaveValue(nombre);
  // The reference field takes the focus after the 200 ms of spec 000 §9.
  await expect(page.getByLabel('Referencia')).toBeFocused();
}

/**
 * A quantity cell of the order form has the focus with its whole value selected, so what is typed replaces it. The
 * cell selects its value a frame after taking the focus (celda-numero.tsx): a key typed before that frame would be
 * added to the value instead ('1' and '6' make 16), which a busy browser makes likely.
 */
export async function esperarCantidadSeleccionada(page: Page, referencia: string) {
  const celda = page.getByLabel(`Cantidad de ${referencia}`);
  await expect(celda).toBeFocused();
  await expect
    .poll(() => celda.evaluate((entrada: HTMLInputElement) => entrada.value !== '' && entrada.selectionStart === 0 && entrada.selectionEnd === entrada.value.length))
    .toBe(true);
}

/** Reference + Enter adds the line; its quantity takes the focus, the number is typed and Enter goes back to Referencia. */
export async function agregarConTeclado(page: Page, referencia: string, cantidad: string) {
  await page.keyboard.type(referencia);
  await page.keyboard.press('Enter');
  await esperarCantidadSeleccionada(page, referencia);
  await page.keyboard.type(cantidad);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Referencia')).toBeFocused();
}
