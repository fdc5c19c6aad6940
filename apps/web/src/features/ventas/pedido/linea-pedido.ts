import type { Optimizacion, Producto, RetalMedidas } from '@tablero/domain';

/**
 * What a board line keeps of its cutting dialog (spec 000 §3 response_lepton), saved whole with the line so the dialog
 * reopens exactly as it was left: the spec's fields (url_planos, tapacantos with codigo, piezas) and the dialog's own
 * state (parameters, switches, the edge table, the offcuts) with the last plan.
 */
export interface LeptonLinea {
  url_planos: string;
  url_labels: string;
  /** The edge table: product id, reference (the spec's codigo) and name, in the dialog's order (at most 6). */
  tapacantos: { id: number; codigo: string; nombre_producto: string }[];
  /** The cut rows as the dialog holds them (spec 000 §3 Cut piece; edges are product ids or null). */
  piezas: {
    cantidad: number;
    base: number;
    altura: number;
    rotacion: boolean;
    descripcion: string;
    canto_base_top: number | null;
    canto_base_bottom: number | null;
    canto_altura_left: number | null;
    canto_altura_right: number | null;
    lista_servicios_especiales: { referencia: string; modo: 'B' | 'A' | 'P'; modo_text: string; cantidad: number }[];
  }[];
  /**
   * The offcut rows: typed ones, and kept offcuts of the store's inventory (docs/decisions-retales.md) with their
   * `retal_id` and code (cantidad 1; the server takes their measures from the inventory).
   */
  retales: { cantidad: number; base: number; altura: number; descripcion: string; retal_id?: number | null; codigo?: string | null }[];
  parametros: { desp_sierra: number; desp_tapacantos: number; base: number; altura: number; refilado_x: number; refilado_y: number };
  despiece_retales: boolean;
  cobrar_canto: boolean;
  visualiza_configuracion: boolean;
  /** The plan the line was added with: boards, figures, service lines and each board's SVG. */
  optimizacion: Optimizacion;
}

/** spec 000 §3 Order line, as the order form holds it. */
export interface LineaPedido {
  /** Stable key of the row on screen (a new line has no id yet). */
  clave: string;
  producto_id: number;
  grupo_id: number;
  referencia: string;
  nombre_producto: string;
  categoria_producto: string | null;
  /** The store's stock: a requested quantity above it highlights the row. */
  cantidad_inventario: number;
  impuesto_id: number;
  porcentaje_impuesto: number;
  precio_unitario: number;
  medida_largo: number | null;
  medida_ancho: number | null;
  cantidad_solicitada: number;
  /** 0 unless an approved request covers the line (descuento_solicitado_id). */
  porcentaje_descuento: number;
  descuento_solicitado_id: number | null;
  item: number;
  /** A plan's service or edge material line: the board line's item, and servicio_lepton true. */
  item_padre: number | null;
  servicio_lepton: boolean;
  lepton: LeptonLinea | null;
  /** An offcut line (the calculator's Crear venta): its measures; the server prices it again. */
  retal: RetalLinea | null;
}

/**
 * An offcut line's measures; `codigo` names the kept offcut it sells when the calculator started from one and still
 * knows it (docs/decisions-retales.md), shown on the line; the server reads only the measures and `retal_id`.
 */
export type RetalLinea = RetalMedidas & { codigo?: string | null };

/** What the cutting dialog's Agregar hands the order form (spec 000 §4.4). */
export interface ResultadoCorte {
  lepton: LeptonLinea;
  /** The new quantity of the board line: the number of boards of the plan. */
  cant_placas: number;
  /**
   * The board line's service lines, re-created: SERVICOR1, the edge services with their metres, the edge material
   * lines and the special services × piece quantity, each with its product resolved (id, price, tax) and
   * servicio_lepton true; the form gives them their items and item_padre.
   */
  servicios: Omit<LineaPedido, 'clave' | 'item' | 'item_padre'>[];
}

/** The product's fields an order line copies (GET productos/:id, productos/codigo/:referencia, the search). */
export type ProductoLinea = Pick<
  Producto,
  | 'id'
  | 'referencia'
  | 'nombre_producto'
  | 'grupo_id'
  | 'nombre_categoria_producto'
  | 'cantidad'
  | 'impuesto_id'
  | 'porcentaje_impuesto'
  | 'precio_unitario'
  | 'medida_largo'
  | 'medida_ancho'
>;

/**
 * An order line of `cantidad` of the product at the store's price, without discount, plan or offcut, before the form
 * numbers it: a product line (servicio_lepton false) or a plan's service line (true).
 */
export function lineaSinNumerar(producto: ProductoLinea, cantidad: number, servicio_lepton: boolean): ResultadoCorte['servicios'][number] {
  return {
    producto_id: producto.id,
    grupo_id: producto.grupo_id,
    referencia: producto.referencia,
    nombre_producto: producto.nombre_producto,
    categoria_producto: producto.nombre_categoria_producto,
    cantidad_inventario: producto.cantidad,
    impuesto_id: producto.impuesto_id,
    porcentaje_impuesto: producto.porcentaje_impuesto,
    precio_unitario: producto.precio_unitario,
    medida_largo: producto.medida_largo,
    medida_ancho: producto.medida_ancho,
    cantidad_solicitada: cantidad,
    porcentaje_descuento: 0,
    descuento_solicitado_id: null,
    servicio_lepton,
    lepton: null,
    retal: null,
  };
}
