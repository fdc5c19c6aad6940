import {
  ESTADOS_VENTA,
  MESES_RANGO_FACTURACION,
  SIN_UNIDAD,
  sumarMeses,
  type ProductoVentaProduccion,
  type Tercero,
  type VentasProduccionFiltro,
  ordenEtapaFiltroSchema,
  ventasProduccionSchema,
} from '@tablero/domain';
import { acotarFechas } from '@/components/filtros-lista.logica';
import { escribirEnDireccion, leerDeDireccion, sinCliente, type ConClienteId } from '@/lib/filtros-en-direccion';

/** spec 002 §2.15: the two lists of Generar orden producción (toggle buttons). */
export type ModoGenerar = 'produccion' | 'facturar';

/** spec 002 §2.15, §4: Pendientes producción lists the billed sales (2, the default), Pendientes facturar state 1. */
export const ESTADO_POR_MODO: Record<ModoGenerar, VentasProduccionFiltro['estado_venta_id']> = {
  produccion: ESTADOS_VENTA.facturado,
  facturar: ESTADOS_VENTA.pendienteFacturar,
};

/** The filters of Generar orden producción as the screen holds them. */
export interface FiltrosGenerar {
  modo: ModoGenerar;
  /** 'YYYY-MM-DD', both included. */
  fecha_inicial: string;
  fecha_final: string;
  cliente: Tercero | null;
  /** Only in Pendientes facturar (spec 002 §2.15). */
  venta_id: number | null;
}

/** The default range as the billing list's (the last two months to today), all customers, no sale number. */
export function filtrosGenerarIniciales(hoy: string, modo: ModoGenerar = 'produccion'): FiltrosGenerar {
  return { modo, fecha_inicial: sumarMeses(hoy, -MESES_RANGO_FACTURACION), fecha_final: hoy, cliente: null, venta_id: null };
}

/** The filters' names in the address. */
const PARAMETROS_GENERAR = { modo: 'modo', venta_id: 'venta', fecha_inicial: 'desde', fecha_final: 'hasta', cliente_id: 'cliente' } as const;

const generarInicialEnDireccion = (hoy: string): ConClienteId<FiltrosGenerar> => sinCliente({ ...filtrosGenerarIniciales(hoy), cliente: null });

/**
 * The filters an address holds (lib/filtros-en-direccion), checked by the route's own rule (ventasProduccionSchema,
 * with the mode's state) and kept up to today as the bar keeps them: a missing value is its default, and an address the
 * route would refuse (an edited one, an unknown mode) is the screen's opening filters, never an error.
 */
export function leerFiltrosGenerar(parametros: URLSearchParams, hoy: string): ConClienteId<FiltrosGenerar> {
  const iniciales = generarInicialEnDireccion(hoy);
  const { modo, ...valores } = leerDeDireccion(parametros, PARAMETROS_GENERAR, iniciales);
  if (modo !== 'produccion' && modo !== 'facturar') return iniciales;
  const leido = ventasProduccionSchema.safeParse({ ...valores, estado_venta_id: ESTADO_POR_MODO[modo] });
  if (!leido.success) return iniciales;
  const { venta_id, fecha_inicial, fecha_final, cliente_id } = leido.data;
  // The sale number is a filter of Pendientes facturar only (spec 002 §2.15).
  return acotarFechas({ modo, venta_id: modo === 'facturar' ? venta_id : null, fecha_inicial, fecha_final, cliente_id }, hoy);
}

/** Writes the filters into the address, leaving out what equals the opening filters. */
export function escribirFiltrosGenerar(parametros: URLSearchParams, filtros: ConClienteId<FiltrosGenerar>, hoy: string): URLSearchParams {
  return escribirEnDireccion(parametros, PARAMETROS_GENERAR, filtros, generarInicialEnDireccion(hoy));
}

/** The filters of Preparación orden producción (spec 002 §2.16): no date and no sale to start. */
export interface FiltrosPreparar {
  fecha_inicial: string | null;
  fecha_final: string | null;
  venta_id: number | null;
}

export const FILTROS_PREPARAR_INICIALES: FiltrosPreparar = { fecha_inicial: null, fecha_final: null, venta_id: null };

const PARAMETROS_PREPARAR = { venta_id: 'venta', fecha_inicial: 'desde', fecha_final: 'hasta' } as const;

/** The filters an address holds, checked by the route's own rule (ordenEtapaFiltroSchema); an edited one is no filter. */
export function leerFiltrosPreparar(parametros: URLSearchParams, hoy: string): FiltrosPreparar {
  const leido = ordenEtapaFiltroSchema.safeParse(leerDeDireccion(parametros, PARAMETROS_PREPARAR, FILTROS_PREPARAR_INICIALES));
  if (!leido.success) return FILTROS_PREPARAR_INICIALES;
  const { venta_id, fecha_inicial, fecha_final } = leido.data;
  return acotarFechas({ venta_id, fecha_inicial, fecha_final }, hoy);
}

