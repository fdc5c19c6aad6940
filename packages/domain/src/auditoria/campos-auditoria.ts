import { formatearDinero } from '../dinero';
import { formatearFecha, formatearFechaHora } from '../fechas/fechas';

/**
 * How the audit trail shows a change's fields (docs/decisions-operacion.md, "Auditoría legible"): one Spanish label
 * per audited column, money as money, dates as dates, flags as Sí/No, and the ids the server resolves to the record's
 * name. One table for the screen and the .xlsx alike.
 */
export const ETIQUETAS_CAMPOS_AUDITORIA: Record<string, string> = {
  activo: 'Activo',
  adjunto_comprobante_pago: 'Comprobante adjunto',
  adjunto_contenido: 'Contenido del adjunto',
  adjunto_tipo: 'Tipo de adjunto',
  anulador_id: 'Anulado por',
  apellidos: 'Apellidos',
  aprobado: 'Aprobado',
  aprobador_id: 'Aprobado por',
  cantidad: 'Cantidad',
  cantidad_solicitada: 'Cantidad solicitada',
  categoria_producto_id: 'Categoría',
  city_code: 'Ciudad',
  cliente_id: 'Cliente',
  cliente_texto_busqueda: 'Texto de búsqueda del cliente',
  codigo_comprobante: 'Código del comprobante',
  codigo_comprobante_pago: 'Código del comprobante',
  codigo_factura: 'Código de la factura',
  codigo_parametro: 'Parámetro',
  codigo_tienda: 'Tienda',
  consecutivo_anticipo: 'Consecutivo del anticipo',
  correo_electronico: 'Correo electrónico',
  costo_inventario_unitario: 'Costo unitario',
  country_code: 'País',
  crear_factura_siigo: 'Crear factura en Siigo',
  created_at: 'Creado',
  credito: 'Crédito',
  cuenta_credito_id: 'Cuenta de crédito',
  descripcion_abono: 'Descripción del anticipo',
  descripcion_egreso: 'Descripción del egreso',
  descripcion_ingreso: 'Descripción del ingreso',
  descripcion_movimiento: 'Descripción del movimiento',
  descripcion_producto: 'Descripción del producto',
  direccion: 'Dirección',
  direccion_residencia: 'Dirección',
  eliminado: 'Eliminado',
  email: 'Correo electrónico',
  estado_venta_id: 'Estado de la venta',
  factura_code_siigo: 'Código de Siigo',
  facturador_id: 'Facturó',
  fecha_abono: 'Fecha del anticipo',
  fecha_actualiza: 'Fecha de actualización',
  fecha_anulacion: 'Fecha de anulación',
  fecha_creacion: 'Fecha de creación',
  fecha_decision: 'Fecha de la decisión',
  fecha_egreso: 'Fecha del egreso',
  fecha_elimina: 'Fecha de eliminación',
  fecha_factura: 'Fecha de la factura',
  fecha_factura_dian: 'Fecha de envío a la DIAN',
  fecha_ingreso: 'Fecha del ingreso',
  fecha_inserta: 'Fecha de registro',
  fecha_movimiento: 'Fecha del movimiento',
  fecha_pago: 'Fecha de pago',
  fecha_registro: 'Fecha de registro',
  fecha_vencimiento: 'Fecha de vencimiento',
  fecha_venta: 'Fecha de la venta',
  forma_pago_id: 'Forma de pago',
  funcion_producto_id: 'Función del producto',
  gestion_factura: 'Factura en gestión',
  grupo_id: 'Grupo',
  grupo_servicio_id: 'Grupo de servicio',
  id: 'Número',
  impuesto_adicional_id: 'Impuesto adicional',
  impuesto_id: 'Impuesto',
  linea_id: 'Línea',
  medida_ancho: 'Ancho',
  medida_largo: 'Largo',
  modo_factura: 'Modo de factura',
  movimiento_origen_id: 'Movimiento de origen',
  name: 'Nombre',
  nit: 'NIT',
  nombre_producto: 'Nombre del producto',
  nombre_proveedor: 'Nombre del proveedor',
  nombre_tienda: 'Nombre de la tienda',
  nombres: 'Nombres',
  nro_factura_dian: 'Número de factura',
  numero_celular: 'Celular',
  numero_documento: 'Número de documento',
  numero_telefonico: 'Teléfono',
  observacion: 'Observación',
  observacion_venta: 'Observación de la venta',
  observaciones: 'Observaciones',
  pago_realizado: 'Pago realizado',
  password_hash: 'Contraseña',
  permite_fe: 'Factura electrónica',
  pj_iva: 'Porcentaje de IVA',
  pj_retefuente: 'Porcentaje de retención en la fuente',
  plazo_credito: 'Plazo del crédito (días)',
  plazo_dias: 'Plazo (días)',
  porcentaje_descuento: 'Porcentaje de descuento',
  porcentaje_impuesto: 'Porcentaje de impuesto',
  porcentaje_impuesto_adicional: 'Porcentaje del impuesto adicional',
  nombre_impuesto: 'Nombre del impuesto',
  precio_unitario: 'Precio unitario',
  prefijo: 'Prefijo',
  prefijo_factura_dian: 'Prefijo de la factura',
  producto_id: 'Producto',
  proveedor_id: 'Proveedor',
  rango_numeracion_id: 'Rango de numeración',
  referencia: 'Referencia',
  responsabilidad_fiscal: 'Responsabilidad fiscal',
  responsable_iva: 'Responsable de IVA',
  role: 'Rol',
  saldo_abono: 'Saldo de anticipo',
  saldo_credito: 'Saldo del crédito',
  state_code: 'Departamento',
  sub_total: 'Subtotal',
  tercero_id: 'Tercero',
  texto_busqueda: 'Texto de búsqueda',
  tipo_concepto_id: 'Tipo de concepto',
  tipo_documento: 'Tipo de documento',
  tipo_documento_id: 'Tipo de documento',
  tipo_medida_id: 'Tipo de medida',
  tipo_movimiento_abono_id: 'Tipo de movimiento del anticipo',
  tipo_movimiento_credito_id: 'Tipo de movimiento del crédito',
  tipo_pago_id: 'Tipo de pago',
  tipo_persona: 'Tipo de persona',
  tipo_producto: 'Tipo de producto',
  tipo_tercero: 'Tipo de tercero',
  total_credito: 'Saldo del crédito',
  total_cupo_permitido: 'Cupo permitido',
  total_descuento: 'Descuento',
  total_impuestos_venta: 'Impuestos',
  total_otros_impuestos_venta: 'Otros impuestos',
  total_subtotal_venta: 'Subtotal',
  total_venta: 'Total de la venta',
  updated_at: 'Actualizado',
  user_id: 'Usuario',
  usuario_actualiza: 'Actualizado por',
  usuario_elimina: 'Eliminado por',
  usuario_responsable: 'Responsable',
  valor_abono: 'Valor del anticipo',
  valor_antes_iva: 'Valor antes de IVA',
  valor_egreso: 'Valor del egreso',
  valor_ingreso: 'Valor del ingreso',
  valor_iva: 'Valor del IVA',
  valor_movimiento: 'Valor del movimiento',
  valor_pagado: 'Valor pagado',
  valor_parametro: 'Valor',
  valor_recibido_efectivo: 'Efectivo recibido',
  valor_rte: 'Retención',
  valor_total: 'Valor total',
  valor_total_pagar: 'Total a pagar',
  valor_venta_cambio_favor: 'Cambio',
  vendedor_id: 'Vendedor',
  venta_id: 'Venta',
  version: 'Versión',
};

