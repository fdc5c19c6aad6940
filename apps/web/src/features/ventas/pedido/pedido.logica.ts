import {
  aCentavos,
  calcularTotalesVenta,
  dePesos,
  ESTADOS_VENTA,
  excedeInventario,
  impuestoAdicionalPermitido,
  leerNumero,
  MENSAJES_TAREA,
  MENSAJES_VENTA,
  placasDelPlan,
  puedeAcceder,
  puedeCambiarPrecioPedido,
  RUTAS,
  TotalesFueraDeRango,
  type DescuentoDecidido,
  type Impuesto,
  type ResultadoTotalesVenta,
  type RetalCotizado,
  type Rol,
  type VentaDetalle,
  type VentaGuardar,
} from '@tablero/domain';
import { lineaSinNumerar, type LeptonLinea, type LineaPedido, type ProductoLinea, type ResultadoCorte } from './linea-pedido';

export type { ProductoLinea } from './linea-pedido';

/**
 * The order form's rules without React (spec 000 §2.12, §3 Order line, §4.4, §5 Sale save): lines in, lines out, each
 * function returning the same array when nothing changes, so a row that did not change is not drawn again.
 */

/** A task written in the form; it is created with the save (tareasList). */
export interface TareaNueva {
  clave: string;
  descripcion_tarea: string;
}

/**
 * Whether the order form offers 'Crear cliente': everyone who opens Pedidos sells (spec 000 Routes: Vendedor and
 * Operario), but only the roles of /terceros create customers (spec 001 Routes: SuperAdministrador, Vendedor). The
 * server's POST terceros/crear reads the same access, so the button is never one that answers 403.
 */
export const puedeCrearCliente = (rol: Rol | null | undefined): boolean => puedeAcceder(rol, RUTAS.terceros.acceso);

/** The customer the order is for: what the form shows and sends of it. */
export interface ClientePedido {
  id: number;
  numero_documento: string;
  nombres: string;
  apellidos: string;
}

/** spec 000 §3 Sale form: the order being built or edited. */
export interface EstadoPedido {
  venta_id: number | null;
  /** The version the edited order was loaded (or last saved) with; null for a new order. */
  version: number | null;
  cliente: ClientePedido | null;
  lineas: LineaPedido[];
  tareas: TareaNueva[];
  observacion_venta: string;
  impuesto_adicional_id: number | null;
  estado_venta_id: 1 | 3 | 4 | null;
  tipo_pago_id: 1 | 2 | null;
  /** A quotation loaded for editing (state 7, docs/decisions-cotizaciones.md): it saves as a quotation again. */
  es_cotizacion?: boolean;
  /**
   * A new order's save key (docs/decisions.md "Un pedido nuevo se guarda una sola vez"), drawn when the order starts and
   * kept with its draft: a save sent again after a lost answer finds the order it made.
   */
  clave_guardado?: string;
}

/** spec 000 §3, §9: a new order, payment type 1 and status 1. */
export function pedidoVacio(): EstadoPedido {
  return {
    venta_id: null,
    version: null,
    cliente: null,
    lineas: [],
    tareas: [],
    observacion_venta: '',
    impuesto_adicional_id: null,
    estado_venta_id: ESTADOS_VENTA.pendienteFacturar,
    tipo_pago_id: 1,
    clave_guardado: nuevaClaveGuardado(),
  };
}

/**
 * A random UUID (version 4) from crypto.getRandomValues: crypto.randomUUID needs a secure context, which a store's LAN
 * served over plain HTTP does not give.
 */
