import type { Acceso } from './acceso';
import type { Rol } from './roles';

/**
 * The side menu groups: the three of spec 000 §2.1 and, for the day's work, Dinero and Reportes (docs/decisions.md
 * "Menú"). The menu shows them where RUTAS places their entries.
 */
export const GRUPOS_MENU = ['Facturación', 'Producción', 'Dinero', 'Reportes', 'Maestros'] as const;
export type GrupoMenu = (typeof GRUPOS_MENU)[number];

export interface Ruta {
  /** Hash path, without the leading '#'. */
  path: string;
  /** Who may open the route (the route guard). */
  acceso: Acceso;
  /** Menu entry, if the screen has one. */
  menu?: {
    etiqueta: string;
    grupo?: GrupoMenu;
    /** Who sees the entry when it differs from who may open the route (spec: "menu: SuperAdministrador"). */
    roles?: readonly Rol[];
  };
  /** spec 000 §2.3: the side menu collapses on the billing list, the sales order form and the production panel. */
  colapsaMenu?: boolean;
}

const SA = ['SuperAdministrador'] as const satisfies readonly Rol[];
const FACTURACION = ['Vendedor', 'Operario'] as const satisfies readonly Rol[];
const BODEGA = ['Bodega'] as const satisfies readonly Rol[];

/**
 * Every screen of the three route tables (000 §2.1, 001 Routes, 002 §2), declared once.
 * SuperAdministrador is implied in every role list (see puedeAcceder).
 * Decisions where the spec says "not shown" are in docs/decisions.md.
 *
 * The order of this table is the side menu's order (docs/decisions.md "Menú"): the day's work first (selling, then the
 * shop floor and dispatch), then the money, the reports, and the setup last. A group's entries stay together.
 */
export const RUTAS = {
  inicio: { path: '/', acceso: 'autenticado', menu: { etiqueta: 'Inicio' } },
  inicioSesion: { path: '/inicio-sesion', acceso: 'visitante' },
  // The day's sales.
  facturacionCrear: {
    path: '/facturacion/crear',
    acceso: FACTURACION,
    menu: { etiqueta: 'Pedidos', grupo: 'Facturación' },
    colapsaMenu: true,
  },
  facturacion: {
    path: '/facturacion',
    acceso: FACTURACION,
    menu: { etiqueta: 'Pendiente por facturar', grupo: 'Facturación' },
    colapsaMenu: true,
  },
  // Quotations (docs/decisions-cotizaciones.md): whoever sells quotes, beside the orders (also linked from Pedidos).
  cotizaciones: { path: '/cotizaciones', acceso: FACTURACION, menu: { etiqueta: 'Cotizaciones', grupo: 'Facturación' } },
  descuentosSolicitados: {
    path: '/descuentos-solicitados',
    acceso: ['Administrador'],
    menu: { etiqueta: 'Descuentos solicitados', grupo: 'Facturación' },
  },
  pendientes: { path: '/pendientes', acceso: 'autenticado', menu: { etiqueta: 'Pendientes', grupo: 'Facturación' } },
  terceros: { path: '/terceros', acceso: ['Vendedor'], menu: { etiqueta: 'Clientes', grupo: 'Facturación' } },
  cuentasCredito: { path: '/cuentas-credito', acceso: 'autenticado', menu: { etiqueta: 'Cuentas crédito', grupo: 'Facturación' } },
  cuentaCreditoDetalle: { path: '/cuentas-credito/:numero_documento_tercero', acceso: 'autenticado' },
  // The shop floor, in the order an order goes through it, and dispatch after it.
  produccion: {
    path: '/produccion',
    acceso: SA,
    menu: { etiqueta: 'Panel control producción', grupo: 'Producción' },
    colapsaMenu: true,
  },
  produccionGenerar: {
    path: '/produccion/generar',
    acceso: SA,
    menu: { etiqueta: 'Generar orden producción', grupo: 'Producción' },
  },
  produccionPreparar: {
    path: '/produccion/preparar',
    acceso: ['Operario'],
    menu: { etiqueta: 'Preparación orden producción', grupo: 'Producción' },
  },
  produccionGestionEtapa: {
    path: '/produccion/gestion-etapa',
    acceso: ['Operario'],
    menu: { etiqueta: 'Gestionar orden producción', grupo: 'Producción' },
  },
  despachos: {
    path: '/despachos',
    acceso: 'autenticado',
    menu: { etiqueta: 'Despachos', grupo: 'Producción', roles: ['SuperAdministrador', 'Vendedor', 'Operario'] },
  },
  // The money: credits and advances as customers pay, the day's cash, the month, suppliers.
  creditos: { path: '/creditos', acceso: SA, menu: { etiqueta: 'Créditos', grupo: 'Dinero' } },
  anticipos: { path: '/anticipos', acceso: SA, menu: { etiqueta: 'Anticipos', grupo: 'Dinero' } },
  cuadreCaja: { path: '/cuadre-caja', acceso: SA, menu: { etiqueta: 'Cuadre de caja', grupo: 'Dinero' } },
  cierreMes: { path: '/cierre-mes', acceso: SA, menu: { etiqueta: 'Cierre de mes', grupo: 'Dinero' } },
  pagosProveedores: {
    path: '/pagos-proveedores',
    acceso: SA,
    menu: { etiqueta: 'Pago a proveedores', grupo: 'Dinero' },
  },
  // The cashier's drawer (docs/decisions-cajas.md): whoever takes cash opens a shift; Administrador reviews the store's.
  caja: { path: '/caja', acceso: ['Administrador', 'Vendedor', 'Operario'], menu: { etiqueta: 'Caja', grupo: 'Dinero' } },
  // Reports: read, not worked in.
  dashboard: { path: '/dashboard', acceso: 'autenticado', menu: { etiqueta: 'Dashboard', grupo: 'Reportes', roles: SA } },
  produccionIndicadores: {
    path: '/produccion/indicadores',
    acceso: SA,
    menu: { etiqueta: 'Indicadores producción', grupo: 'Reportes' },
  },
  informeVentas: { path: '/informe-ventas', acceso: SA, menu: { etiqueta: 'Informe de ventas', grupo: 'Reportes' } },
  auditoria: { path: '/maestros/auditoria', acceso: SA, menu: { etiqueta: 'Auditoría', grupo: 'Reportes' } },
  retenciones: { path: '/reportes/retenciones', acceso: SA, menu: { etiqueta: 'Retenciones practicadas', grupo: 'Reportes' } },
  // Setup: the catalogs and settings the rest works from.
  productos: { path: '/productos', acceso: BODEGA, menu: { etiqueta: 'Productos', grupo: 'Maestros' } },
  productosCrear: { path: '/productos/crear', acceso: BODEGA },
  productosEditar: { path: '/productos/:producto_id/editar', acceso: BODEGA },
  inventario: { path: '/inventario', acceso: BODEGA, menu: { etiqueta: 'Inventario', grupo: 'Maestros' } },
  // The offcut inventory (docs/decisions-retales.md): the warehouse keeps the offcuts; the savings report beside it.
  retales: { path: '/inventario/retales', acceso: BODEGA, menu: { etiqueta: 'Retales', grupo: 'Maestros' } },
  proveedores: { path: '/maestros/proveedores', acceso: SA, menu: { etiqueta: 'Proveedores', grupo: 'Maestros' } },
  tiposConceptos: {
    path: '/maestros/tipos-conceptos',
    acceso: SA,
    menu: { etiqueta: 'Tipos de conceptos', grupo: 'Maestros' },
  },
  maquinas: { path: '/maestros/maquinas', acceso: SA, menu: { etiqueta: 'Máquinas', grupo: 'Maestros' } },
  numeracion: { path: '/maestros/numeracion', acceso: SA, menu: { etiqueta: 'Numeración', grupo: 'Maestros' } },
  facturaElectronica: {
    path: '/maestros/factura-electronica',
    acceso: SA,
    menu: { etiqueta: 'Factura electrónica', grupo: 'Maestros' },
  },
  parametros: { path: '/parametros', acceso: SA, menu: { etiqueta: 'Parámetros', grupo: 'Maestros' } },
  conexiones: { path: '/conexiones', acceso: SA, menu: { etiqueta: 'Conexiones', grupo: 'Maestros' } },
  cajas: { path: '/maestros/cajas', acceso: ['Administrador'], menu: { etiqueta: 'Cajas', grupo: 'Maestros' } },
  publicoDespachos: { path: '/publico/despachos', acceso: 'publico' },
} as const satisfies Record<string, Ruta>;

