import { describe, expect, it } from 'vitest';
import { puedeAcceder } from './acceso';
import { accesoMenu, ACCIONES, RUTAS, type Ruta } from './rutas';
import { ROLES, type Rol } from './roles';

const rutas: Record<string, Ruta> = RUTAS;

/** Who may open each route, read from the spec's route tables (000 §2.1, 001 Routes, 002 §2). */
function quienesAbren(nombre: keyof typeof RUTAS): Rol[] {
  return ROLES.filter((rol) => puedeAcceder(rol, RUTAS[nombre].acceso));
}

describe('puedeAcceder', () => {
  it('lets SuperAdministrador through every role list', () => {
    for (const ruta of Object.values(rutas)) {
      if (Array.isArray(ruta.acceso)) expect(puedeAcceder('SuperAdministrador', ruta.acceso)).toBe(true);
    }
  });

  it('keeps the login screen for visitors and sends logged-in users away', () => {
    expect(puedeAcceder(null, RUTAS.inicioSesion.acceso)).toBe(true);
    for (const rol of ROLES) expect(puedeAcceder(rol, RUTAS.inicioSesion.acceso)).toBe(false);
  });

  it('opens public routes to everyone and logged-in routes to no visitor', () => {
    expect(puedeAcceder(null, RUTAS.publicoDespachos.acceso)).toBe(true);
    expect(puedeAcceder('Operario', RUTAS.publicoDespachos.acceso)).toBe(true);
    expect(puedeAcceder(null, RUTAS.inicio.acceso)).toBe(false);
    expect(puedeAcceder(undefined, RUTAS.parametros.acceso)).toBe(false);
  });

  it('refuses a role that is not listed', () => {
    expect(puedeAcceder('Bodega', ['Vendedor'])).toBe(false);
    expect(puedeAcceder('Vendedor', ['Vendedor'])).toBe(true);
  });
});

describe('route table', () => {
  it('gives parameters and connections to SuperAdministrador only', () => {
    expect(quienesAbren('parametros')).toEqual(['SuperAdministrador']);
    expect(quienesAbren('conexiones')).toEqual(['SuperAdministrador']);
  });

  it('gives clients to SuperAdministrador and Vendedor', () => {
    expect(quienesAbren('terceros')).toEqual(['SuperAdministrador', 'Vendedor']);
  });

  it('gives products and inventory to SuperAdministrador and Bodega', () => {
    for (const nombre of ['productos', 'productosCrear', 'productosEditar', 'inventario'] as const) {
      expect(quienesAbren(nombre)).toEqual(['SuperAdministrador', 'Bodega']);
    }
  });

  it('gives billing and the sales form to SuperAdministrador, Vendedor and Operario', () => {
    expect(quienesAbren('facturacion')).toEqual(['SuperAdministrador', 'Vendedor', 'Operario']);
    expect(quienesAbren('facturacionCrear')).toEqual(['SuperAdministrador', 'Vendedor', 'Operario']);
  });

  it('gives money, masters and the production panel to SuperAdministrador only', () => {
    for (const nombre of [
      'creditos',
      'anticipos',
      'cierreMes',
      'cuadreCaja',
      'pagosProveedores',
      'proveedores',
      'tiposConceptos',
      'maquinas',
      'produccion',
      'produccionGenerar',
    ] as const) {
      expect(quienesAbren(nombre), nombre).toEqual(['SuperAdministrador']);
    }
  });

  it('lets Operario manage stages and prepare orders', () => {
    expect(quienesAbren('produccionGestionEtapa')).toEqual(['SuperAdministrador', 'Operario']);
    expect(quienesAbren('produccionPreparar')).toEqual(['SuperAdministrador', 'Operario']);
  });

  it('opens home, dashboard, credit accounts, dispatches and pending tasks to every role', () => {
    for (const nombre of ['inicio', 'dashboard', 'cuentasCredito', 'cuentaCreditoDetalle', 'despachos', 'pendientes'] as const) {
      expect(quienesAbren(nombre), nombre).toEqual([...ROLES]);
    }
  });

  it('shows the dashboard menu entry to SuperAdministrador only and dispatches to three roles', () => {
    expect(ROLES.filter((rol) => puedeAcceder(rol, accesoMenu(RUTAS.dashboard)))).toEqual(['SuperAdministrador']);
    expect(ROLES.filter((rol) => puedeAcceder(rol, accesoMenu(RUTAS.despachos)))).toEqual([
      'SuperAdministrador',
      'Vendedor',
      'Operario',
    ]);
  });

  it('collapses the menu on the billing list, the sales form and the production panel only', () => {
    const colapsan = Object.entries(rutas)
      .filter(([, ruta]) => ruta.colapsaMenu)
      .map(([nombre]) => nombre);
    expect(colapsan.sort()).toEqual(['facturacion', 'facturacionCrear', 'produccion']);
  });

  it('has unique paths, each starting with a slash', () => {
    const paths = Object.values(rutas).map((ruta) => ruta.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path.startsWith('/')).toBe(true);
  });
});

describe('actions inside a screen (docs/decisions.md "Quién mueve el dinero de un crédito")', () => {
  it('gives the quota and the account payments to the roles of Créditos only, not to every role of Cuentas crédito', () => {
    expect(ROLES.filter((rol) => puedeAcceder(rol, ACCIONES.gestionarCredito.acceso))).toEqual(['SuperAdministrador']);
    expect(ACCIONES.gestionarCredito.acceso).toBe(RUTAS.creditos.acceso);
  });

  it("gives the order form's account to whoever sells", () => {
    expect(ROLES.filter((rol) => puedeAcceder(rol, ACCIONES.cuentaCreditoDesdePedido.acceso))).toEqual(['SuperAdministrador', 'Vendedor', 'Operario']);
  });
});
