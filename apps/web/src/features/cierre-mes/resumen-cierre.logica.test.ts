import { describe, expect, it } from 'vitest';
import type { ResumenCierreMes } from '@tablero/domain';
import { diferenciasConResumen, leerResumen } from './resumen-cierre.logica';

const RESUMEN: ResumenCierreMes = {
  ventas_siigo: 1_000_000,
  iva_siigo: 190_000,
  ventas_remision: 50_000.5,
  iva_remision: 0,
  ventas_total: 1_050_000.5,
  iva_total: 190_000,
  total_venta_bruta: 1_240_000.5,
  cantidad_ventas: 3,
  lista_ventas_formas_pagos: [
    { forma_pago_id: 1, nombre_forma_pago: 'Efectivo', valor_pagado: 240_000.5, cantidad_ventas: 2, ingresa_dinero: true },
    { forma_pago_id: 6, nombre_forma_pago: 'Crédito', valor_pagado: 1_000_000, cantidad_ventas: 1, ingresa_dinero: false },
  ],
  total_dinero_ventas: 240_000.5,
  lista_tipos_venta: [{ tipo_pago_id: 1, nombre_tipo_pago: 'Contado', total_venta_neta: 50_000.5, cantidad: 2 }],
  lista_abonos_credito_formas_pagos: [{ forma_pago_id: 1, nombre_forma_pago: 'Efectivo', valor_pagado: 30_000, ingresa_dinero: true }],
  total_abonos_credito: 30_000,
  cantidad_pagos_proveedores: 1,
  total_pagos_proveedores: 95_000,
  anuladas: { cantidad: 1, total: 80_000 },
  lista_devoluciones_formas_pagos: [{ forma_pago_id: 1, nombre_forma_pago: 'Efectivo', valor_pagado: 20_000, ingresa_dinero: true }],
  total_devoluciones: 20_000,
  remisiones: { cantidad: 1, ventas: 50_000.5, iva: 0 },
  facturas_electronicas: {
    aceptadas: { cantidad: 2, ventas: 1_000_000, iva: 190_000 },
    pendientes: { cantidad: 0, ventas: 0, iva: 0 },
    rechazadas: { cantidad: 0, ventas: 0, iva: 0 },
  },
  notas_credito: {
    aceptadas: { cantidad: 0, ventas: 0, iva: 0 },
    pendientes: { cantidad: 0, ventas: 0, iva: 0 },
    rechazadas: { cantidad: 0, ventas: 0, iva: 0 },
  },
  iva_por_aceptar: 0,
  documentos_pos: {
    aceptadas: { cantidad: 0, ventas: 0, iva: 0 },
    pendientes: { cantidad: 0, ventas: 0, iva: 0 },
    rechazadas: { cantidad: 0, ventas: 0, iva: 0 },
  },
  notas_ajuste: {
    aceptadas: { cantidad: 0, ventas: 0, iva: 0 },
    pendientes: { cantidad: 0, ventas: 0, iva: 0 },
    rechazadas: { cantidad: 0, ventas: 0, iva: 0 },
  },
  devoluciones_remision: { cantidad: 0, ventas: 0, iva: 0 },
};

describe('leerResumen', () => {
  it('reads a summary the server stored, and nothing from another shape', () => {
    expect(leerResumen(JSON.parse(JSON.stringify(RESUMEN)))).toEqual(RESUMEN);
    expect(leerResumen(null)).toBeNull();
    expect(leerResumen({ ventas_total: 1 })).toBeNull();
    // A summary kept before the split by fiscal document reads its new figures as zero.
    const { remisiones: _r, facturas_electronicas: _f, notas_credito: _n, iva_por_aceptar: _i, ...antiguo } = RESUMEN;
    expect(leerResumen(antiguo)).toMatchObject({ iva_por_aceptar: 0, notas_credito: { aceptadas: { cantidad: 0, ventas: 0, iva: 0 } } });
  });
});

describe('diferenciasConResumen', () => {
  it('finds none when the month did not change', () => {
    expect(diferenciasConResumen(RESUMEN, structuredClone(RESUMEN))).toEqual([]);
  });

  it('names each figure and method that moved, to the centavo, a method that appeared or vanished included', () => {
    const despues: ResumenCierreMes = {
      ...structuredClone(RESUMEN),
      ventas_remision: 50_000.51,
      ventas_total: 1_050_000.51,
      anuladas: { cantidad: 2, total: 90_000 },
      lista_ventas_formas_pagos: [
        ...RESUMEN.lista_ventas_formas_pagos,
        { forma_pago_id: 7, nombre_forma_pago: 'Nequi / Daviplata', valor_pagado: 0.01, cantidad_ventas: 1, ingresa_dinero: true },
      ],
      lista_abonos_credito_formas_pagos: [],
    };
    expect(diferenciasConResumen(RESUMEN, despues)).toEqual(['Ventas remisión', 'Ventas netas', 'Ventas anuladas', 'Ventas en Nequi / Daviplata', 'Abonos en Efectivo']);
  });
});
