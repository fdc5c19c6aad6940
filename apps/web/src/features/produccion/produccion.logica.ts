import {
  ESTADOS_VENTA,
  MESES_RANGO_FACTURACION,
  sumarMeses,
  type ProductoVentaProduccion,
  type Tercero,
  type VentasProduccionFiltro,
} from '@tablero/domain';

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