/** Writes the filters into the address, leaving out what is not set. */
export function escribirFiltrosPreparar(parametros: URLSearchParams, filtros: FiltrosPreparar): URLSearchParams {
  return escribirEnDireccion(parametros, PARAMETROS_PREPARAR, filtros, FILTROS_PREPARAR_INICIALES);
}

/** The body of POST produccion/ventas (spec 002 §7 Sales list) for the screen's filters: its schema's output. */
export type CuerpoVentasProduccion = VentasProduccionFiltro;

/**
 * The server filters by the mode's state (2 takes in 6, billed without sending), the sale number (only in Pendientes
 * facturar, spec 002 §2.15) and the customer, exactly.
 */
export function cuerpoVentasProduccion(filtros: FiltrosGenerar): CuerpoVentasProduccion {
  return {
    fecha_inicial: filtros.fecha_inicial,
    fecha_final: filtros.fecha_final,
    estado_venta_id: ESTADO_POR_MODO[filtros.modo],
    proceso_produccion: filtros.modo === 'produccion',
    cliente_id: filtros.cliente?.id ?? null,
    venta_id: filtros.modo === 'facturar' ? filtros.venta_id : null,
  };
}

/** What the references column reads of a sale's line, as the production routes answer it (data.productos_ventas). */
export type LineaProduccion = Pick<ProductoVentaProduccion, 'venta_id' | 'item' | 'referencia' | 'grupo_servicio_id' | 'item_padre'>;

/**
 * The product references of each sale (spec 002 §2.16 column): its lines that are products (not services nor lines
 * hanging from another), in item order, each reference once. A sale of services only shows its services' references.
 */
export function referenciasPorVenta(lineas: readonly LineaProduccion[]): Map<number, string[]> {
  const porVenta = new Map<number, LineaProduccion[]>();
  for (const linea of [...lineas].sort((a, b) => a.venta_id - b.venta_id || a.item - b.item)) {
    const lista = porVenta.get(linea.venta_id) ?? [];
    lista.push(linea);
    porVenta.set(linea.venta_id, lista);
  }
  const resultado = new Map<number, string[]>();
  for (const [ventaId, lista] of porVenta) {
    const productos = lista.filter((l) => l.grupo_servicio_id === null && l.item_padre === null);
    resultado.set(ventaId, [...new Set((productos.length > 0 ? productos : lista).map((l) => l.referencia))]);
  }
  return resultado;
}

/** spec 002 §2.15 and §2.16 confirmations. */
export const CONFIRMACIONES_PRODUCCION = {
  crearOp: (ventaId: number) => `Se va a generar la orden de producción para la venta No.${ventaId}. ¿Desea continuar?`,
  prepararMaterial: (ordenId: number) => `Se va a poner como producto preparado la OP No.${ordenId}. ¿Desea continuar?`,
} as const;

/** One cut plan of an OP: one per board line with a plan, numbered in item order. */
export interface PlanoOrden {
  item: number;
  /** 'Plano 2 · Melamina Blanca 18 mm' (the board's name), what its control reads. */
  etiqueta: string;
  link: string;
}

/**
 * Every cut plan of a sale (docs/decisions-produccion.md, "Todos los planos de la OP"): one per line with a plan link,
 * in item order. A sale of two cut boards has two plans, and each must reach the saw, not only the first.
 */
export function planosDeVenta(lineas: readonly Pick<ProductoVentaProduccion, 'venta_id' | 'item' | 'nombre_producto' | 'link_planos_lepton'>[], ventaId: number): PlanoOrden[] {
  return lineas
    .filter((l) => l.venta_id === ventaId && l.link_planos_lepton)
    .sort((a, b) => a.item - b.item)
    .map((l, n) => ({ item: l.item, etiqueta: `Plano ${n + 1} · ${l.nombre_producto}`, link: l.link_planos_lepton! }));
}

/** A sum of quantities of one unit (the product's measure type), as a figure shows it. */
export interface CantidadUnidad {
  unidad: string;
  cantidad: number;
}

/**
 * The sold quantity of a sale per unit (docs/decisions-produccion.md, "Una unidad por cifra"): its product lines (not
 * services, as cantidad_vendida), summed per measure type in hundredths (the line's scale), never boards plus metres.
 * In the order each unit first appears by item.
 */
export function cantidadesPorUnidad(lineas: readonly Pick<ProductoVentaProduccion, 'venta_id' | 'item' | 'cantidad' | 'grupo_servicio_id' | 'unidad'>[], ventaId: number): CantidadUnidad[] {
  const centesimas = new Map<string, number>();
  for (const l of [...lineas].filter((x) => x.venta_id === ventaId && x.grupo_servicio_id === null).sort((a, b) => a.item - b.item)) {
    const unidad = l.unidad ?? SIN_UNIDAD;
    centesimas.set(unidad, (centesimas.get(unidad) ?? 0) + Math.round(l.cantidad * 100));
  }
  return [...centesimas].map(([unidad, c]) => ({ unidad, cantidad: c / 100 }));
}
