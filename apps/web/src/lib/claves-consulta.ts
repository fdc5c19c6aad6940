/**
 * The root of every feature's query keys, one line each (docs/architecture.md §5). A feature's keys
 * (`features/<feature>/api/claves.ts`) all start with its root, so invalidating the root refreshes every query of
 * that feature. A save that changes other features' data invalidates their roots from here (a bill refreshes the
 * inventory, the credit accounts and the customers), without importing those features: the feature graph keeps
 * one direction.
 */
export const raicesConsulta = {
  abonos: ['abonos'],
  auditoria: ['auditoria'],
  cajas: ['cajas'],
  categoriasProductos: ['categorias-productos'],
  cierreMes: ['cierre-mes'],
  conexiones: ['conexiones'],
  cuadreCaja: ['cuadre-caja'],
  cuentasCredito: ['cuentas-credito'],
  dashboard: ['dashboard'],
  descuentos: ['descuentos'],
  despachos: ['despachos'],
  /** The public dispatch board: apart from the staff screens' keys, nothing they invalidate concerns it. */
  despachosPublico: ['despachos-publico'],
  egresosIngresos: ['egresos-ingresos'],
  facturaElectronica: ['factura-electronica'],
  impuestos: ['impuestos'],
  informeVentas: ['informe-ventas'],
  inventario: ['inventario'],
  maquinas: ['maquinas'],
  numeracion: ['numeracion'],
  pagosProveedores: ['pagos-proveedores'],
  parametros: ['parametros'],
  produccion: ['produccion'],
  productos: ['productos'],
  proveedores: ['proveedores'],
  retales: ['retales'],
  retenciones: ['retenciones'],
  siigo: ['siigo'],
  terceros: ['terceros'],
  tiendas: ['tiendas-usuario'],
  tiposConceptos: ['tipos-conceptos'],
  tiposMedidas: ['tipos-medidas'],
  ventas: ['ventas'],
  /** The forms' lookups (GET listas/…): under no feature's root, so a save never reloads them. */
  listas: ['listas'],
} as const;
