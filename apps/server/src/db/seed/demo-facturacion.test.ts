import { hoyNegocio } from '@tablero/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { headers, iniciarSesion } from '../../../test/factories';
import { cargarDatosDemo, CLAVE_DEMO } from './demo';

const entorno = usarEntorno();

describe('demo data of billing', () => {
  it('loads both stores’ numbering ranges and billed sales numbered from them, one annulled with its balances given back', async () => {
    expect(await entorno.db.transaction().execute((trx) => cargarDatosDemo(trx))).toBe(true);

    const rangos = await entorno.db.selectFrom('rango_numeracion').select(['codigo_tienda', 'tipo_documento', 'prefijo', 'activo', 'fecha_hasta']).orderBy('id').execute();
    expect(rangos).toEqual([
      { codigo_tienda: '001', tipo_documento: 'FACTURA', prefijo: 'FE', activo: true, fecha_hasta: '2027-12-31' },
      { codigo_tienda: '001', tipo_documento: 'REMISION', prefijo: 'REM', activo: true, fecha_hasta: null },
      { codigo_tienda: '002', tipo_documento: 'FACTURA', prefijo: 'FEB', activo: true, fecha_hasta: '2027-12-31' },
      { codigo_tienda: '002', tipo_documento: 'REMISION', prefijo: 'REMB', activo: true, fecha_hasta: null },
      { codigo_tienda: '001', tipo_documento: 'POS', prefijo: 'POS', activo: true, fecha_hasta: '2027-12-31' },
      { codigo_tienda: '002', tipo_documento: 'POS', prefijo: 'POSB', activo: true, fecha_hasta: '2027-12-31' },
    ]);

    const facturadas = await entorno.db
      .selectFrom('venta')
      .select(['id', 'codigo_tienda', 'estado_venta_id', 'prefijo_factura_dian', 'nro_factura_dian', 'modo_factura', 'total_venta', 'ajuste_redondeo'])
      .where('nro_factura_dian', 'is not', null)
      .orderBy('id')
      .execute();
    expect(facturadas.map((v) => [v.codigo_tienda, v.estado_venta_id, `${v.prefijo_factura_dian}${v.nro_factura_dian}`, v.modo_factura])).toEqual([
      ['001', 2, 'REM1', 'C'],
      ['001', 2, 'FE1', 'C'],
      ['001', 2, 'REM2', 'C'],
      // A credit sale is always an electronic invoice (docs/decisions-factura-electronica.md, "Venta a crédito").
      ['001', 2, 'FE2', 'CR'],
      ['001', 3, 'REM3', 'C'],
      ['002', 2, 'REMB1', 'C'],
      // Billed by the advances and credits demo data (demo-anticipos, demo-creditos).
      ['001', 2, 'REM4', 'C'],
      ['001', 2, 'FE3', 'CR'],
      ['001', 2, 'FE4', 'CR'],
      ['001', 2, 'FE5', 'CR'],
      ['001', 2, 'FE6', 'CR'],
      ['001', 2, 'FE7', 'CR'],
      ['001', 2, 'FE8', 'CR'],
    ]);
    // Each credit sale is due its billing day + its account's term (La Esquina's is 60 days, the others' 30); a cash
    // sale has no due date.
    const vencimientos = await sql<{ modo_factura: string; plazo: number | null }>`
      select v.modo_factura, v.fecha_vencimiento - (v.fecha_factura at time zone 'America/Bogota')::date as plazo
        from venta v
       where v.nro_factura_dian is not null
       order by v.id
    `.execute(entorno.db);
    expect(vencimientos.rows.filter((v) => v.modo_factura === 'C').map((v) => v.plazo)).toEqual(Array(6).fill(null));
    expect(new Set(vencimientos.rows.filter((v) => v.modo_factura === 'CR').map((v) => v.plazo))).toEqual(new Set([30, 60]));
    // Each billed sale's payments add up to its total.
    for (const venta of facturadas) {
      const pagos = await entorno.db.selectFrom('venta_forma_pago').select('valor_pagado').where('venta_id', '=', venta.id).execute();
      expect(pagos.reduce((suma, p) => suma + Math.round(Number(p.valor_pagado) * 100), 0), `venta ${venta.id}`).toBe(
        // With cash, what the rows paid is the total plus the cash rounding (docs/decisions-redondeo-envios.md).
        Math.round(Number(venta.total_venta) * 100) + Math.round(Number(venta.ajuste_redondeo) * 100),
      );
    }
    // The bill decided each sale's payment type (docs/decisions.md, Facturación, Tipo de pago): no sale says Contado
    // with a charge to its credit account or a Crédito payment, nor Crédito without them; the demo credit invoice of
    // the carpentry was saved as a Contado order.
    const contradichas = await sql<{ id: number }>`
      select v.id
        from venta v
       where v.modo_factura is not null
         and (v.tipo_pago_id = 2) <> (exists (select 1 from cuenta_credito_movimiento m where m.venta_id = v.id and m.tipo_movimiento_credito_id = 1)
                                      or exists (select 1 from venta_forma_pago p join forma_pago f on f.id = p.forma_pago_id where p.venta_id = v.id and f.forma_credito))
    `.execute(entorno.db);
    expect(contradichas.rows).toEqual([]);
    const tipos = await entorno.db.selectFrom('venta').select(['tipo_pago_id', 'modo_factura']).where('nro_factura_dian', 'is not', null).orderBy('id').execute();
    expect(tipos.map((v) => [v.modo_factura, v.tipo_pago_id])).toEqual(facturadas.map((v) => [v.modo_factura, v.modo_factura === 'CR' ? 2 : 1]));
    // The annulled sale gave its stock back: its movements add up to zero per product.
    const anulada = facturadas.find((v) => v.estado_venta_id === 3)!;
    const movimientos = await entorno.db.selectFrom('inventario_movimiento').select(['producto_id', 'cantidad']).where('documento', '=', `Venta No. ${anulada.id}`).execute();
    expect(movimientos.length).toBeGreaterThan(0);
    expect(movimientos.reduce((suma, m) => suma + Number(m.cantidad), 0)).toBe(0);

    // The billing list's Facturado filter of store 001 shows them to the demo seller.
    const token = await iniciarSesion(entorno.app, 'vendedor@tablero.test', CLAVE_DEMO);
    const hoy = hoyNegocio();
    const lista = await entorno.app.inject({
      method: 'POST',
      url: '/api/facturas?page=1',
      headers: headers(token, '001'),
      payload: { fecha_inicial: '2026-01-01', fecha_final: hoy, estado_venta_id: 2, query_params: '' },
    });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().data.ventas.total).toBe(facturadas.filter((v) => v.codigo_tienda === '001' && v.estado_venta_id === 2).length);
  });
});
