// The money benchmark's data (bench/dinero-bench.ts), loaded set-based (generate_series) on one connection of its own:
// two stores, two years of sales with their lines and payments, credit sales with their charges, credit payments (some
// annulled), advances (some annulled), expenses, income and supplier payments. Amounts add up as the application
// writes them (a sale's payments to its total, a payment's methods to the payment, a supplier payment's figures), so
// the reports' figures are plausible; the dashboard's daily summary is rebuilt from them at the end; every row is consistent by construction, so the foreign keys' row-by-row checks
// and the triggers are skipped (session_replication_role = replica), as bench/facturas-bench.ts does.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/database';
import { crearDb } from '../src/db/database';
import { hashPassword } from '../src/lib/passwords';
import { crearIndiceFichasLista } from '../src/db/migrations/202612090700_fichas_lista_numeros';

export interface OpcionesSiembra {
  ventas: number;
  terceros: number;
  productos: number;
  /** Expenses and income per store and day, each. */
  movimientosCajaDia: number;
  /** Supplier payments per store and day. */
  pagosProveedorDia: number;
}

export interface Sembrado {
  /** The SuperAdministrador who calls the reports (both stores), and its password. */
  email: string;
  clave: string;
  conteos: Record<string, number>;
}

const DIAS = 730;

/** Loads the data into the database at `url` (migrated, empty) and answers the reports' user and the row counts. */
export async function sembrarDinero(db: Kysely<Database>, url: string, o: OpcionesSiembra): Promise<Sembrado> {
  const carga = crearDb(url, { maxConexiones: 1, statementTimeoutMs: 0 });
  try {
    await sql`set session_replication_role = replica`.execute(carga);
    // The billing list's word index is built once after the load (migration 202612090500), not kept sale by sale.
    await sql`drop index venta_fichas_lista_idx`.execute(carga);
    await db.insertInto('tienda').values([{ codigo_tienda: '001', nombre_tienda: 'Principal' }, { codigo_tienda: '002', nombre_tienda: 'Norte' }]).execute();
    const clave = 'bench1234';
    const hash = await hashPassword(clave);
    const [admin] = await db
      .insertInto('usuario')
      .values([{ name: 'Gerente Bench', email: 'gerente@bench.test', password_hash: hash, role: 'SuperAdministrador' as const }])
      .returning('id')
      .execute();
    const vendedores = await db
      .insertInto('usuario')
      .values(Array.from({ length: 20 }, (_, n) => ({ name: `Vendedor ${n}`, email: `vendedor${n}@bench.test`, password_hash: hash, role: 'Vendedor' as const })))
      .returning('id')
      .execute();
    await db
      .insertInto('usuario_tienda')
      .values([admin!, ...vendedores].flatMap(({ id }) => [{ user_id: id, codigo_tienda: '001' }, { user_id: id, codigo_tienda: '002' }]))
      .execute();
    const adminId = admin!.id;
    const primerVendedor = vendedores[0]!.id;

    const { id: impuestoId } = await db.insertInto('impuesto').values({ nombre_impuesto: 'IVA 19', porcentaje_impuesto: 19 }).returning('id').executeTakeFirstOrThrow();
    const proveedores = await db
      .insertInto('proveedor')
      .values(Array.from({ length: 20 }, (_, n) => ({ nombre_proveedor: `Proveedor ${n}`, nit: `900${String(n).padStart(6, '0')}-1`, numero_telefonico: '3001234567', correo_electronico: `p${n}@bench.test`, credito: false, plazo_credito: 0 })))
      .returning('id')
      .execute();
    const conceptos = await db
      .insertInto('tipo_concepto')
      .values(Array.from({ length: 10 }, (_, n) => ({ nombre_tipo_concepto: `Concepto ${n}` })))
      .returning('id')
      .execute();
    const primerProveedor = proveedores[0]!.id;
    const primerConcepto = conceptos[0]!.id;

    await sql`
      insert into producto (referencia, nombre_producto, precio_unitario, impuesto_id, proveedor_id, grupo_id, linea_id)
      select 'REF-' || lpad(i::text, 5, '0'), 'Producto de prueba ' || i, 10000, ${impuestoId}::int, ${primerProveedor}::int, 4, 8
        from generate_series(1, ${o.productos}) as i
    `.execute(carga);
    const primerProducto = (await db.selectFrom('producto').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id as number;

    await sql`
      insert into tercero (tipo_documento_id, numero_documento, nombres, apellidos, correo_electronico, numero_celular, tipo_tercero, tipo_persona, responsable_iva, responsabilidad_fiscal)
      select 1, (10000000 + i)::text, (array['Ana María', 'José', 'Lucía', 'Andrés', 'Martín'])[1 + i % 5], (array['Gómez', 'Pérez', 'López', 'Díaz'])[1 + i % 4],
             'cliente' || i || '@bench.test', '300' || lpad(i::text, 7, '0'), 'C', 'Person', false, 'R-99-PN'
        from generate_series(1, ${o.terceros}) as i
    `.execute(carga);
    const primerTercero = (await db.selectFrom('tercero').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id as number;

    const rangos = await db
      .insertInto('rango_numeracion')
      .values(['001', '002'].map((tienda) => ({ codigo_tienda: tienda, tipo_documento: 'REMISION' as const, prefijo: `R${tienda}`, numero_desde: 1, numero_hasta: 9_000_000, siguiente_numero: o.ventas + 1 })))
      .returning(['id', 'codigo_tienda'])
      .execute();
    const rango = (tienda: string) => rangos.find((r) => r.codigo_tienda === tienda)!.id;

    // Sales: a sale every ~1 min per store over two years. States by i % 100: 5 % pending, 2 % editing, 3 % annulled,
    // 5 % billed without sending (6), the rest billed (2). 5 % of the billed ones on credit; 40 % electronic (sent to
    // DIAN), 10 % with a Siigo code, the rest remissions. Totals: subtotal + 19 % IVA.
    await sql`
      insert into venta (codigo_tienda, cliente_id, vendedor_id, fecha_venta, estado_venta_id, tipo_pago_id, total_subtotal_venta, total_descuento,
                         total_impuestos_venta, total_venta, tipo_documento, rango_numeracion_id, prefijo_factura_dian, nro_factura_dian, fecha_factura,
                         facturador_id, modo_factura, fecha_factura_dian, factura_code_siigo, valor_venta_cambio_favor, cliente_texto_busqueda)
      select s.tienda, s.cliente_id, ${primerVendedor}::int + s.i % 20, s.fecha, s.estado,
             case when s.credito then 2 else 1 end,
             s.subtotal, 0, round(s.subtotal * 0.19, 2), s.subtotal + round(s.subtotal * 0.19, 2),
             case when s.facturada then (case when s.i % 10 < 4 then 'FACTURA' else 'REMISION' end) end,
             case when s.facturada then (case s.tienda when '001' then ${rango('001')}::int else ${rango('002')}::int end) end,
             case when s.facturada then 'R' || s.tienda end,
             case when s.facturada then s.i end,
             case when s.facturada then s.fecha + interval '10 minutes' end,
             case when s.facturada then ${primerVendedor}::int end,
             case when s.facturada then (case when s.credito then 'CR' else 'C' end) end,
             case when s.facturada and s.i % 10 < 4 then s.fecha + interval '1 hour' end,
             case when s.facturada and s.i % 10 = 9 then 'SIIGO-' || s.i end,
             0,
             -- What the sale's trigger copies from its customer (triggers are off while seeding).
             (select t.texto_busqueda from tercero t where t.id = s.cliente_id)
        from (
          select i, case when i % 2 = 0 then '001' else '002' end as tienda,
                 ${primerTercero}::int + ((i::bigint * 7919) % ${o.terceros})::int as cliente_id,
                 now() - (i::double precision / ${o.ventas}) * interval '${sql.raw(String(DIAS))} days' as fecha,
                 case when i % 100 < 5 then 1 when i % 100 < 7 then 4 when i % 100 < 10 then 3 when i % 100 < 15 then 6 else 2 end as estado,
                 i % 100 >= 7 as facturada,
                 i % 100 >= 7 and (i / 2) % 20 = 5 as credito,
                 (10000 + (i * 37) % 2000000)::numeric(18,2) as subtotal
            from generate_series(1, ${o.ventas}) as i
        ) as s
    `.execute(carga);

    // Two lines per sale.
    await sql`
      insert into venta_detalle (venta_id, item, producto_id, cantidad, precio_unitario, valor_bruto, valor_descuento, valor_subtotal, valor_impuesto, valor_otros_impuestos, valor_total)
      select v.id, k, ${primerProducto}::int + ((v.id * 7 + k * 13) % ${o.productos}), 1 + (v.id + k) % 5, 0, 0, 0, 0, 0, 0, 0
        from venta v cross join generate_series(1, 2) as k
    `.execute(carga);

    // Payments of the billed and annulled sales: a credit sale in one Crédito row; the rest in three methods that add
    // up to the total (the last one takes the odd centavos), cash in one of them.
    await sql`
      insert into venta_forma_pago (venta_id, forma_pago_id, valor_pagado, codigo_comprobante_pago, user_id)
      select v.id, 6, v.total_venta, null, v.facturador_id from venta v where v.fecha_factura is not null and v.tipo_pago_id = 2
    `.execute(carga);
    await sql`
      insert into venta_forma_pago (venta_id, forma_pago_id, valor_pagado, codigo_comprobante_pago, user_id)
      select v.id, f.forma,
             case when k < 3 then round(v.total_venta / 3, 2) else v.total_venta - 2 * round(v.total_venta / 3, 2) end,
             case when f.forma <> 1 then 'V-' || v.id || '-' || k end, v.facturador_id
        from venta v
        cross join generate_series(1, 3) as k
        cross join lateral (select case k when 1 then 1 else (array[2, 3, 4, 5, 7])[1 + (v.id + k) % 5] end as forma) as f
       where v.fecha_factura is not null and v.tipo_pago_id = 1
    `.execute(carga);

    // Credit: an account per credit customer, a charge per credit sale on its billing day, a payment of half of it two
    // weeks later (in two methods; 5 % annulled the same day) when that day has come.
    await sql`
      insert into cuenta_credito (tercero_id, total_cupo_permitido, total_credito)
      select distinct cliente_id, 1000000000, 0 from venta where tipo_pago_id = 2 and fecha_factura is not null
    `.execute(carga);
    await sql`
      insert into cuenta_credito_movimiento (cuenta_credito_id, tipo_movimiento_credito_id, venta_id, descripcion_movimiento, valor_movimiento, saldo_credito,
                                             fecha_movimiento, codigo_tienda, user_id)
      select c.id, 1, v.id, 'Venta a crédito No. ' || v.id, v.total_venta, v.total_venta, (v.fecha_factura at time zone 'America/Bogota')::date, v.codigo_tienda, ${adminId}::int
        from venta v join cuenta_credito c on c.tercero_id = v.cliente_id
       where v.tipo_pago_id = 2 and v.fecha_factura is not null
    `.execute(carga);
    await sql`
      insert into cuenta_credito_movimiento (cuenta_credito_id, tipo_movimiento_credito_id, venta_id, descripcion_movimiento, valor_movimiento, saldo_credito,
                                             fecha_movimiento, codigo_tienda, user_id)
      select m.cuenta_credito_id, 2, m.venta_id, 'Abono a la venta No. ' || m.venta_id, round(m.valor_movimiento / 2, 2), 0,
             m.fecha_movimiento + 14, m.codigo_tienda, ${adminId}::int
        from cuenta_credito_movimiento m
       where m.tipo_movimiento_credito_id = 1 and m.fecha_movimiento + 14 <= (now() at time zone 'America/Bogota')::date
    `.execute(carga);
    await sql`
      insert into cuenta_credito_movimiento_forma_pago (cuenta_credito_movimiento_id, forma_pago_id, valor_pagado, codigo_comprobante, fecha_consignacion)
      select m.id, f.forma, case when k = 1 then round(m.valor_movimiento / 2, 2) else m.valor_movimiento - round(m.valor_movimiento / 2, 2) end,
             case when f.forma <> 1 then 'AB-' || m.id end, case when f.forma <> 1 then m.fecha_movimiento end
        from cuenta_credito_movimiento m
        cross join generate_series(1, 2) as k
        cross join lateral (select case k when 1 then 1 else (array[2, 4, 7])[1 + m.id % 3] end as forma) as f
       where m.tipo_movimiento_credito_id = 2
    `.execute(carga);
    await sql`
      insert into cuenta_credito_movimiento (cuenta_credito_id, tipo_movimiento_credito_id, venta_id, descripcion_movimiento, valor_movimiento, saldo_credito,
                                             movimiento_origen_id, fecha_movimiento, codigo_tienda, user_id)
      select m.cuenta_credito_id, 3, m.venta_id, 'Anulación del abono ' || m.id, m.valor_movimiento, 0, m.id, m.fecha_movimiento, m.codigo_tienda, ${adminId}::int
        from cuenta_credito_movimiento m
       where m.tipo_movimiento_credito_id = 2 and m.id % 20 = 0
    `.execute(carga);

    // Advances: about 40 a day across both stores, in cash, card, transfer or Nequi; 5 % annulled.
    await sql`
      insert into abono_tercero (tercero_id, tipo_movimiento_abono_id, fecha_abono, descripcion_abono, valor_abono, saldo_abono, forma_pago_id,
                                 consecutivo_anticipo, codigo_tienda, user_id)
      select ${primerTercero}::int + ((i::bigint * 104729) % ${o.terceros})::int, 1,
             (now() at time zone 'America/Bogota')::date - (i % ${DIAS}), 'Anticipo ' || i, (50000 + (i * 53) % 500000)::numeric(18,2), 0,
             (array[1, 2, 4, 7])[1 + i % 4], i, case when i % 2 = 0 then '001' else '002' end, ${adminId}::int
        from generate_series(1, ${DIAS * 40}) as i
    `.execute(carga);
    await sql`
      insert into abono_tercero (tercero_id, tipo_movimiento_abono_id, fecha_abono, descripcion_abono, valor_abono, saldo_abono, movimiento_origen_id,
                                 forma_pago_id, codigo_tienda, user_id)
      select a.tercero_id, 3, a.fecha_abono, 'Anulación del anticipo ' || a.id, -a.valor_abono, 0, a.id, a.forma_pago_id, a.codigo_tienda, ${adminId}::int
        from abono_tercero a where a.tipo_movimiento_abono_id = 1 and a.id % 20 = 0
    `.execute(carga);

    // Expenses and income: movimientosCajaDia each per store and day, half in cash.
    for (const tipo of ['egreso', 'ingreso'] as const) {
      await sql`
        insert into ${sql.table(tipo)} (codigo_tienda, ${sql.ref(`fecha_${tipo}`)}, forma_pago_id, ${sql.ref(`valor_${tipo}`)}, ${sql.ref(`descripcion_${tipo}`)}, usuario_responsable)
        select t.codigo, (now() at time zone 'America/Bogota')::date - d, case when n % 2 = 0 then 1 else 4 end, (1000 + (d * 31 + n * 17) % 90000)::numeric(18,2),
               ${tipo === 'egreso' ? 'Egreso' : 'Ingreso'} || ' ' || d || '-' || n, ${adminId}::int
          from (values ('001'), ('002')) as t(codigo)
          cross join generate_series(0, ${DIAS - 1}) as d
          cross join generate_series(1, ${o.movimientosCajaDia}) as n
      `.execute(carga);
    }

    // Supplier payments: pagosProveedorDia per store and day, 19 % IVA and 2.5 % retention, paid half in cash, half by transfer.
    await sql`
      insert into pago_proveedor (codigo_tienda, tipo_concepto_id, proveedor_id, codigo_factura, fecha_factura, fecha_pago, valor_total, pj_iva, valor_antes_iva,
                                  valor_iva, pj_retefuente, valor_rte, valor_total_pagar, observaciones, gestion_factura, pago_realizado, usuario_responsable)
      select p.codigo, ${primerConcepto}::int + p.n % 10, ${primerProveedor}::int + p.d % 20, 'F-' || p.d || '-' || p.n, p.fecha, p.fecha,
             p.total, 19, p.antes, p.total - p.antes, 2.5, round(p.antes * 0.025, 2), p.total - round(p.antes * 0.025, 2), 'Pago ' || p.n, false, true, ${adminId}::int
        from (
          select t.codigo, d, n, (now() at time zone 'America/Bogota')::date - d as fecha, (119000 + (d * 7 + n) % 50 * 1190)::numeric(18,2) as total,
                 round((119000 + (d * 7 + n) % 50 * 1190)::numeric / 1.19, 2) as antes
            from (values ('001'), ('002')) as t(codigo)
            cross join generate_series(0, ${DIAS - 1}) as d
            cross join generate_series(1, ${o.pagosProveedorDia}) as n
        ) as p
    `.execute(carga);
    await sql`
      insert into pago_proveedor_forma_pago (pago_proveedor_id, forma_pago_id, valor_pagado, codigo_comprobante_pago)
      select p.id, f.forma, case when k = 1 then round(p.valor_total_pagar / 2, 2) else p.valor_total_pagar - round(p.valor_total_pagar / 2, 2) end,
             case when f.forma <> 1 then 'PP-' || p.id end
        from pago_proveedor p
        cross join generate_series(1, 2) as k
        cross join lateral (select case k when 1 then 1 else 4 end as forma) as f
    `.execute(carga);

    // The dashboard's daily summary, which the triggers (off during the load) keep from here on.
    await sql`select resumen_ventas_reconstruir()`.execute(carga);
    // The invoice prefixes the billing list's search asks about (venta_prefijo), also kept by a trigger.
    await sql`select venta_prefijos_reconstruir()`.execute(carga);
    // Pendiente por facturar's footer of the billed and annulled sales (resumen_lista_facturas), also kept by triggers.
    await sql`select resumen_lista_reconstruir()`.execute(carga);
    await crearIndiceFichasLista(carga);
    await sql`vacuum analyze`.execute(carga);

    const conteos: Record<string, number> = {};
    for (const tabla of ['venta', 'venta_detalle', 'venta_forma_pago', 'resumen_venta_dia', 'resumen_producto_dia', 'cuenta_credito_movimiento', 'cuenta_credito_movimiento_forma_pago', 'abono_tercero', 'egreso', 'ingreso', 'pago_proveedor', 'pago_proveedor_forma_pago']) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(tabla)}`.execute(carga);
      conteos[tabla] = Number(rows[0]!.n);
    }
    return { email: 'gerente@bench.test', clave, conteos };
  } finally {
    await carga.destroy();
  }
}
