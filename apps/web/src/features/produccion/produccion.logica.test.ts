import { describe, expect, it } from 'vitest';
import type { Tercero } from '@tablero/domain';
import {
  CONFIRMACIONES_PRODUCCION,
  cuerpoVentasProduccion,
  filtrosGenerarIniciales,
  referenciasPorVenta,
} from './produccion.logica';

const cliente = { id: 7, numero_documento: '900123', nombres: 'Ana', apellidos: 'Gómez' } as Tercero;

describe('Generar orden producción: filtros', () => {
  it('opens on Pendientes producción (state 2), the last two months to today', () => {
    const filtros = filtrosGenerarIniciales('2026-11-26');
    expect(filtros).toEqual({ modo: 'produccion', fecha_inicial: '2026-09-26', fecha_final: '2026-11-26', cliente: null, venta_id: null });
    expect(cuerpoVentasProduccion(filtros)).toEqual({
      fecha_inicial: '2026-09-26',
      fecha_final: '2026-11-26',
      estado_venta_id: 2,
      proceso_produccion: true,
      cliente_id: null,
      venta_id: null,
    });
  });

  it('sends the sale number only in Pendientes facturar, and the customer by id', () => {
    const base = { ...filtrosGenerarIniciales('2026-11-26'), cliente, venta_id: 15 };
    expect(cuerpoVentasProduccion(base)).toMatchObject({ estado_venta_id: 2, proceso_produccion: true, cliente_id: 7, venta_id: null });
    expect(cuerpoVentasProduccion({ ...base, modo: 'facturar' })).toMatchObject({ estado_venta_id: 1, proceso_produccion: false, cliente_id: 7, venta_id: 15 });
  });
});

describe('Preparación orden producción', () => {
  it('lists each sale’s product references once, in item order, services aside', () => {
    const mapa = referenciasPorVenta([
      { venta_id: 2, item: 2, referencia: 'SERVIENC1', grupo_servicio_id: 2, item_padre: 1 },
      { venta_id: 2, item: 1, referencia: 'MDF15', grupo_servicio_id: null, item_padre: null },
      { venta_id: 2, item: 3, referencia: 'MDF15', grupo_servicio_id: null, item_padre: null },
      { venta_id: 3, item: 1, referencia: 'CORTE', grupo_servicio_id: 1, item_padre: null },
    ]);
    expect(mapa.get(2)).toEqual(['MDF15']);
    expect(mapa.get(3)).toEqual(['CORTE']);
  });

  it('words the confirmations as the spec', () => {
    expect(CONFIRMACIONES_PRODUCCION.crearOp(12)).toBe('Se va a generar la orden de producción para la venta No.12. ¿Desea continuar?');
    expect(CONFIRMACIONES_PRODUCCION.prepararMaterial(5)).toBe('Se va a poner como producto preparado la OP No.5. ¿Desea continuar?');
  });
});
