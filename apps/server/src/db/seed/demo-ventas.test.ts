import { calcularTotalesVenta, totalesIguales } from '@tablero/domain';
import { describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { headers, iniciarSesion } from '../../../test/factories';
import { cargarDatosDemo, CLAVE_DEMO } from './demo';

const entorno = usarEntorno();

describe('demo data of selling', () => {
  it('loads three orders of the demo seller with exact totals, their open tasks and two discount requests', async () => {
    expect(await entorno.db.transaction().execute((trx) => cargarDatosDemo(trx))).toBe(true);

    const ventas = await entorno.db
      .selectFrom('venta')
      .innerJoin('usuario', 'usuario.id', 'venta.vendedor_id')
      .select(['venta.id', 'venta.estado_venta_id', 'venta.codigo_tienda', 'usuario.email', 'total_subtotal_venta', 'total_impuestos_venta', 'total_otros_impuestos_venta', 'total_venta', 'total_descuento'])
      // The billed demo sales are demo-facturacion's (its own test).
      .where('venta.nro_factura_dian', 'is', null)
      .orderBy('venta.id')
      .execute();
    expect(ventas.map((v) => [v.estado_venta_id, v.codigo_tienda, v.email])).toEqual([
      [1, '001', 'vendedor@tablero.test'],
      [1, '001', 'vendedor@tablero.test'],
      [4, '001', 'vendedor@tablero.test'],
    ]);
    // Every order's header totals are the totals of its stored lines.
    for (const venta of ventas) {
      const lineas = await entorno.db.selectFrom('venta_detalle').selectAll().where('venta_id', '=', venta.id).execute();
      const { totales } = calcularTotalesVenta({
        porcentaje_impuesto_adicional: 0,
        lineas: lineas.map((l) => ({ cantidad: l.cantidad, precio_unitario: l.precio_unitario, porcentaje_descuento: l.porcentaje_descuento, porcentaje_impuesto: l.porcentaje_impuesto })),
      });
      expect(totalesIguales(venta, totales), `venta ${venta.id}`).toBe(true);
    }

    const historial = await entorno.db
      .selectFrom('venta_estado_historial')
      .select(['estado_anterior_id', 'estado_nuevo_id'])
      .where('venta_id', 'in', ventas.map((v) => v.id))
      .orderBy('venta_id')
      .execute();
    expect(historial).toEqual([
      { estado_anterior_id: null, estado_nuevo_id: 1 },
      { estado_anterior_id: null, estado_nuevo_id: 1 },
      { estado_anterior_id: null, estado_nuevo_id: 4 },
    ]);

    // Pendientes shows the four open tasks to anyone of the store.
    const token = await iniciarSesion(entorno.app, 'operario@tablero.test', CLAVE_DEMO);
    const pendientes = await entorno.app.inject({ method: 'GET', url: '/api/tareas?tarea_completada=0', headers: headers(token, '001') });
    expect(pendientes.json().data.tareas).toHaveLength(4);

    const descuentos = await entorno.db.selectFrom('descuento_solicitado').select(['porcentaje_descuento', 'aprobado', 'aprobador_id']).orderBy('id').execute();
    expect(descuentos.map((d) => [Number(d.porcentaje_descuento), d.aprobado, d.aprobador_id !== null])).toEqual([
      [5, false, false],
      [8, true, true],
    ]);
  });
});
