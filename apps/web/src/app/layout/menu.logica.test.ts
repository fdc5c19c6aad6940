import { describe, expect, it } from 'vitest';
import { ROLES } from '@tablero/domain';
import { entradasMenu, quedaContenidoAbajo, seccionesMenu } from './menu.logica';

/** Every menu screen exists today (the journey pantallas-1366.spec.ts opens each one as each role). */
const todas = () => true;

const menuDe = (rol: (typeof ROLES)[number]) =>
  seccionesMenu(entradasMenu(rol, todas)).map(({ grupo, entradas }) => [grupo ?? '', entradas.map((entrada) => entrada.etiqueta)]);

describe('the side menu, by daily use', () => {
  it("puts a SuperAdministrador's day first: sales, the shop floor and dispatch, then the money, reports and setup last", () => {
    expect(menuDe('SuperAdministrador')).toEqual([
      ['', ['Inicio']],
      ['Facturación', ['Pedidos', 'Pendiente por facturar', 'Cotizaciones', 'Descuentos solicitados', 'Pendientes', 'Clientes', 'Cuentas crédito']],
      ['Producción', ['Panel control producción', 'Generar orden producción', 'Preparación orden producción', 'Gestionar orden producción', 'Despachos']],
      ['Dinero', ['Créditos', 'Anticipos', 'Cuadre de caja', 'Cierre de mes', 'Pago a proveedores', 'Caja']],
      ['Reportes', ['Dashboard', 'Indicadores producción', 'Informe de ventas', 'Auditoría', 'Retenciones practicadas']],
      [
        'Maestros',
        ['Productos', 'Inventario', 'Retales', 'Proveedores', 'Tipos de conceptos', 'Máquinas', 'Numeración', 'Factura electrónica', 'Parámetros', 'Conexiones', 'Cajas'],
      ],
    ]);
  });

  it('holds Créditos, Anticipos, Cuadre de caja, Cierre de mes, Pago a proveedores and Caja in the Dinero group, and nothing else', () => {
    const dinero = entradasMenu('SuperAdministrador', todas).filter((entrada) => entrada.grupo === 'Dinero');
    expect(dinero.map((entrada) => entrada.nombre).sort()).toEqual(['anticipos', 'caja', 'cierreMes', 'creditos', 'cuadreCaja', 'pagosProveedores']);
  });

  it('shows each role its own entries in the same order', () => {
    expect(menuDe('Vendedor')).toEqual([
      ['', ['Inicio']],
      ['Facturación', ['Pedidos', 'Pendiente por facturar', 'Cotizaciones', 'Pendientes', 'Clientes', 'Cuentas crédito']],
      ['Producción', ['Despachos']],
      ['Dinero', ['Caja']],
    ]);
    expect(menuDe('Operario')).toEqual([
      ['', ['Inicio']],
      ['Facturación', ['Pedidos', 'Pendiente por facturar', 'Cotizaciones', 'Pendientes', 'Cuentas crédito']],
      ['Producción', ['Preparación orden producción', 'Gestionar orden producción', 'Despachos']],
      ['Dinero', ['Caja']],
    ]);
    expect(menuDe('Administrador')).toEqual([
      ['', ['Inicio']],
      ['Facturación', ['Descuentos solicitados', 'Pendientes', 'Cuentas crédito']],
      ['Dinero', ['Caja']],
      ['Maestros', ['Cajas']],
    ]);
    expect(menuDe('Bodega')).toEqual([
      ['', ['Inicio']],
      ['Facturación', ['Pendientes', 'Cuentas crédito']],
      ['Maestros', ['Productos', 'Inventario', 'Retales']],
    ]);
  });

  it("keeps a group's entries together in the route table: no group title appears twice for any role", () => {
    for (const rol of ROLES) {
      const grupos = seccionesMenu(entradasMenu(rol, todas)).map((seccion) => seccion.grupo);
      expect(new Set(grupos).size, rol).toBe(grupos.length);
    }
  });

  it('leaves out the screens that do not exist yet', () => {
    const sinCierre = entradasMenu('SuperAdministrador', (nombre) => nombre !== 'cierreMes');
    expect(sinCierre.map((entrada) => entrada.etiqueta)).not.toContain('Cierre de mes');
  });
});

describe('quedaContenidoAbajo (the scroll hint)', () => {
  it('is true while part of the menu is below the visible box, false at its end or when it all fits', () => {
    expect(quedaContenidoAbajo({ scrollTop: 0, scrollHeight: 1100, clientHeight: 640 })).toBe(true);
    expect(quedaContenidoAbajo({ scrollTop: 458, scrollHeight: 1100, clientHeight: 640 })).toBe(true);
    expect(quedaContenidoAbajo({ scrollTop: 459.5, scrollHeight: 1100, clientHeight: 640 })).toBe(false);
    expect(quedaContenidoAbajo({ scrollTop: 0, scrollHeight: 400, clientHeight: 640 })).toBe(false);
  });
});
