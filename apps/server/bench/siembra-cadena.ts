// A year of a ten-store chain for the mixed load (bench/carga-mixta.ts), loaded set-based
// (generate_series) on one connection of its own, with the foreign keys' row-by-row checks and the triggers off
// (session_replication_role = replica): every row is consistent by construction, and what the triggers keep is
// rebuilt at the end (the dashboard's daily summary) or written here as they would (the sale's customer search text).
//
// What it loads, by sale i (1..VENTAS, ids in the order of their dates, store i % TIENDAS, j = i / TIENDAS its place
// in its store; the kinds below go by j, so every store gets each of them):
//   - per store: 4 Vendedor users (2 sell, 2 bill in the load), a REMISION range whose next number follows the last
//     one handed out, every product in stock (1,000,000 units) with its INICIAL ledger row (saldo = the stock: the
//     year's sales are older than the ledger), 2 machines of Corte and 2 of Empaque, 2 operators;
//   - a SuperAdministrador (every store), PRODUCTOS products with names a shop uses (boards, edge bands, hardware in
//     colours and thicknesses) plus the cutting service, TERCEROS customers (accents included);
//   - the sales over the last 365 days, LINEAS lines each (half-up centavos, header = sum of its lines), states by
//     j % 100: 5 % pending, 2 % in editing, 3 % annulled, the rest billed, numbered per store 1..n in date order;
//   - payments: a billed or annulled sale in cash and a second method that add up to its total; 1 in 20 sales (billed)
//     on credit (one Crédito row), with the customer's account, the charge on the billing day and a payment of half
//     two weeks later (cash), in date order, each movement's balance the account's running sum and the account's
//     total its last balance;
//   - production: 1 in 5 billed sales has an OP (its first line the cutting service), finished: Corte then Empaque,
//     each started and finished on a machine of its store (one event per transition);
//   - dispatch: every billed sale's turn dispatched (crear, llamar, despachar), every annulled one's withdrawn
//     (crear, retirar), numbered per store and business day, the day's counter at its last number.
//
//   DATOS=/tmp/cadena npx tsx bench/siembra-cadena.ts     (seeds a data folder that bench/carga-mixta.ts reuses)
//   VENTAS=50000 npx tsx bench/siembra-cadena.ts           (into a throwaway folder: prints what it seeded and how long it took)
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { ZONA_NEGOCIO } from '@tablero/domain';
import { crearDb, type Database } from '../src/db/database';
import { iniciarPostgresEmbebido, type PostgresEmbebido } from '../src/db/embedded';
import { migrarAlUltimo } from '../src/db/migrate';
import { hashPassword } from '../src/lib/passwords';
import { carpetaTemporal } from '../test/postgres-temporal';
import { puertoLibre } from '../test/puertos';
import { crearIndiceFichasLista } from '../src/db/migrations/202612090700_fichas_lista_numeros';

export interface OpcionesCadena {
  ventas: number;
  tiendas: number;
  terceros: number;
  productos: number;
  lineas: number;
  alAvanzar?: (paso: string, segundos: number) => void;
}

export interface UsuarioCadena {
  email: string;
  id: number;
  tienda: string;
}

export interface Cadena {
  clave: string;
  gerente: UsuarioCadena;
  tiendas: string[];
  /** Per store, in store order: 2 who sell and 2 who bill. */
  vendedores: UsuarioCadena[];
  cajeros: UsuarioCadena[];
  conteos: Record<string, number>;
  segundos: number;
  opciones: Omit<OpcionesCadena, 'alAvanzar'>;
}

export function opcionesDelEntorno(): Omit<OpcionesCadena, 'alAvanzar'> {
  return {
    ventas: Number(process.env.VENTAS ?? 1_000_000),
    tiendas: Number(process.env.TIENDAS ?? 10),
    terceros: Number(process.env.TERCEROS ?? 100_000),
    productos: Number(process.env.PRODUCTOS ?? 2000),
    lineas: Number(process.env.LINEAS ?? 3),
  };
}