/**
 * The audited columns whose values are ids of another record, by the kind of record they name: the server reads
 * those records' names (a customer's name and document, a user's name, a product's reference and name…).
 */
export const REFERENCIAS_AUDITORIA = {
  tercero: ['tercero_id', 'cliente_id'],
  usuario: ['user_id', 'vendedor_id', 'facturador_id', 'anulador_id', 'aprobador_id', 'usuario_responsable', 'usuario_actualiza', 'usuario_elimina'],
  producto: ['producto_id'],
  forma_pago: ['forma_pago_id'],
  estado_venta: ['estado_venta_id'],
  proveedor: ['proveedor_id'],
} as const;
export type ReferenciaAuditoria = keyof typeof REFERENCIAS_AUDITORIA;

/** The kind of record a column names, or null when its value is no id. */
export function referenciaDeCampo(campo: string): ReferenciaAuditoria | null {
  for (const [tipo, campos] of Object.entries(REFERENCIAS_AUDITORIA) as [ReferenciaAuditoria, readonly string[]][]) {
    if (campos.includes(campo)) return tipo;
  }
  return null;
}

/** The tables whose record (the change's `registro`, its id) is named like a referenced one. */
export const REGISTROS_CON_NOMBRE: Record<string, ReferenciaAuditoria> = {
  tercero: 'tercero',
  usuario: 'usuario',
  producto: 'producto',
  forma_pago: 'forma_pago',
  proveedor: 'proveedor',
};

/** Money columns: amounts, prices, costs, balances and quotas (numeric money columns of the audited tables). */
const DINERO = /^(valor_(?!parametro$)|total_|saldo_|precio_|costo_|sub_total$)/;

/** A column's label; an unlisted one is its name with spaces, so a new column still reads. */
export function etiquetaCampoAuditoria(campo: string): string {
  return ETIQUETAS_CAMPOS_AUDITORIA[campo] ?? `${campo.charAt(0).toUpperCase()}${campo.slice(1).replace(/_/g, ' ')}`;
}

/** The key of a resolved id in a change's names: the column and the value ('cliente_id=4'). */
export const claveNombre = (campo: string, valor: unknown) => `${campo}=${String(valor)}`;

/**
 * A field's value as people read it: the record an id names ('Ana Gómez · CC 1020304050', from `nombres`), money as
 * money ('$430,000'), a date or an instant as one ('15/01/2026', '23/11/2026 02:05 pm'), Sí/No, and '—' when empty.
 */
export function textoCampoAuditoria(campo: string, valor: unknown, nombres: Record<string, string> = {}): string {
  if (valor === null || valor === undefined || valor === '') return '—';
  const nombre = nombres[claveNombre(campo, valor)];
  if (nombre !== undefined) return nombre;
  if (typeof valor === 'boolean') return valor ? 'Sí' : 'No';
  if (campo === 'password_hash') return '(oculta)';
  if (DINERO.test(campo) && (typeof valor === 'number' || (typeof valor === 'string' && /^-?\d+(\.\d+)?$/.test(valor)))) return formatearDinero(valor);
  if (typeof valor === 'string' && (campo.startsWith('fecha') || campo.endsWith('_at'))) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(valor)) return formatearFecha(valor);
    if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(valor)) return formatearFechaHora(valor);
  }
  if (typeof valor === 'string' || typeof valor === 'number') return String(valor);
  return JSON.stringify(valor);
}
