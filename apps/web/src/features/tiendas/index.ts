/** The store of the session (spec 000 §2.4): the 'Ingreso a tiendas' dialog and the hook that drives it (the frame uses them). */
export { TiendaDialog } from './components/tienda-dialog';
export { useSeleccionTienda } from './components/use-seleccion-tienda';

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesTiendas } from './api/claves';
/** The user's stores with their numeric ids (the bill dialog matches the selected store against LISTA_TIENDA_FACTURA_SIIGO). */
export { tiendasUsuarioQueryOptions } from './api/get-tiendas-usuario';
