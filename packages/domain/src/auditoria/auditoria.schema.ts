import { z } from 'zod';
import { idOpcional } from '../campos';
import { diasDelRango } from '../dashboard/dashboard.schema';
import { fechaRequerida } from '../fechas/fechas';
import { paginaConsultaSchema } from '../limites';
import { paginaSchema, tamanoPaginaSchema } from '../paginacion';

/**
 * Audit trail (beyond the spec; docs/architecture.md §3): every change of money, stock, state, price, quota, role and setting, written by
 * PostgreSQL in the change's own transaction (migration 202612010000_create_auditoria), read by the SuperAdministrador
 * under Maestros.
 */
export const MENSAJES_AUDITORIA = {
  fecha: 'Debe ingresar una fecha válida',
  rangoFechas: 'La fecha inicial no puede ser mayor a la fecha final',
  rangoLargo: 'El rango de fechas no puede superar 366 días',
  usuario: 'Debe seleccionar un usuario válido',
  modulo: 'Debe seleccionar un módulo válido',
  registroLargo: 'El registro admite hasta 100 caracteres',
  exportacionGrande: 'La exportación admite hasta 50.000 cambios; acote los filtros',
  sinResultados: 'No hay cambios con los filtros ingresados',
} as const;

/** The modules whose tables are audited (the server folder that owns each table), with the name the screen shows. */
export const MODULOS_AUDITORIA = {
  ventas: 'Ventas',
  inventario: 'Inventario',
  productos: 'Productos',
  'cuentas-credito': 'Cuentas de crédito',
  abonos: 'Anticipos',
  devoluciones: 'Devoluciones',
  terceros: 'Terceros',
  'egresos-ingresos': 'Egresos e ingresos',
  'pagos-proveedores': 'Pagos a proveedores',
  descuentos: 'Descuentos',
  periodos: 'Cierre de mes',
  produccion: 'Producción',
  despachos: 'Despachos',
  'factura-electronica': 'Factura electrónica',
  usuarios: 'Usuarios',
  parametros: 'Parámetros',
  numeracion: 'Numeración',
  impuestos: 'Impuestos',
  tiendas: 'Tiendas',
  maquinas: 'Máquinas',
  proveedores: 'Proveedores',
  'categorias-productos': 'Categorías de productos',
  'tipos-conceptos': 'Tipos de conceptos',
  'tipos-medidas': 'Tipos de medidas',
  cajas: 'Cajas',
  'informe-ventas': 'Comisiones de ventas',
  retenciones: 'Retenciones',
  retales: 'Retales',
} as const;
export type ModuloAuditoria = keyof typeof MODULOS_AUDITORIA;
const CLAVES_MODULOS = Object.keys(MODULOS_AUDITORIA) as [ModuloAuditoria, ...ModuloAuditoria[]];

/** What the audited tables hold, as the screen names the record of a change. */
export const TABLAS_AUDITORIA: Record<string, string> = {
  venta: 'Venta',
  venta_detalle: 'Línea de venta',
  retencion_venta: 'Retención de venta',
  tercero_retencion: 'Retenciones del cliente',
  venta_forma_pago: 'Pago de venta',
  forma_pago: 'Forma de pago',
  inventario: 'Inventario',
  producto: 'Producto',
  cuenta_credito: 'Cuenta de crédito',
  cuenta_credito_movimiento: 'Movimiento de crédito',
  cuenta_credito_movimiento_forma_pago: 'Pago de crédito',
  abono_tercero: 'Anticipo',
  devolucion_dinero: 'Devolución de dinero',
  tercero: 'Tercero',
  egreso: 'Egreso',
  ingreso: 'Ingreso',
  pago_proveedor: 'Pago a proveedor',
  pago_proveedor_forma_pago: 'Forma de pago a proveedor',
  descuento_solicitado: 'Descuento',
  periodo_cerrado: 'Periodo',
  produccion_venta: 'Orden de producción',
  produccion_venta_etapa: 'Etapa de producción',
  despacho_turno: 'Turno de despacho',
  documento_fe: 'Documento electrónico',
  usuario: 'Usuario',
  usuario_tienda: 'Tienda de usuario',
  parametro: 'Parámetro',
  configuracion_fe: 'Configuración factura electrónica',
  rango_numeracion: 'Rango de numeración',
  impuesto: 'Impuesto',
  tienda: 'Tienda',
  maquina: 'Máquina',
  grupo_servicio: 'Grupo de servicio',
  proveedor: 'Proveedor',
  categoria_producto: 'Categoría de producto',
  grupo: 'Grupo',
  linea: 'Línea',
  funcion_producto: 'Función de producto',
  tipo_concepto: 'Tipo de concepto',
  tipo_medida: 'Tipo de medida',
  tipo_motivo_suspension_produccion: 'Motivo de suspensión',
  caja: 'Caja',
  turno_caja: 'Turno de caja',
  turno_caja_evento: 'Paso de turno de caja',
  retal: 'Retal',
  retal_movimiento: 'Movimiento de retal',
};

