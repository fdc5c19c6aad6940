// The egresos-ingresos feature (spec 002 §2.10; docs/decisions-pagos-proveedores.md): the expense and income forms, opened from Cuadre de caja. No screen of its own.

/** The expense and income dialog (new or edit by id) and the kinds it serves. */
export { MovimientoCajaModal, type MovimientoAbierto } from './components/movimiento-caja-modal';
export type { TipoMovimientoCaja } from './movimiento-caja.logica';
/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesEgresosIngresos } from './api/claves';