export type NombreRuta = keyof typeof RUTAS;

/**
 * Actions inside a screen that not everyone who opens the screen may take: money a screen open to more roles would
 * otherwise let anyone move. Declared here with the screens; the server's guard enforces them (the routes'
 * `config.acceso`) and the web hides what a role may not do (docs/decisions.md "Quién mueve el dinero de un crédito").
 */
export const ACCIONES = {
  /**
   * Create a credit account, change its quota, register a payment to it (spec 001 Cuentas crédito): the roles of
   * Créditos, the screen of the same accounts' payments (spec 002 §2, §6 "Credits: main administrator"), so that
   * `PUT cuentas-credito/pago` and `POST creditos/abonos` are open to the same roles.
   */
  gestionarCredito: { acceso: RUTAS.creditos.acceso },
  /**
   * spec 000 §8: the order form creates the account of a customer without one, in place. Whoever sells may, with a
   * quota up to the parameter CUPO_MAXIMO_VENDEDOR (`POST cuentas-credito/pedido`).
   */
  cuentaCreditoDesdePedido: { acceso: RUTAS.facturacionCrear.acceso },
  /** The store's shifts on the Caja screen: list them, approve or comment a close, reopen one (docs/decisions-cajas.md). */
  revisarTurnosCaja: { acceso: RUTAS.cajas.acceso },
  /** The cutting dialog offers the store's offcuts of a material to whoever sells (GET retales/disponibles). */
  retalesParaCorte: { acceso: RUTAS.facturacionCrear.acceso },
  /** The cut stage lists the offcuts a sale's cut keeps (GET retales/venta/:id) to whoever runs the stage. */
  retalesDeCorte: { acceso: RUTAS.produccionGestionEtapa.acceso },
} as const satisfies Record<string, { acceso: Acceso }>;

/** Who sees a route's menu entry: its menu roles if given, else whoever may open the route. */
export function accesoMenu(ruta: Ruta): Acceso {
  return ruta.menu?.roles ?? ruta.acceso;
}
