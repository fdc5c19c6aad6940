import { z } from 'zod';
import { consultaListaSchema, paginaSchema } from '../paginacion';
import { idOpcional, idRequerido, numeroDesde, textoOpcional, textoRequerido } from '../campos';
import { mensajeMaximo } from '../numeros';
import { valorPesos } from '../dinero';
import { ID_MAXIMO } from '../limites';
import { listaCerrada } from '../listas';
import { cantidadStockRequerida } from '../inventario/inventario.schema';
import { CLASES_TRIBUTARIAS } from '../impuestos/impuestos.schema';

export { precioConImpuesto } from './precio';

/** spec 001 §5 Product (messages not given by the spec are ours, in the same voice). */
export const MENSAJES_PRODUCTO = {
  referencia: 'Debe ingresar una referencia',
  referenciaLarga: 'La referencia admite hasta 50 caracteres',
  prefijoLargo: 'El prefijo admite hasta 20 caracteres',
  nombre: 'Debe ingresar un nombre de producto',
  nombreLargo: 'El nombre del producto admite hasta 200 caracteres',
  descripcionLarga: 'La descripción admite hasta 1000 caracteres',
  precio: 'Debe ingresar un precio unitario',
  precioNegativo: 'El precio unitario no puede ser negativo',
  cantidad: 'Debe ingresar una cantidad',
  cantidadInvalida: 'La cantidad debe ser un número mayor o igual a 0',
  impuesto: 'Debe seleccionar un impuesto',
  proveedor: 'Debe seleccionar un proveedor',
  grupo: 'Debe seleccionar un grupo',
  linea: 'Debe seleccionar una línea',
  lineaDeOtroGrupo: 'La línea no pertenece al grupo seleccionado',
  /** spec 001 §5: board groups require length and width. */
  medida: 'Debe ingresar un valor',
  medidaInvalida: 'La medida debe ser un número entero mayor a 0 (mm)',
  opcionInvalida: 'Debe seleccionar una opción válida',
  tipoProducto: 'Debe seleccionar el tipo de producto (Producto o Servicio)',
} as const;

/**
 * spec 000 §3 / 001 §3 "product type Product/Service", with the accounting system's codes (Siigo's product type),
 * shown in Spanish (docs/decisions-factura-electronica.md, "Clase tributaria").
 */
const tiposProducto = listaCerrada({ Product: 'Producto', Service: 'Servicio' });
export const TIPOS_PRODUCTO = tiposProducto.claves;
export type TipoProducto = (typeof TIPOS_PRODUCTO)[number];
export const NOMBRES_TIPO_PRODUCTO = tiposProducto.nombres;
export const OPCIONES_TIPO_PRODUCTO = tiposProducto.opciones;

/** spec 000 §9 / 001 §9: edge-banding search uses product group 2; special services are product group 8 (grupo 'Servicios especiales'), not a grupo_servicio id. */
export const GRUPO_TAPACANTOS = 2;
export const GRUPO_SERVICIOS_ESPECIALES = 8;

/** Longest board side accepted, in mm (100 m): beyond it is a typo, and it stays inside the integer column. */
export const MEDIDA_MAXIMA_MM = 100_000;

const medida = z.preprocess(
  (valor) => {
    const numero = numeroDesde(valor);
    return numero === undefined ? null : numero;
  },
  z.number({ error: MENSAJES_PRODUCTO.medidaInvalida }).int(MENSAJES_PRODUCTO.medidaInvalida).positive(MENSAJES_PRODUCTO.medidaInvalida).max(MEDIDA_MAXIMA_MM, mensajeMaximo(MEDIDA_MAXIMA_MM)).nullable(),
);

