import type { Anticipo, MovimientoAnticipo } from '@tablero/domain';
import { describe, expect, it } from 'vitest';
import { cargarDatosDemo, CLAVE_DEMO } from '../../db/seed/demo';
import { textoPdf } from '../../documents/pdf-texto';
import { usarEntorno } from '../../../test/app';
import { headers, iniciarSesion } from '../../../test/factories';

const entorno = usarEntorno();

describe('demo data of the advances (db/seed/demo-anticipos.ts)', () => {
  it('shows advances added, one spent on a billed sale and one annulled, every ledger adding up', async () => {
    expect(await entorno.db.transaction().execute((trx) => cargarDatosDemo(trx))).toBe(true);
    const token = await iniciarSesion(entorno.app, 'superadmin@tablero.test', CLAVE_DEMO);
    const pedir = (url: string) => entorno.app.inject({ method: 'GET', url, headers: headers(token, '001') });

    const lista = (await pedir('/api/anticipos?per_page=100')).json().data;
    const porNombre = new Map((lista.anticipos.data as Anticipo[]).map((a) => [a.nombres, a]));
    for (const nombre of ['María Fernanda', 'Jorge Iván', 'Luz Marina', 'Ana Lucía']) expect(porNombre.has(nombre), nombre).toBe(true);
    expect(porNombre.get('Luz Marina')!.total_anticipo).toBe(0);
    expect(porNombre.get('Ana Lucía')!.total_anticipo).toBe(0);
    expect(porNombre.get('María Fernanda')!.total_anticipo).toBeGreaterThan(0);
    expect(lista.total_anticipos).toBe((lista.anticipos.data as Anticipo[]).reduce((s, a) => s + Math.round(a.total_anticipo * 100), 0) / 100);

    const historial = async (nombre: string) =>
      (await pedir(`/api/anticipos/${porNombre.get(nombre)!.id}/movimientos?per_page=100`)).json().data.anticipos_movimientos.data as MovimientoAnticipo[];
    const luz = await historial('Luz Marina');
    expect(luz.map((m) => m.tipo_movimiento_anticipo_id)).toEqual([2, 1]);
    expect(luz[0]!.venta_id).not.toBeNull();
    expect(luz[1]).toMatchObject({ nombre_forma_pago: 'Nequi / Daviplata', codigo_comprobante: 'NQ-884120' });
    const ana = await historial('Ana Lucía');
    expect(ana.map((m) => [m.tipo_movimiento_anticipo_id, m.anulado])).toEqual([
      [3, false],
      [1, true],
    ]);
    const maria = await historial('María Fernanda');
    const transferencia = maria.find((m) => m.codigo_comprobante === 'TRF-30551')!;
    const recibo = await entorno.app.inject({ method: 'GET', url: transferencia.enlace_documento! });
    expect(recibo.statusCode).toBe(200);
    expect(textoPdf(recibo.rawPayload)).toContain('María Fernanda Ospina Gómez');

    // Every customer's balance is the sum of its ledger.
    const descuadres = await entorno.db
      .selectFrom('tercero')
      .leftJoin('abono_tercero', 'abono_tercero.tercero_id', 'tercero.id')
      .select(['tercero.id', 'tercero.saldo_abono', (eb) => eb.fn.coalesce(eb.fn.sum<string>('abono_tercero.valor_abono'), eb.val('0')).as('suma')])
      .groupBy('tercero.id')
      .having((eb) => eb(eb.fn.coalesce(eb.fn.sum('abono_tercero.valor_abono'), eb.val(0)), '<>', eb.ref('tercero.saldo_abono')))
      .execute();
    expect(descuadres).toEqual([]);
  });
});
