import { describe, expect, it } from 'vitest';
import type { DevolucionDia } from '@tablero/domain';
import { filasDeClase } from './devoluciones-tabla';

const fila = (id: number, devolucion_venta_id: number | null): DevolucionDia => ({
  id,
  codigo_tienda: '001',
  fecha: '2026-12-02',
  origen: 'venta',
  origen_id: 12,
  forma_pago_id: 1,
  nombre_forma_pago: 'Efectivo',
  usuario_id: 1,
  nombre_usuario: 'Sara',
  devolucion_venta_id,
  descripcion: devolucion_venta_id === null ? 'Venta No. 12' : `Devolución No. ${devolucion_venta_id} de la venta No. 12`,
  valor: 1000,
});

describe('filasDeClase (the daily cash: annulments and partial returns apart)', () => {
  it("puts a partial return's refunds under Devoluciones and an annulment's under Anulaciones", () => {
    const filas = [fila(1, null), fila(2, 5), fila(3, null)];
    expect(filasDeClase(filas, 'anulaciones')!.map((f) => f.id)).toEqual([1, 3]);
    expect(filasDeClase(filas, 'devoluciones')!.map((f) => f.id)).toEqual([2]);
    expect(filasDeClase(undefined, 'devoluciones')).toBeUndefined();
  });
});