/** Body of POST productos/crear and PUT productos/{id}/editar (spec 001 §3 Producto, §5 Product). */
export const productoGuardarSchema = z.object({
  /** Unique product code (SKU); also the key of the inventory CSV. */
  referencia: textoRequerido(MENSAJES_PRODUCTO.referencia, 50, MENSAJES_PRODUCTO.referenciaLarga),
  /** Optional short prefix. */
  prefijo: textoOpcional(20, MENSAJES_PRODUCTO.prefijoLargo).optional().default(null),
  nombre_producto: textoRequerido(MENSAJES_PRODUCTO.nombre, 200, MENSAJES_PRODUCTO.nombreLargo),
  descripcion_producto: textoOpcional(1000, MENSAJES_PRODUCTO.descripcionLarga).optional().default(null),
  /** Unit price in the selected store (pesos, at most 2 decimals: numeric(18,2)); 0 is allowed. */
  precio_unitario: valorPesos(MENSAJES_PRODUCTO.precio, 'cero', MENSAJES_PRODUCTO.precioNegativo),
  /**
   * Quantity on hand in the selected store, in the product's unit (docs/decisions.md, Inventario: a fraction only
   * for a product sold by length or area); a change is recorded as a stock movement.
   */
  cantidad: cantidadStockRequerida(MENSAJES_PRODUCTO.cantidad, MENSAJES_PRODUCTO.cantidadInvalida),
  impuesto_id: idRequerido(MENSAJES_PRODUCTO.impuesto),
  proveedor_id: idRequerido(MENSAJES_PRODUCTO.proveedor),
  grupo_id: idRequerido(MENSAJES_PRODUCTO.grupo),
  linea_id: idRequerido(MENSAJES_PRODUCTO.linea),
  funcion_producto_id: idOpcional(MENSAJES_PRODUCTO.opcionInvalida).optional().default(null),
  grupo_servicio_id: idOpcional(MENSAJES_PRODUCTO.opcionInvalida).optional().default(null),
  /** Optional category and measure type (their modals open from the product form, spec 001). */
  categoria_producto_id: idOpcional(MENSAJES_PRODUCTO.opcionInvalida).optional().default(null),
  tipo_medida_id: idOpcional(MENSAJES_PRODUCTO.opcionInvalida).optional().default(null),
  /** Board length and width in mm: shown and required only for board groups (LISTA_GRUPOS_TABLEROS). */
  medida_largo: medida.optional().default(null),
  medida_ancho: medida.optional().default(null),
  /** A good unless told (migration 202612030100 made the existing services 'Service'). */
  tipo_producto: z.enum(TIPOS_PRODUCTO, { error: MENSAJES_PRODUCTO.tipoProducto }).optional().default('Product'),
  /** The selected store (spec: sent on save); it must be the store of the request. */
  codigo_tienda: z.string().trim().max(10).optional(),
});
export type ProductoGuardar = z.output<typeof productoGuardarSchema>;
export type ProductoGuardarEntrada = z.input<typeof productoGuardarSchema>;

/**
 * spec 001 §5: for board groups length and width are required ('Debe ingresar un valor'). Shared by the form
 * and the server, which reads the board groups from LISTA_GRUPOS_TABLEROS.
 */
export function erroresMedidasTablero(
  datos: { grupo_id: number | null | undefined; medida_largo: number | null | undefined; medida_ancho: number | null | undefined },
  gruposTableros: readonly number[],
): Record<string, string[]> {
  const errores: Record<string, string[]> = {};
  if (datos.grupo_id == null || !gruposTableros.includes(datos.grupo_id)) return errores;
  if (datos.medida_largo == null) errores.medida_largo = [MENSAJES_PRODUCTO.medida];
  if (datos.medida_ancho == null) errores.medida_ancho = [MENSAJES_PRODUCTO.medida];
  return errores;
}

/** spec 001 §3 Producto, as the list, the detail and the search modal read it (store values for the store asked). */
export const productoSchema = z.object({
  id: z.number().int(),
  referencia: z.string(),
  prefijo: z.string().nullable(),
  nombre_producto: z.string(),
  descripcion_producto: z.string().nullable(),
  /** The store's unit price. */
  precio_unitario: z.number(),
  costo_inventario_unitario: z.number(),
  /** The store's quantity on hand, in the product's unit. */
  cantidad: z.number(),
  impuesto_id: z.number().int(),
  funcion_producto_id: z.number().int().nullable(),
  proveedor_id: z.number().int(),
  grupo_id: z.number().int(),
  linea_id: z.number().int(),
  medida_largo: z.number().int().nullable(),
  medida_ancho: z.number().int().nullable(),
  grupo_servicio_id: z.number().int().nullable(),
  categoria_producto_id: z.number().int().nullable(),
  tipo_medida_id: z.number().int().nullable(),
  nombre_grupo: z.string(),
  nombre_linea: z.string(),
  nombre_impuesto: z.string(),
  porcentaje_impuesto: z.number(),
  nombre_funcion_producto: z.string().nullable(),
  nombre_proveedor: z.string(),
  nombre_grupo_servicio: z.string().nullable(),
  nombre_categoria_producto: z.string().nullable(),
  nombre_tipo_medida: z.string().nullable(),
  fecha_registro: z.string(),
  tipo_producto: z.enum(TIPOS_PRODUCTO),
  clase_tributaria: z.enum(CLASES_TRIBUTARIAS),
  codigo_tienda: z.string(),
});
export type Producto = z.infer<typeof productoSchema>;