const TABLAS = [
  'venta', 'venta_detalle', 'venta_forma_pago', 'cuenta_credito', 'cuenta_credito_movimiento', 'cuenta_credito_movimiento_forma_pago',
  'produccion_venta', 'produccion_venta_etapa', 'produccion_etapa_evento', 'despacho_turno', 'despacho_turno_evento', 'despacho_consecutivo',
  'inventario', 'inventario_movimiento', 'producto', 'tercero', 'usuario', 'resumen_venta_dia',
];

/** Loads the chain into the migrated, empty database at `url`. */
export async function sembrarCadena(db: Kysely<Database>, url: string, o: OpcionesCadena): Promise<Cadena> {
  const carga = crearDb(url, { maxConexiones: 1, statementTimeoutMs: 0 });
  const inicio = performance.now();
  let desde = performance.now();
  const avance = (paso: string) => {
    o.alAvanzar?.(paso, (performance.now() - desde) / 1000);
    desde = performance.now();
  };
  try {
    await sql`set session_replication_role = replica`.execute(carga);
    // The billing list's word index is built once after the load (migration 202612090500), not kept sale by sale.
    await sql`drop index venta_fichas_lista_idx`.execute(carga);
    const tiendas = Array.from({ length: o.tiendas }, (_, n) => String(n + 1).padStart(3, '0'));
    await db.insertInto('tienda').values(tiendas.map((codigo, n) => ({ codigo_tienda: codigo, nombre_tienda: `Tienda ${['Centro', 'Norte', 'Sur', 'Occidente', 'Oriente', 'Chapinero', 'Suba', 'Kennedy', 'Usaquén', 'Bosa'][n % 10]} ${n + 1}` }))).execute();
    const clave = 'bench1234';
    const hash = await hashPassword(clave);
    const [gerente] = await db
      .insertInto('usuario')
      .values({ name: 'Gerente Cadena', email: 'gerente@bench.test', password_hash: hash, role: 'SuperAdministrador' })
      .returning(['id', 'email'])
      .execute();
    await db.insertInto('usuario_tienda').values(tiendas.map((t) => ({ user_id: gerente!.id, codigo_tienda: t }))).execute();
    const nombres = ['Carlos', 'Diana', 'Jorge', 'Lucía', 'Andrés', 'Sofía', 'Óscar', 'Valentina'];
    const personal = await db
      .insertInto('usuario')
      .values(
        tiendas.flatMap((t, s) =>
          Array.from({ length: 4 }, (_, j) => ({ name: `${nombres[(s + j) % 8]} ${j < 2 ? 'Vendedor' : 'Cajero'} ${t}`, email: `${j < 2 ? 'vendedor' : 'cajero'}${t}-${j % 2}@bench.test`, password_hash: hash, role: 'Vendedor' as const })),
        ),
      )
      .returning(['id', 'email'])
      .execute();
    await db.insertInto('usuario_tienda').values(personal.map((u, n) => ({ user_id: u.id, codigo_tienda: tiendas[Math.floor(n / 4)]! }))).execute();
    const deTienda = (u: { id: number; email: string }, n: number): UsuarioCadena => ({ ...u, tienda: tiendas[Math.floor(n / 4)]! });
    const vendedores = personal.map(deTienda).filter((_, n) => n % 4 < 2);
    const cajeros = personal.map(deTienda).filter((_, n) => n % 4 >= 2);
    // Who sold and who billed sale i: the store's sellers and cashiers (ids by store: index (i % tiendas) * 2 + k).
    const idsVendedores = vendedores.map((u) => u.id);
    const idsCajeros = cajeros.map((u) => u.id);

    // Products: boards, edge bands and hardware in colours and sizes, and the cutting service (the OPs' first line).
    const { id: impuestoId } = await db.insertInto('impuesto').values({ nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 }).returning('id').executeTakeFirstOrThrow();
    const { id: proveedorId } = await db
      .insertInto('proveedor')
      .values({ nombre_proveedor: 'Proveedor Cadena', nit: '900000000-0', numero_telefonico: '6010000000', correo_electronico: 'bench@proveedor.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tipos = [
      ['MEL', 'Tablero melamina', 1, 1, 180_000], ['MDF', 'Tablero MDF', 1, 1, 120_000], ['CAN', 'Canto rígido PVC', 2, 4, 2_500],
      ['BIS', 'Bisagra cazoleta', 4, 8, 4_800], ['COR', 'Corredera telescópica', 4, 8, 18_000], ['TOR', 'Tornillo', 4, 8, 150],
    ] as const;
    const colores = ['blanco', 'negro', 'nogal cádiz', 'roble santana', 'wengue', 'ártico', 'gris', 'almendra', 'lino', 'cerezo'];
    const medidas = ['9', '12', '15', '18', '25', '35', '45', '50'];
    await db
      .insertInto('producto')
      .values([
        { referencia: 'SERVICORTE', nombre_producto: 'Servicio de corte', precio_unitario: 8000, impuesto_id: impuestoId, proveedor_id: proveedorId, grupo_id: 5, linea_id: 12, grupo_servicio_id: 1 },
        ...Array.from({ length: o.productos }, (_, n) => {
          const [prefijo, nombre, grupo, linea, precio] = tipos[n % tipos.length]!;
          const color = colores[Math.floor(n / tipos.length) % colores.length]!;
          const medida = medidas[Math.floor(n / (tipos.length * colores.length)) % medidas.length]!;
          return {
            referencia: `${prefijo}-${String(n + 1).padStart(4, '0')}`,
            nombre_producto: `${nombre} ${color} ${medida}${grupo === 4 ? ' mm' : ' mm'}`,
            precio_unitario: precio + (n % 97) * 50,
            impuesto_id: impuestoId,
            proveedor_id: proveedorId,
            grupo_id: grupo,
            linea_id: linea,
          };
        }),
      ])
      .execute();
    // Product n (0 the cutting service, 1..productos the rest) with its price: the lines' lookup.
    await sql`create temporary table pp on commit preserve rows as select (row_number() over (order by id) - 1)::int as n, id, precio_unitario as precio from producto`.execute(carga);
    await sql`create unique index on pp (n)`.execute(carga);
    await sql`
      insert into inventario (codigo_tienda, producto_id, cantidad, precio_unitario, costo_inventario_unitario)
      select t.codigo, p.id, 1000000, p.precio, round(p.precio * 0.6, 2) from pp p cross join unnest(${tiendas}::text[]) as t(codigo)
    `.execute(carga);
    await sql`
      insert into inventario_movimiento (codigo_tienda, producto_id, tipo_movimiento, cantidad, saldo, costo_unitario, user_id, fecha, motivo)
      select codigo_tienda, producto_id, 'INICIAL', cantidad, cantidad, costo_inventario_unitario, ${gerente!.id}::int, now() - interval '366 days', 'Inventario inicial'
        from inventario order by codigo_tienda, producto_id
    `.execute(carga);
    avance(`tiendas, usuarios, ${o.productos + 1} productos e inventario`);

    await sql`
      insert into tercero (tipo_documento_id, numero_documento, nombres, apellidos, correo_electronico, numero_celular, tipo_tercero, tipo_persona, responsable_iva, responsabilidad_fiscal)
      select 1, (10000000 + i)::text,
             (array['Ana María', 'José', 'Lucía', 'Andrés', 'Martín', 'Sofía', 'Camilo', 'Valentina', 'Óscar', 'Julián'])[1 + i % 10],
             (array['Gómez', 'Rodríguez', 'Pérez', 'Martínez', 'López', 'García', 'Hernández', 'Díaz', 'Muñoz', 'Ramírez', 'Castaño', 'Zapata'])[1 + (i / 10) % 12]
               || ' ' || (array['Ruiz', 'Ortiz', 'Vargas', 'Rojas', 'Moreno', 'Jiménez', 'Suárez'])[1 + i % 7],
             'cliente' || i || '@bench.test', '300' || lpad(i::text, 7, '0'), 'C', 'Person', false, 'R-99-PN'
        from generate_series(1, ${o.terceros}) as i
    `.execute(carga);
    // Operators (two per store) and machines (two of Corte, two of Empaque per store).
    await sql`
      insert into tercero (tipo_documento_id, numero_documento, nombres, apellidos, correo_electronico, numero_celular, tipo_tercero, tipo_persona, responsable_iva, responsabilidad_fiscal)
      select 1, (70000000 + i)::text, (array['Yeison', 'Wilmer', 'Edwin', 'Luz Dary'])[1 + i % 4], 'Operario ' || i, 'operario' || i || '@bench.test',
             '310' || lpad(i::text, 7, '0'), 'OP', 'Person', false, 'R-99-PN'
        from generate_series(0, ${o.tiendas * 2 - 1}) as i
    `.execute(carga);
    await sql`
      insert into maquina (referencia, nombre_maquina, grupo_servicio_id, estado_maquina_id)
      select 'M' || lpad((i / 4 + 1)::text, 3, '0') || '-' || i % 4, case when i % 4 < 2 then 'Seccionadora ' else 'Mesa de empaque ' end || (i % 2 + 1) || ' tienda ' || (i / 4 + 1),
             case when i % 4 < 2 then 1 else 6 end, 1
        from generate_series(0, ${o.tiendas * 4 - 1}) as i order by i
    `.execute(carga);
    const primerCliente = (await db.selectFrom('tercero').select((eb) => eb.fn.min('id').as('id')).where('tipo_tercero', '=', 'C').executeTakeFirstOrThrow()).id as number;
    const primerOperario = (await db.selectFrom('tercero').select((eb) => eb.fn.min('id').as('id')).where('tipo_tercero', '=', 'OP').executeTakeFirstOrThrow()).id as number;
    const primeraMaquina = (await db.selectFrom('maquina').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id as number;
    avance(`${o.terceros.toLocaleString('en-US')} clientes, operarios y máquinas`);

    // The sales. Store s = i % tiendas (index), its sellers 2s, 2s + 1; numbered per store in date order. The header's
    // totals are the sums of the lines below (same formula, same product lookup).
    const ranuras = sql.raw(String(o.tiendas));
    const rangos = await db
      .insertInto('rango_numeracion')
      .values(tiendas.map((t) => ({ codigo_tienda: t, tipo_documento: 'REMISION' as const, prefijo: `R${t}`, numero_desde: 1, numero_hasta: 9_000_000, siguiente_numero: 1 })))
      .returning('id')
      .execute();
    const idsRangos = rangos.map((r) => r.id);
    await sql`
      insert into venta (codigo_tienda, cliente_id, vendedor_id, fecha_venta, estado_venta_id, tipo_pago_id, total_subtotal_venta, total_descuento,
                         total_impuestos_venta, total_venta, tipo_documento, rango_numeracion_id, prefijo_factura_dian, nro_factura_dian, fecha_factura,
                         facturador_id, modo_factura, valor_venta_cambio_favor, cliente_texto_busqueda)
      select (${tiendas}::text[])[1 + s.tienda], s.cliente_id, (${idsVendedores}::int[])[1 + s.tienda * 2 + s.j % 2], s.fecha, s.estado,
             case when s.credito then 2 else 1 end, t.subtotal, 0, t.impuesto, t.subtotal + t.impuesto,
             case when s.numerada then 'REMISION' end, case when s.numerada then (${idsRangos}::int[])[1 + s.tienda] end,
             case when s.numerada then 'R' || (${tiendas}::text[])[1 + s.tienda] end,
             case when s.numerada then row_number() over (partition by s.tienda, s.numerada order by s.i) end,
             case when s.numerada then s.fecha + interval '10 minutes' end,
             case when s.numerada then (${idsCajeros}::int[])[1 + s.tienda * 2 + s.j % 2] end,
             case when s.numerada then (case when s.credito then 'CR' else 'C' end) end,
             0,
             (select c.texto_busqueda from tercero c where c.id = s.cliente_id)
        from (
          select i, i % ${ranuras} as tienda, i / ${ranuras} as j,
                 ${primerCliente}::int + ((i::bigint * 7919) % ${o.terceros})::int as cliente_id,
                 now() - (1 - i::double precision / ${o.ventas}) * interval '365 days' - interval '1 hour' as fecha,
                 case when (i / ${ranuras}) % 100 < 5 then 1 when (i / ${ranuras}) % 100 < 7 then 4 when (i / ${ranuras}) % 100 < 10 then 3 else 2 end as estado,
                 (i / ${ranuras}) % 100 >= 7 as numerada,
                 (i / ${ranuras}) % 20 = 13 as credito
            from generate_series(1, ${o.ventas}) as i
        ) as s
        cross join lateral (
          select sum(l.sub) as subtotal, sum(round(l.sub * 0.19, 2)) as impuesto
            from (select round((1 + (s.i + k) % 5) * p.precio, 2) as sub
                    from generate_series(1, ${o.lineas}) as k
                    join pp p on p.n = case when k = 1 and s.j % 5 = 0 and s.estado = 2 then 0 else 1 + (s.i * 7 + k * 13) % ${o.productos} end) as l
        ) as t
       order by s.i
    `.execute(carga);
    const { rows: [base] } = await sql<{ minimo: number }>`select min(id) - 1 as minimo from venta`.execute(carga);
    const desfase = sql.raw(String(base!.minimo));
    await sql`update rango_numeracion r set siguiente_numero = coalesce((select max(nro_factura_dian) from venta v where v.codigo_tienda = r.codigo_tienda), 0) + 1`.execute(carga);
    avance(`${o.ventas.toLocaleString('en-US')} ventas y sus rangos de numeración`);
    await sql`
      insert into venta_detalle (venta_id, item, producto_id, cantidad, precio_unitario, porcentaje_impuesto, valor_bruto, valor_descuento, valor_subtotal, valor_impuesto,
                                 valor_otros_impuestos, valor_total)
      select v.id, k, p.id, c.cantidad, p.precio, 19, round(c.cantidad * p.precio, 2), 0, round(c.cantidad * p.precio, 2),
             round(round(c.cantidad * p.precio, 2) * 0.19, 2), 0, round(c.cantidad * p.precio, 2) + round(round(c.cantidad * p.precio, 2) * 0.19, 2)
        from venta v
        cross join generate_series(1, ${o.lineas}) as k
        cross join lateral (select v.id - ${desfase} as i, 1 + (v.id - ${desfase} + k) % 5 as cantidad) as c
        join pp p on p.n = case when k = 1 and (c.i / ${ranuras}) % 5 = 0 and v.estado_venta_id = 2 then 0 else 1 + (c.i * 7 + k * 13) % ${o.productos} end
       order by v.id, k
    `.execute(carga);
    avance('líneas de las ventas');

    // Payments: cash and a second method for the billed and annulled sales not on credit; a Crédito row for the rest.
    await sql`
      insert into venta_forma_pago (venta_id, forma_pago_id, valor_pagado, codigo_comprobante_pago, user_id)
      select v.id, f.forma, case when k = 1 then round(v.total_venta / 2, 2) else v.total_venta - round(v.total_venta / 2, 2) end,
             case when f.forma <> 1 then 'V-' || v.id end, v.facturador_id
        from venta v
        cross join generate_series(1, 2) as k
        cross join lateral (select case k when 1 then 1 else (array[2, 3, 4, 7])[1 + v.id % 4] end as forma) as f
       where v.fecha_factura is not null and v.tipo_pago_id = 1
       order by v.id, k
    `.execute(carga);
    await sql`
      insert into venta_forma_pago (venta_id, forma_pago_id, valor_pagado, user_id)
      select v.id, 6, v.total_venta, v.facturador_id from venta v where v.fecha_factura is not null and v.tipo_pago_id = 2 order by v.id
    `.execute(carga);
    avance('formas de pago');

    // Credit: the accounts, then every movement in date order (ids follow the dates), then the running balances.
    await sql`
      insert into cuenta_credito (tercero_id, total_cupo_permitido, total_credito, user_id)
      select distinct cliente_id, 1000000000, 0, ${gerente!.id}::int from venta where tipo_pago_id = 2 and fecha_factura is not null order by 1
    `.execute(carga);
    const hoy = sql`(now() at time zone ${ZONA_NEGOCIO})::date`;
    await sql`
      insert into cuenta_credito_movimiento (cuenta_credito_id, tipo_movimiento_credito_id, venta_id, descripcion_movimiento, valor_movimiento, saldo_credito,
                                             fecha_movimiento, codigo_tienda, user_id)
      select m.cuenta, m.tipo, m.venta_id, m.descripcion, m.valor, 0, m.fecha, m.tienda, m.usuario
        from (
          select c.id as cuenta, 1 as tipo, v.id as venta_id, 'Venta a crédito No. ' || v.id as descripcion, v.total_venta as valor,
                 (v.fecha_factura at time zone ${ZONA_NEGOCIO})::date as fecha, v.codigo_tienda as tienda, v.facturador_id as usuario
            from venta v join cuenta_credito c on c.tercero_id = v.cliente_id
           where v.tipo_pago_id = 2 and v.fecha_factura is not null
          union all
          select c.id, 2, v.id, 'Abono a la venta No. ' || v.id, round(v.total_venta / 2, 2), (v.fecha_factura at time zone ${ZONA_NEGOCIO})::date + 14, v.codigo_tienda, v.facturador_id
            from venta v join cuenta_credito c on c.tercero_id = v.cliente_id
           where v.tipo_pago_id = 2 and v.fecha_factura is not null and (v.fecha_factura at time zone ${ZONA_NEGOCIO})::date + 14 <= ${hoy}
        ) as m
       order by m.fecha, m.tipo, m.venta_id
    `.execute(carga);
    await sql`
      update cuenta_credito_movimiento m set saldo_credito = s.saldo
        from (select id, sum(case when tipo_movimiento_credito_id in (1, 3) then valor_movimiento else -valor_movimiento end) over (partition by cuenta_credito_id order by id) as saldo
                from cuenta_credito_movimiento) as s
       where s.id = m.id
    `.execute(carga);
    await sql`
      update cuenta_credito c set total_credito = u.saldo_credito
        from (select distinct on (cuenta_credito_id) cuenta_credito_id, saldo_credito from cuenta_credito_movimiento order by cuenta_credito_id, id desc) as u
       where u.cuenta_credito_id = c.id
    `.execute(carga);
    await sql`
      insert into cuenta_credito_movimiento_forma_pago (cuenta_credito_movimiento_id, forma_pago_id, valor_pagado)
      select id, 1, valor_movimiento from cuenta_credito_movimiento where tipo_movimiento_credito_id = 2 order by id
    `.execute(carga);
    avance('créditos: cuentas, cargos y abonos');

    // Production: the billed sales whose first line is the cutting service, finished (Corte, then Empaque).
    await sql`
      insert into produccion_venta (venta_id, codigo_tienda, prioritario, completado, proceso_vigente, fecha_material_preparado, fecha_inicio_produccion,
                                    fecha_finaliza_produccion, usuario_inserta, fecha_inserta, fecha_actualiza)
      select v.id, v.codigo_tienda, v.id % 50 = 0, true, null, v.fecha_factura + interval '15 minutes', v.fecha_factura + interval '25 minutes',
             v.fecha_factura + interval '2 hours 5 minutes', ${gerente!.id}::int, v.fecha_factura + interval '5 minutes', v.fecha_factura + interval '2 hours 5 minutes'
        from venta v
       where v.estado_venta_id = 2 and ((v.id - ${desfase}) / ${ranuras}) % 5 = 0
       order by v.id
    `.execute(carga);
    await sql`
      insert into produccion_venta_etapa (produccion_venta_id, numero_etapa, grupo_servicio_id, estado_etapa, operario_id, maquina_id, fecha_inicio_produccion,
                                          fecha_finaliza_produccion, fecha_actualiza)
      select pv.id, e.numero, e.grupo, 'completado', ${primerOperario}::int + t.s * 2 + pv.id % 2,
             ${primeraMaquina}::int + t.s * 4 + (e.numero - 1) * 2 + pv.id % 2,
             pv.fecha_inicio_produccion + (e.numero - 1) * interval '1 hour', pv.fecha_inicio_produccion + (e.numero - 1) * interval '1 hour' + interval '40 minutes',
             pv.fecha_inicio_produccion + (e.numero - 1) * interval '1 hour' + interval '40 minutes'
        from produccion_venta pv
        cross join lateral (select array_position(${tiendas}::text[], pv.codigo_tienda::text) - 1 as s) as t
        cross join (values (1, 1), (2, 6)) as e(numero, grupo)
       order by pv.id, e.numero
    `.execute(carga);
    await sql`
      insert into produccion_etapa_evento (produccion_venta_etapa_id, evento, estado_anterior, estado_nuevo, operario_id, maquina_id, user_id, fecha)
      select e.id, x.evento, x.anterior, x.nuevo, e.operario_id, e.maquina_id, ${gerente!.id}::int, x.fecha
        from produccion_venta_etapa e
        cross join lateral (values (1, 'iniciar', 'pendiente', 'en_proceso', e.fecha_inicio_produccion),
                                   (2, 'finalizar', 'en_proceso', 'completado', e.fecha_finaliza_produccion)) as x(paso, evento, anterior, nuevo, fecha)
       order by e.id, x.paso
    `.execute(carga);
    avance('órdenes de producción con sus etapas y eventos');

    // Dispatch: a turn per billed sale (from billing, or from production once its OP finished) and per annulled one
    // (withdrawn), numbered per store and business day in the order they were created.
    await sql`
      insert into despacho_turno (venta_id, codigo_tienda, fecha_turno, numero_turno, estado, origen, fecha_creacion, usuario_crea, fecha_llamado, despachador_id,
                                  fecha_despacho, observacion_despacho, usuario_despacha, fecha_retiro)
      select t.venta_id, t.codigo_tienda, (t.creado at time zone ${ZONA_NEGOCIO})::date,
             row_number() over (partition by t.codigo_tienda, (t.creado at time zone ${ZONA_NEGOCIO})::date order by t.creado, t.venta_id),
             t.estado, t.origen, t.creado, t.usuario,
             case when t.estado = 'despachado' then t.creado + interval '5 minutes' end, case when t.estado = 'despachado' then t.usuario end,
             case when t.estado = 'despachado' then t.creado + interval '12 minutes' end, case when t.estado = 'despachado' then 'Entregado en mostrador' end,
             case when t.estado = 'despachado' then t.usuario end,
             case when t.estado = 'retirado' then t.creado + interval '1 hour' end
        from (
          select v.id as venta_id, v.codigo_tienda, v.facturador_id as usuario,
                 case when v.estado_venta_id = 3 then 'retirado' else 'despachado' end as estado,
                 case when pv.id is null then 'facturacion' else 'produccion' end as origen,
                 coalesce(pv.fecha_finaliza_produccion, v.fecha_factura) as creado
            from venta v left join produccion_venta pv on pv.venta_id = v.id
           where v.estado_venta_id in (2, 3)
        ) as t
       order by t.creado, t.venta_id
    `.execute(carga);
    await sql`
      insert into despacho_turno_evento (turno_id, evento, user_id, fecha)
      select d.id, x.evento, d.usuario_crea, x.fecha
        from despacho_turno d
        cross join lateral (values (1, 'crear', d.fecha_creacion), (2, 'llamar', d.fecha_llamado), (3, 'despachar', d.fecha_despacho), (4, 'retirar', d.fecha_retiro)) as x(paso, evento, fecha)
       where x.fecha is not null
       order by d.id, x.paso
    `.execute(carga);
    await sql`
      insert into despacho_consecutivo (codigo_tienda, fecha, ultimo)
      select codigo_tienda, fecha_turno, max(numero_turno) from despacho_turno group by 1, 2
    `.execute(carga);
    avance('turnos de despacho con sus eventos');

    // The dashboard's daily summary, which the triggers (off during the load) keep from here on.
    await sql`select resumen_ventas_reconstruir()`.execute(carga);
    // The invoice prefixes the billing list's search asks about (venta_prefijo), also kept by a trigger.
    await sql`select venta_prefijos_reconstruir()`.execute(carga);
    // Pendiente por facturar's footer of the billed and annulled sales (resumen_lista_facturas), also kept by triggers.
    await sql`select resumen_lista_reconstruir()`.execute(carga);
    await crearIndiceFichasLista(carga);
    avance('resumen diario del tablero');
    await sql`vacuum analyze`.execute(carga);
    avance('vacuum analyze');

    const conteos: Record<string, number> = {};
    for (const tabla of TABLAS) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(tabla)}`.execute(carga);
      conteos[tabla] = Number(rows[0]!.n);
    }
    return {
      clave,
      gerente: { ...gerente!, tienda: tiendas[0]! },
      tiendas,
      vendedores,
      cajeros,
      conteos,
      segundos: (performance.now() - inicio) / 1000,
      opciones: { ventas: o.ventas, tiendas: o.tiendas, terceros: o.terceros, productos: o.productos, lineas: o.lineas },
    };
  } finally {
    await carga.destroy();
  }
}

export interface DatosCadena {
  embebido: PostgresEmbebido;
  url: string;
  cadena: Cadena;
  /** Seeded in this run (false: reused from DATOS). */
  sembrada: boolean;
  /** Stops PostgreSQL (and deletes a throwaway folder). */
  detener: () => Promise<void>;
}

const BASE = 'bench';
const MARCA = 'cadena.json';

/**
 * The chain's PostgreSQL: in `carpeta` (DATOS) if given, seeding it the first time and reusing it afterwards (the
 * seed's description is kept beside it in cadena.json), or in a throwaway folder seeded now and deleted at the end.
 */
export async function abrirCadena(carpeta: string | undefined, o: OpcionesCadena): Promise<DatosCadena> {
  const raiz = carpeta ? path.resolve(carpeta) : await carpetaTemporal('tablero-bench-cadena-');
  const marca = path.join(raiz, MARCA);
  const embebido = await iniciarPostgresEmbebido(path.join(raiz, 'postgres'), await puertoLibre(), { avisar: () => {} });
  const detener = async () => {
    await embebido.detener();
    if (!carpeta) await (await import('node:fs/promises')).rm(raiz, { recursive: true, force: true });
  };
  try {
    const url = embebido.url(BASE);
    if (existsSync(marca)) {
      const cadena = JSON.parse(await readFile(marca, 'utf8')) as Cadena;
      return { embebido, url, cadena, sembrada: false, detener };
    }
    if (!embebido.esNuevo) throw new Error(`${raiz} tiene un PostgreSQL sin ${MARCA}: una siembra que no terminó. Bórrela y vuelva a empezar.`);
    await embebido.crearBaseDatos(BASE);
    const db = crearDb(url);
    try {
      await migrarAlUltimo(db);
      const cadena = await sembrarCadena(db, url, o);
      await writeFile(marca, JSON.stringify(cadena, null, 2));
      return { embebido, url, cadena, sembrada: true, detener };
    } finally {
      await db.destroy();
    }
  } catch (error) {
    await detener();
    throw error;
  }
}

/** What was seeded, for the report. */
export function describirCadena(cadena: Cadena): string {
  return [
    `  ${cadena.tiendas.length} tiendas, ${cadena.opciones.lineas} líneas por venta; siembra de ${cadena.segundos.toFixed(1)} s`,
    ...Object.entries(cadena.conteos).map(([tabla, n]) => `  ${tabla.padEnd(40)} ${n.toLocaleString('en-US').padStart(11)}`),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const o = opcionesDelEntorno();
  console.log(`Sembrando un año de ${o.tiendas} tiendas: ${o.ventas.toLocaleString('en-US')} ventas, ${o.terceros.toLocaleString('en-US')} clientes, ${o.productos} productos${process.env.DATOS ? ` en ${process.env.DATOS}` : ''}…`);
  const datos = await abrirCadena(process.env.DATOS, { ...o, alAvanzar: (paso, s) => console.log(`  ${s.toFixed(1).padStart(6)} s  ${paso}`) });
  console.log(`${datos.sembrada ? 'Siembra lista' : 'Ya estaba sembrada'}:\n${describirCadena(datos.cadena)}`);
  await datos.detener();
  process.exit(0);
}
