import { describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { headers, iniciarSesion } from '../../../test/factories';
import { cargarDatosDemo, CLAVE_DEMO } from './demo';

const entorno = usarEntorno();

describe('demo data of production', () => {
  it('loads one OP of store 001 in each state the panel shows, made from billed sales', async () => {
    expect(await entorno.db.transaction().execute((trx) => cargarDatosDemo(trx))).toBe(true);

    const token = await iniciarSesion(entorno.app, 'superadmin@tablero.test', CLAVE_DEMO);
    const respuesta = await entorno.app.inject({ method: 'POST', url: '/api/produccion/panel-control', headers: headers(token, '001'), payload: {} });
    expect(respuesta.statusCode).toBe(200);
    const { ordenes_produccion: ordenes, ordenes_produccion_etapas: etapas, totales } = respuesta.json().data as {
      ordenes_produccion: { id: number; prioritario: boolean; completado: boolean; suspendido: boolean; fecha_material_preparado: string | null; estado_orden: string }[];
      ordenes_produccion_etapas: { produccion_venta_id: number; estado_etapa: string }[];
      totales: Record<string, number>;
    };
    expect(totales).toMatchObject({ total_op: 6, total_ov: 6, total_pendientes: 3, total_proceso: 2, total_finalizados: 1 });
    const estados = (id: number) => etapas.filter((e) => e.produccion_venta_id === id).map((e) => e.estado_etapa);

    // Priority first in the panel: prepared and waiting.
    expect(ordenes[0]).toMatchObject({ prioritario: true, estado_orden: 'Pendiente' });
    expect(ordenes[0]!.fecha_material_preparado).not.toBeNull();
    const finalizada = ordenes.find((o) => o.completado)!;
    expect(estados(finalizada.id).every((e) => e === 'completado')).toBe(true);
    expect(ordenes.filter((o) => o.suspendido)).toHaveLength(1);
    expect(etapas.filter((e) => e.estado_etapa === 'en_proceso')).toHaveLength(1);
    expect(etapas.filter((e) => e.estado_etapa === 'suspendido')).toHaveLength(1);
    expect(ordenes.filter((o) => o.fecha_material_preparado === null)).toHaveLength(1);

    // Every OP is of a billed sale of the store.
    const ventas = await entorno.db
      .selectFrom('produccion_venta as pv')
      .innerJoin('venta as v', 'v.id', 'pv.venta_id')
      .select(['v.estado_venta_id', 'v.codigo_tienda'])
      .execute();
    expect(ventas.every((v) => v.codigo_tienda === '001' && [2, 6].includes(v.estado_venta_id))).toBe(true);

  });
});