const marca = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/**
 * The columns the products list sorts by: reference and name in the catalog's search index, the store's price and
 * stock and the date in PostgreSQL (see BuscadorProductos). Without one, the list is newest first.
 */
export const ORDEN_PRODUCTOS = ['referencia', 'nombre_producto', 'precio_unitario', 'cantidad', 'fecha_registro'] as const;
export type OrdenProducto = (typeof ORDEN_PRODUCTOS)[number];

/**
 * Query of GET productos (spec 001 §7): page, per_page, query, orden/direccion, optional grupo_id;
 * servicios_especiales=1 with no_page=1.
 */
export const productosConsultaSchema = consultaListaSchema(ORDEN_PRODUCTOS).extend({
  /** Only products of this product group (edge-band search: group 2). */
  grupo_id: z.coerce.number().int().positive().max(ID_MAXIMO).optional(),
  /** Only products of product group 8 (Servicios especiales). */
  servicios_especiales: marca.optional(),
  /** A plain list instead of a page (at most 1000 rows). */
  no_page: marca.optional(),
  /** Accepted as the spec sends it; it must be the store of the request. */
  codigo_tienda: z.string().trim().max(10).optional(),
});
export type ProductosConsulta = z.output<typeof productosConsultaSchema>;

/** Most rows a plain (no_page) list answers. */
export const MAXIMO_LISTA_SIN_PAGINAR = 1000;

/** Lookups (spec 001 §3 Lookups). */
export const funcionProductoSchema = z.object({ id: z.number().int(), nombre_funcion_producto: z.string() });
export const grupoSchema = z.object({ id: z.number().int(), nombre_grupo: z.string() });
export const lineaSchema = z.object({ id: z.number().int(), grupo_id: z.number().int(), nombre_linea: z.string() });
export const grupoServicioOpcionSchema = z.object({ id: z.number().int(), nombre_grupo_servicio: z.string() });
export const proveedorOpcionSchema = z.object({ id: z.number().int(), nombre_proveedor: z.string() });
export type FuncionProducto = z.infer<typeof funcionProductoSchema>;
export type Grupo = z.infer<typeof grupoSchema>;
export type Linea = z.infer<typeof lineaSchema>;
export type GrupoServicioOpcion = z.infer<typeof grupoServicioOpcionSchema>;
export type ProveedorOpcion = z.infer<typeof proveedorOpcionSchema>;

/** GET productos: a page, or every product with paginacion=false. */
export const productosRespuestaSchema = z.object({ productos: z.union([paginaSchema(productoSchema), z.array(productoSchema)]) });

/** GET productos/{id} and productos/codigo/{referencia}. */
export const productoRespuestaSchema = z.object({ producto: productoSchema });

/** GET listas/funciones-productos. */
export const funcionesProductosRespuestaSchema = z.object({ funciones_productos: z.array(funcionProductoSchema) });

/** GET listas/grupos. */
export const gruposRespuestaSchema = z.object({ grupos: z.array(grupoSchema) });

/** GET listas/grupos/{id}/lineas. */
export const lineasRespuestaSchema = z.object({ lineas: z.array(lineaSchema) });

/** GET listas/grupo-servicio. */
export const gruposServiciosRespuestaSchema = z.object({ grupos_servicios: z.array(grupoServicioOpcionSchema) });

/** GET listas/proveedores: the supplier picker of the product form. */
export const proveedoresOpcionesRespuestaSchema = z.object({ proveedores: z.array(proveedorOpcionSchema) });

/** GET productos/{id} and productos/codigo/{referencia}: the store whose price and stock to answer (else the selected one). */
export const productoTiendaConsultaSchema = z.object({ codigo_tienda: z.string().trim().max(10).optional() });

/** GET productos/codigo/{referencia}. */
export const productoReferenciaParamsSchema = z.object({ referencia: z.string().trim().min(1).max(60) });