export function nuevaClaveGuardado(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let secuencia = 0;
/** A key for a new row on screen (not crypto.randomUUID: it needs a secure context the store's LAN may not give). */
export function nuevaClave(prefijo = 'l'): string {
  secuencia += 1;
  return `${prefijo}${secuencia}`;
}

/**
 * Keys of rows restored from a draft (pedido-borrador.ts): the counter goes on after the highest, so a row added next
 * never shares a key with one on screen.
 */
export function continuarClaves(claves: readonly string[]): void {
  for (const clave of claves) {
    const numero = Number(/\d+$/.exec(clave)?.[0] ?? 0);
    if (numero > secuencia) secuencia = numero;
  }
}

/** The next free item of the order: items identify lines (production and cut-plan lines link by them). */
export function siguienteItem(lineas: readonly LineaPedido[]): number {
  let mayor = 0;
  for (const linea of lineas) if (linea.item > mayor) mayor = linea.item;
  return mayor + 1;
}

/** A line of one unit of the product at the store's price. */
export function lineaDeProducto(producto: ProductoLinea, item: number): LineaPedido {
  return { clave: nuevaClave(), ...lineaSinNumerar(producto, 1, false), item, item_padre: null };
}

/** Adds a product line at the end; answers the lines and the new line's key. */
export function agregarProducto(lineas: readonly LineaPedido[], producto: ProductoLinea): { lineas: LineaPedido[]; clave: string } {
  const linea = lineaDeProducto(producto, siguienteItem(lineas));
  return { lineas: [...lineas, linea], clave: linea.clave };
}

/**
 * The offcut line the calculator opens the form with (spec 000 §2.11): one unit at the offcut's price,
 * its measures kept so the server prices it again. An offcut is not counted in stock, so it is never highlighted.
 */
export function lineaDeRetal(retal: RetalCotizado['linea'], item: number): LineaPedido {
  return {
    clave: nuevaClave(),
    producto_id: retal.producto_id,
    grupo_id: retal.grupo_id,
    referencia: retal.referencia,
    nombre_producto: retal.descripcion || retal.nombre_producto,
    categoria_producto: null,
    cantidad_inventario: retal.cantidad_solicitada,
    impuesto_id: retal.impuesto_id,
    porcentaje_impuesto: retal.porcentaje_impuesto,
    precio_unitario: retal.precio_unitario,
    medida_largo: null,
    medida_ancho: null,
    cantidad_solicitada: retal.cantidad_solicitada,
    porcentaje_descuento: 0,
    descuento_solicitado_id: null,
    item,
    item_padre: null,
    servicio_lepton: false,
    lepton: null,
    retal: retal.retal,
  };
}

/**
 * A quantity or price typed on a line changes it; its approved discount no longer covers it (the approval is for the
 * request's quantity and price, docs/decisions.md "Descuentos"), so it is dropped and avisoDescuentoQuitado says so.
 */
function cambiarLinea(lineas: LineaPedido[], clave: string, cambio: Partial<Pick<LineaPedido, 'cantidad_solicitada' | 'precio_unitario'>>): LineaPedido[] {
  const n = lineas.findIndex((l) => l.clave === clave);
  const linea = lineas[n];
  if (!linea) return lineas;
  const igual = (Object.keys(cambio) as (keyof typeof cambio)[]).every((campo) => cambio[campo] === linea[campo]);
  if (igual) return lineas;
  const copia = lineas.slice();
  copia[n] = { ...linea, ...cambio, porcentaje_descuento: 0, descuento_solicitado_id: null };
  return copia;
}

/** The board count a line's cut plan fixes (its quantity cell is read-only); null for a line without one. */
export const placasFijadasPorPlan = (linea: Pick<LineaPedido, 'lepton'>): number | null => placasDelPlan(linea.lepton);

/** A typed quantity; a board line with a plan keeps the plan's board count (it changes only by optimising again). */
export function cambiarCantidad(lineas: LineaPedido[], clave: string, cantidad_solicitada: number): LineaPedido[] {
  const linea = lineas.find((l) => l.clave === clave);
  if (linea && placasFijadasPorPlan(linea) !== null) return lineas;
  return cambiarLinea(lineas, clave, { cantidad_solicitada });
}

/**
 * Whether the line's unit price is typed in place: a product line (not a plan's service line, not an offcut, priced
 * by the server) of a role that may set a price other than the store's — the rule POST facturas/guardar applies.
 */
export function precioEditable(linea: Pick<LineaPedido, 'servicio_lepton' | 'retal'>, rol: Rol | null | undefined): boolean {
  return !linea.servicio_lepton && linea.retal === null && puedeCambiarPrecioPedido(rol);
}

/** A typed unit price, kept only where precioEditable allows it (the server would refuse any other). */
export function cambiarPrecio(lineas: LineaPedido[], clave: string, precio_unitario: number, rol: Rol | null | undefined): LineaPedido[] {
  const linea = lineas.find((l) => l.clave === clave);
  if (!linea || !precioEditable(linea, rol)) return lineas;
  return cambiarLinea(lineas, clave, { precio_unitario });
}

/**
 * An order loaded for editing by a role that sells at the store's price: a line (not an offcut) whose saved price is
 * no longer its product's store price takes the current one, as the server will ask, and drops a discount approved for
 * the old price; answers the references it changed, for the notice. A role that sets prices keeps the saved ones.
 */
export function alPrecioDeTienda(
  lineas: LineaPedido[],
  productos: ReadonlyMap<number, Pick<ProductoLinea, 'precio_unitario'>>,
  rol: Rol | null | undefined,
): { lineas: LineaPedido[]; referencias: string[] } {
  if (puedeCambiarPrecioPedido(rol)) return { lineas, referencias: [] };
  let resultado = lineas;
  const referencias: string[] = [];
  for (const linea of lineas) {
    const tienda = productos.get(linea.producto_id)?.precio_unitario;
    if (linea.retal !== null || tienda === undefined || tienda === linea.precio_unitario) continue;
    resultado = cambiarLinea(resultado, linea.clave, { precio_unitario: tienda });
    referencias.push(linea.referencia);
  }
  return { lineas: resultado, referencias };
}

/** The notice a typed quantity or price gives when it drops the line's approved discount; null when it drops none. */
export function avisoDescuentoQuitado(antes: readonly LineaPedido[], despues: readonly LineaPedido[], clave: string, campo: 'cantidad' | 'precio'): string | null {
  const previa = antes.find((l) => l.clave === clave);
  const nueva = despues.find((l) => l.clave === clave);
  if (!previa || !nueva || previa.descuento_solicitado_id === null || nueva.descuento_solicitado_id !== null) return null;
  return MENSAJES_VENTA.descuentoQuitado(previa.referencia, campo);
}

/**
 * The taxes 'Otros impuestos' offers (spec 000 §2.12): the active ones the lines do not carry, nor of a class they
 * carry (no IVA on lines that pay IVA) — the rule POST facturas/guardar applies. The chosen one stays listed.
 */
export function impuestosAdicionalesOfrecidos(impuestos: readonly Impuesto[], lineas: readonly Pick<LineaPedido, 'impuesto_id'>[]): Impuesto[] {
  const deLineas = impuestosDeLineas(impuestos, lineas);
  return impuestos.filter((i) => i.activo && impuestoAdicionalPermitido(i, deLineas));
}

/** The message that stops a save whose order-level tax the lines already carry; null when it may go. */
export function validarImpuestoAdicional(pedido: Pick<EstadoPedido, 'impuesto_adicional_id' | 'lineas'>, impuestos: readonly Impuesto[]): string | null {
  const adicional = impuestos.find((i) => i.id === pedido.impuesto_adicional_id);
  if (!adicional || impuestoAdicionalPermitido(adicional, impuestosDeLineas(impuestos, pedido.lineas))) return null;
  return MENSAJES_VENTA.impuestoRepetido(adicional.nombre_impuesto);
}

function impuestosDeLineas(impuestos: readonly Impuesto[], lineas: readonly Pick<LineaPedido, 'impuesto_id'>[]): Impuesto[] {
  const ids = new Set(lineas.map((l) => l.impuesto_id));
  return impuestos.filter((i) => ids.has(i.id));
}

/** Removes a line and, for a board line with a plan, its service lines (they belong to its plan). */
export function quitarLinea(lineas: LineaPedido[], clave: string): LineaPedido[] {
  const linea = lineas.find((l) => l.clave === clave);
  if (!linea) return lineas;
  return lineas.filter((l) => l.clave !== clave && !(l.item_padre !== null && l.item_padre === linea.item));
}

/**
 * The cutting dialog's Agregar (spec 000 §4.4): the board line's quantity becomes the plan's board count and it keeps
 * the plan; its previous service lines are removed and the new ones are placed right after it, each with a new item
 * and item_padre = the board line's item. The board line's discount no longer covers the new quantity.
 */
export function aplicarCorte(lineas: LineaPedido[], clave: string, resultado: ResultadoCorte): LineaPedido[] {
  const tablero = lineas.find((l) => l.clave === clave);
  if (!tablero) return lineas;
  const restantes = lineas.filter((l) => !(l.item_padre !== null && l.item_padre === tablero.item));
  let item = siguienteItem(lineas);
  const servicios: LineaPedido[] = resultado.servicios.map((servicio) => ({
    ...servicio,
    clave: nuevaClave(),
    item: item++,
    item_padre: tablero.item,
    servicio_lepton: true,
  }));
  const cambiaCantidad = tablero.cantidad_solicitada !== resultado.cant_placas;
  const nuevo: LineaPedido = {
    ...tablero,
    cantidad_solicitada: resultado.cant_placas,
    lepton: resultado.lepton,
    ...(cambiaCantidad ? { porcentaje_descuento: 0, descuento_solicitado_id: null } : {}),
  };
  const n = restantes.findIndex((l) => l.clave === clave);
  return [...restantes.slice(0, n), nuevo, ...servicios, ...restantes.slice(n + 1)];
}

/** The request made from this form for a line: what it asked, so a decision is applied only to the line it covers. */
export interface SolicitudDescuentoLinea {
  clave: string;
  /** The request's id when the dialog knows it; otherwise the decision is matched by product, quantity and price. */
  id: number | null;
  tercero_id: number;
  producto_id: number;
  cantidad_solicitada: number;
  precio_unitario: number;
}

/** Whether a decision is about this request: its id, or the same customer, product, quantity and price. */
export function decisionDeSolicitud(solicitud: SolicitudDescuentoLinea, decision: Pick<DescuentoDecidido, 'id' | 'tercero_id' | 'producto_id' | 'cantidad_solicitada' | 'precio_unitario'>): boolean {
  if (solicitud.id !== null) return solicitud.id === decision.id;
  return (
    solicitud.tercero_id === decision.tercero_id &&
    solicitud.producto_id === decision.producto_id &&
    solicitud.cantidad_solicitada === decision.cantidad_solicitada &&
    solicitud.precio_unitario === decision.precio_unitario
  );
}

/**
 * An approved request gives its line the percentage and the request's id (the server checks the request covers the
 * line: same customer, product, quantity and price). A line whose quantity or price changed since, or that is gone,
 * is left as it is.
 */
export function aplicarDescuento(
  lineas: LineaPedido[],
  clave: string,
  descuento: Pick<DescuentoDecidido, 'id' | 'producto_id' | 'porcentaje_descuento' | 'cantidad_solicitada' | 'precio_unitario'>,
): LineaPedido[] {
  const n = lineas.findIndex((l) => l.clave === clave);
  const linea = lineas[n];
  if (!linea || !cubreLinea(linea, descuento)) return lineas;
  if (linea.descuento_solicitado_id === descuento.id && linea.porcentaje_descuento === descuento.porcentaje_descuento) return lineas;
  const copia = lineas.slice();
  copia[n] = { ...linea, porcentaje_descuento: descuento.porcentaje_descuento, descuento_solicitado_id: descuento.id };
  return copia;
}

/** Whether the request still covers the line as it is now. */
export function cubreLinea(linea: LineaPedido, descuento: Pick<DescuentoDecidido, 'producto_id' | 'cantidad_solicitada' | 'precio_unitario'>): boolean {
  return (
    linea.producto_id === descuento.producto_id &&
    linea.cantidad_solicitada === descuento.cantidad_solicitada &&
    linea.precio_unitario === descuento.precio_unitario
  );
}

/** Whether the requested quantity exceeds the store's stock (spec 000 §2.12: the row is highlighted). */
export function lineaExcedeInventario(linea: LineaPedido): boolean {
  if (linea.retal !== null || linea.servicio_lepton) return false;
  return excedeInventario(linea.cantidad_solicitada, linea.cantidad_inventario);
}

/**
 * The order's totals through the one function the server uses (calcularTotalesVenta, spec 000 §9): null while a line
 * holds a value it cannot compute (beyond the limits), so the form shows no total rather than a wrong one.
 */
export function totalesPedido(lineas: readonly LineaPedido[], porcentajeAdicional: number): ResultadoTotalesVenta | null {
  try {
    return calcularTotalesVenta({
      porcentaje_impuesto_adicional: porcentajeAdicional,
      lineas: lineas.map((l) => ({
        cantidad: l.cantidad_solicitada,
        precio_unitario: l.precio_unitario,
        porcentaje_descuento: l.porcentaje_descuento,
        porcentaje_impuesto: l.porcentaje_impuesto,
      })),
    });
  } catch (error) {
    if (error instanceof TotalesFueraDeRango) return null;
    throw error;
  }
}

/**
 * Why the totals cannot be computed (totalesPedido answered null): the line whose amount passes the largest one a sale
 * keeps, said on its quantity (MENSAJES_VENTA.lineaExcedeMaximo, the server's 422 too), or the order's total. Null
 * when they can.
 */
export function motivoTotalesFueraDeRango(lineas: readonly LineaPedido[], porcentajeAdicional: number): { clave: string | null; mensaje: string } | null {
  try {
    calcularTotalesVenta({
      porcentaje_impuesto_adicional: porcentajeAdicional,
      lineas: lineas.map((l) => ({ cantidad: l.cantidad_solicitada, precio_unitario: l.precio_unitario, porcentaje_descuento: l.porcentaje_descuento, porcentaje_impuesto: l.porcentaje_impuesto })),
    });
    return null;
  } catch (error) {
    if (!(error instanceof TotalesFueraDeRango)) throw error;
    const n = /^lineas\[(\d+)\]/.exec(error.campo)?.[1];
    const linea = n === undefined ? undefined : lineas[Number(n)];
    return linea ? { clave: linea.clave, mensaje: MENSAJES_VENTA.lineaExcedeMaximo } : { clave: null, mensaje: MENSAJES_VENTA.totalExcedeMaximo };
  }
}

/**
 * The sale panel's figures (spec 000 §2.12, §9): the lines' gross before discount as 'Subtotal', then 'Descuento', the
 * base the taxes apply to ('Subtotal con descuento', spec 000 §2.14's name; the sale's total_subtotal_venta), the taxes
 * and the total. Summed in centavos, as calcularTotalesVenta sums them.
 */
export function cifrasPanel(resultado: ResultadoTotalesVenta): { subtotal: number; descuento: number; base: number; impuestos: number; otros: number; total: number } {
  const centavos = resultado.lineas.reduce((suma, l) => suma + aCentavos(l.valor_bruto), 0);
  const { totales } = resultado;
  return {
    subtotal: dePesos(centavos),
    descuento: totales.total_descuento,
    base: totales.total_subtotal_venta,
    impuestos: totales.total_impuestos_venta,
    otros: Math.abs(totales.total_otros_impuestos_venta),
    total: totales.total_venta,
  };
}

/** spec 000 §5 Sale save: the first message that stops the save, in the order the seller fixes them; null when it may go. */
export function validarPedido(pedido: EstadoPedido): string | null {
  if (pedido.cliente === null) return MENSAJES_VENTA.cliente;
  if (pedido.lineas.length === 0) return MENSAJES_VENTA.productos;
  if (pedido.tareas.some((t) => t.descripcion_tarea.trim() === '')) return MENSAJES_TAREA.descripcion;
  if (pedido.estado_venta_id === null) return MENSAJES_VENTA.estado;
  if (pedido.tipo_pago_id === null) return MENSAJES_VENTA.campos;
  if (pedido.estado_venta_id === ESTADOS_VENTA.anulado && pedido.venta_id === null) return MENSAJES_VENTA.anularNueva;
  return null;
}

/**
 * POST facturas/guardar's body (spec 000 §3 Sale form): the lines in their order with their items, the new tasks, and
 * the five totals of calcularTotalesVenta with the order-level tax percentage, which the server recomputes. Call it on
 * an order validarPedido accepts; null when the totals cannot be computed.
 */
export function armarVentaGuardar(pedido: EstadoPedido, porcentajeAdicional: number, { cotizacion = false } = {}): VentaGuardar | null {
  const calculo = totalesPedido(pedido.lineas, porcentajeAdicional);
  if (!calculo || pedido.cliente === null || pedido.estado_venta_id === null || pedido.tipo_pago_id === null) return null;
  const { totales } = calculo;
  const observacion = pedido.observacion_venta.trim();
  return {
    venta_id: pedido.venta_id,
    ...(pedido.venta_id !== null && pedido.version !== null ? { version: pedido.version } : {}),
    ...(pedido.venta_id === null && pedido.clave_guardado ? { clave_guardado: pedido.clave_guardado } : {}),
    tercero_id: pedido.cliente.id,
    tipo_pago_id: pedido.tipo_pago_id,
    // 'Guardar como cotización' saves state 7; the server gives it its validity (docs/decisions-cotizaciones.md).
    estado_venta_id: cotizacion || pedido.es_cotizacion ? ESTADOS_VENTA.cotizacion : pedido.estado_venta_id,
    fecha_validez: null,
    impuesto_adicional_id: pedido.impuesto_adicional_id,
    observacion_venta: observacion === '' ? null : observacion,
    productoList: pedido.lineas.map((l) => ({
      producto_id: l.producto_id,
      cantidad_solicitada: l.cantidad_solicitada,
      precio_unitario: l.precio_unitario,
      porcentaje_descuento: l.porcentaje_descuento,
      item: l.item,
      lepton: l.lepton as unknown as Record<string, unknown> | null,
      servicio_lepton: l.servicio_lepton,
      item_padre: l.item_padre,
      descuento_solicitado_id: l.descuento_solicitado_id,
      retal: l.retal,
    })),
    tareasList: pedido.tareas.map((t) => ({ descripcion_tarea: t.descripcion_tarea.trim() })),
    total_subtotal_venta: totales.total_subtotal_venta,
    total_impuestos_venta: totales.total_impuestos_venta,
    total_otros_impuestos_venta: totales.total_otros_impuestos_venta,
    total_venta: totales.total_venta,
    total_descuento: totales.total_descuento,
  };
}

/**
 * The lines of an order loaded for editing: each keeps its item, plan, offcut, discount request and the price it was
 * saved with; the product's current group and stock come from `productos` (a product that is gone keeps the saved data).
 */
export function lineasDeVenta(detalle: readonly VentaDetalle[], productos: ReadonlyMap<number, ProductoLinea>): LineaPedido[] {
  return [...detalle]
    .sort((a, b) => a.item - b.item)
    .map((d) => {
      const producto = productos.get(d.producto_id);
      return {
        clave: nuevaClave(),
        producto_id: d.producto_id,
        grupo_id: producto?.grupo_id ?? 0,
        referencia: d.referencia,
        nombre_producto: d.nombre_producto,
        categoria_producto: producto?.nombre_categoria_producto ?? null,
        cantidad_inventario: producto?.cantidad ?? 0,
        impuesto_id: producto?.impuesto_id ?? 0,
        porcentaje_impuesto: d.porcentaje_impuesto,
        precio_unitario: d.valor_unitario,
        medida_largo: producto?.medida_largo ?? null,
        medida_ancho: producto?.medida_ancho ?? null,
        cantidad_solicitada: d.cantidad_vendida,
        porcentaje_descuento: d.porcentaje_descuento,
        descuento_solicitado_id: d.descuento_solicitado_id,
        item: d.item,
        item_padre: d.item_padre,
        servicio_lepton: d.servicio_lepton,
        lepton: esLepton(d.response_lepton) ? d.response_lepton : null,
        retal: d.retal,
      };
    })
    .reduce<LineaPedido[]>(ordenarBajoSuTablero, []);
}

function esLepton(valor: unknown): valor is LeptonLinea {
  return typeof valor === 'object' && valor !== null && 'piezas' in valor;
}

/** Keeps each service line right after its board line (and its earlier services), whatever order the items have. */
function ordenarBajoSuTablero(acumuladas: LineaPedido[], linea: LineaPedido): LineaPedido[] {
  if (linea.item_padre === null) return [...acumuladas, linea];
  const padre = acumuladas.findIndex((l) => l.item === linea.item_padre);
  if (padre < 0) return [...acumuladas, linea];
  let despues = padre + 1;
  while (despues < acumuladas.length && acumuladas[despues]!.item_padre === linea.item_padre) despues += 1;
  return [...acumuladas.slice(0, despues), linea, ...acumuladas.slice(despues)];
}

/** What a line's cell makes of its text: the value it will use, or the message it shows in place. */
export type LecturaCelda = { valor: number; error?: undefined } | { error: string };

/**
 * A number typed in a line's cell (spec 000 §5, 001 §9), read by the one number reader (numeros.ts): '2,5' gives
 * 'Use punto para decimales: 2.5' and '12.400,50' its accepted form, never 25 or 12.40. At most `decimales`
 * decimals and `maximo`; `mensajeInvalido` (the field's own message) for an empty cell or one not above `minimo`.
 */
export function leerNumeroCelda(texto: string, opciones: { decimales: number; maximo: number; minimo: 'positivo' | 'cero'; mensajeInvalido: string }): LecturaCelda {
  const lectura = leerNumero(texto, { decimales: opciones.decimales, maximo: opciones.maximo });
  if (lectura.error !== null) return { error: lectura.error };
  const valor = lectura.valor;
  if (valor === null || (opciones.minimo === 'positivo' ? valor <= 0 : valor < 0)) return { error: opciones.mensajeInvalido };
  return { valor };
}

/** A cell whose text the reader refused: the form keeps it until it is corrected, and saving waits for it. */
export interface CeldaInvalida {
  etiqueta: string;
  error: string;
}

/** The message that stops the save while a cell holds a refused number ('Cantidad de X: Use punto…'); null when none. */
export function mensajeCeldasInvalidas(invalidas: ReadonlyMap<string, CeldaInvalida>): string | null {
  for (const celda of invalidas.values()) return `${celda.etiqueta}: ${celda.error}`;
  return null;
}