export const ACCIONES_AUDITORIA = { crear: 'Creación', editar: 'Cambio', eliminar: 'Eliminación' } as const;
export type AccionAuditoria = keyof typeof ACCIONES_AUDITORIA;

/** Longest date range of a query: a year and a day, so a count never scans the whole trail. */
export const DIAS_MAXIMOS_AUDITORIA = 366;
/** Most rows one export writes. */
export const FILAS_MAXIMAS_EXPORTAR_AUDITORIA = 50_000;


const camposFiltro = z.object({
  fecha_inicial: fechaRequerida(MENSAJES_AUDITORIA.fecha),
  fecha_final: fechaRequerida(MENSAJES_AUDITORIA.fecha),
  usuario_id: idOpcional(MENSAJES_AUDITORIA.usuario),
  modulo: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(CLAVES_MODULOS, { error: MENSAJES_AUDITORIA.modulo }).nullable()),
  /** The record's key as the list shows it (a sale's number, 'T01/55' for a store's stock of a product). */
  registro: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : (v ?? null)),
    z.string({ error: MENSAJES_AUDITORIA.registroLargo }).trim().max(100, MENSAJES_AUDITORIA.registroLargo).nullable(),
  ),
});

function revisarRango(filtro: { fecha_inicial: string; fecha_final: string }, ctx: z.RefinementCtx) {
  if (filtro.fecha_inicial > filtro.fecha_final) ctx.addIssue({ code: 'custom', path: ['fecha_inicial'], message: MENSAJES_AUDITORIA.rangoFechas });
  // diasDelRango counts both ends; the limit is on the days between them.
  else if (diasDelRango(filtro.fecha_inicial, filtro.fecha_final) - 1 > DIAS_MAXIMOS_AUDITORIA) ctx.addIssue({ code: 'custom', path: ['fecha_final'], message: MENSAJES_AUDITORIA.rangoLargo });
}

/** POST auditoria/exportar: a date range (required, at most DIAS_MAXIMOS_AUDITORIA), and optionally a user, a module, a record. */
export const auditoriaFiltroSchema = camposFiltro.superRefine(revisarRango);
export type AuditoriaFiltro = z.output<typeof auditoriaFiltroSchema>;

/** GET auditoria: the same filters in the query string, with page and per_page. */
export const auditoriaConsultaSchema = camposFiltro.extend({ page: paginaConsultaSchema, per_page: tamanoPaginaSchema }).superRefine(revisarRango);
export type AuditoriaConsulta = z.output<typeof auditoriaConsultaSchema>;

/** One change: who, when, from where, the record, and the values before and after (only what changed). */
export const cambioAuditoriaSchema = z.object({
  id: z.number().int(),
  fecha: z.string(),
  usuario_id: z.number().int().nullable(),
  /** The user's name and e-mail, or null for Tablero itself (demo data, background jobs). */
  usuario: z.string().nullable(),
  rol: z.string().nullable(),
  codigo_tienda: z.string().nullable(),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
  modulo: z.string(),
  tabla: z.string(),
  registro: z.string(),
  accion: z.enum(['crear', 'editar', 'eliminar']),
  antes: z.record(z.string(), z.unknown()).nullable(),
  despues: z.record(z.string(), z.unknown()).nullable(),
  /** The record's name when it is a customer, user, product, payment method or supplier ('Ana Gómez · 1020304050'). */
  nombre_registro: z.string().nullable(),
  /** The names of the ids among the values, by 'campo=valor' (claveNombre): 'cliente_id=4' → the customer's name. */
  nombres: z.record(z.string(), z.string()),
});
export type CambioAuditoria = z.infer<typeof cambioAuditoriaSchema>;

/** GET auditoria: a page of changes. */
export const cambiosAuditoriaRespuestaSchema = z.object({ cambios: paginaSchema(cambioAuditoriaSchema) });

/** GET auditoria/usuarios: every user, for the filter. */
export const usuariosAuditoriaRespuestaSchema = z.object({ usuarios: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })) });
