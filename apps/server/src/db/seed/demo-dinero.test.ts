import { calcularCifrasPagoProveedor, hoyNegocio, sumarDias, sumarMeses } from '@tablero/domain';
import { describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { headers, iniciarSesion } from '../../../test/factories';
import { cargarDatosDemo, CLAVE_DEMO } from './demo';

const entorno = usarEntorno();

describe('demo data of expenses, income and supplier payments', () => {
  it('loads both stores’ rows over the last days and last month, one expense edited, one payment in gestion and one deleted', async () => {
    expect(await entorno.db.transaction().execute((trx) => cargarDatosDemo(trx))).toBe(true);
    const hoy = hoyNegocio();
    const mesPasado = sumarMeses(hoy, -1).slice(0, 7);

    const egresos = await entorno.db.selectFrom('egreso').select(['codigo_tienda', 'fecha_egreso', 'valor_egreso']).orderBy('id').execute();
    expect(egresos).toHaveLength(6);
    expect(new Set(egresos.map((e) => e.codigo_tienda))).toEqual(new Set(['001', '002']));
    // Two are dated last month; the ones of 1 and 2 days ago are too on the first days of a month.
    const recientesDelMesPasado = [1, 2].filter((dias) => sumarDias(hoy, -dias).startsWith(mesPasado)).length;
    expect(egresos.filter((e) => e.fecha_egreso.startsWith(mesPasado))).toHaveLength(2 + recientesDelMesPasado);
    expect(egresos[0]).toMatchObject({ fecha_egreso: hoy, valor_egreso: '48500.00' });
    expect(await entorno.db.selectFrom('egreso_historial').select('valor_egreso').execute()).toEqual([{ valor_egreso: '45000.00' }]);
    expect(await entorno.db.selectFrom('ingreso').select('id').execute()).toHaveLength(4);

    const pagos = await entorno.db.selectFrom('pago_proveedor').selectAll().orderBy('id').execute();
    expect(pagos).toHaveLength(7);
    for (const pago of pagos) {
      const cifras = calcularCifrasPagoProveedor(Number(pago.valor_total), Number(pago.pj_iva), Number(pago.pj_retefuente));
      expect(Number(pago.valor_total_pagar)).toBe(cifras.valor_total_pagar);
      expect(Number(pago.valor_rte)).toBe(cifras.valor_rte);
    }
    expect(pagos.filter((p) => p.gestion_factura)).toHaveLength(1);
    expect(pagos.filter((p) => p.eliminado)).toHaveLength(1);

    // The screen's list of this month in 001: the live payments (the deleted one out), their methods merged.
    const token = await iniciarSesion(entorno.app, 'superadmin@tablero.test', CLAVE_DEMO);
    const respuesta = await entorno.app.inject({
      method: 'POST',
      url: '/api/pagos-proveedores',
      headers: headers(token, '001'),
      payload: { query_search: '', periodo_consulta: { year: Number(hoy.slice(0, 4)), month: Number(hoy.slice(5, 7)) } },
    });
    expect(respuesta.statusCode).toBe(200);
    const lista = respuesta.json().data.pagos_proveedores.data as { codigo_factura: string | null; formas_pago: unknown[] }[];
    expect(lista.some((p) => p.codigo_factura === 'MTV-20811' && p.formas_pago.length === 2)).toBe(true);
    // Paid yesterday: in this month's list unless today is the 1st; its deleted duplicate never.
    expect(lista.filter((p) => p.codigo_factura === 'HEP-3321')).toHaveLength(hoy.endsWith('-01') ? 0 : 1);
  });
});
