// The production benchmark's data (bench/produccion-bench.ts), in store 001:
//   - the people: a SuperAdministrador per panel, an Operario user per shop-floor tablet, the operators (third parties
//     of type OP: one per tablet, plus three of the plant for the seeded work) and each tablet operator's own machine
//     of every service (1 Corte, 2 Enchape, 3 Servicios especiales, 6 Empaque), plus the plant's machines;
//   - the history: `diasHistoria` earlier days of `opsPorDia` billed sales each, their production orders finished
//     (every stage started and finished by an operator on a machine, a quarter of them stopped once and continued),
//     loaded set-based in SQL, written as the service writes them (stages numbered in the order 1, 2, 3, 6 from the
//     sale's lines, one produccion_etapa_evento per transition, proceso_vigente null once complete);
//   - today: `opsHoy` sales billed today whose OPs are made through the production service itself (the same calls
//     the routes make, one transaction each), spread over every state: pending (material not prepared), prepared
//     (waiting for their first stage: the operators' work in the live run), a stage in process (some after an
//     annulment), suspended (one or two stops), finished (some with a stop), some of them priority;
//   - `ventasReserva` more sales of today without OP: `prepararOrdenes` makes and prepares their OPs (through the
//     service) when the live run needs more work than today's prepared OPs.
// Today's sales are the last ones loaded (picked by id, dated today in Bogotá even just after midnight).
// Sales mix (by sale id): 10 % hardware only (Empaque), 30 % boards with a cut plan (Corte, Empaque), 35 % with edge
// banding too, 15 % with two boards, edge banding and a special service (all four stages), 10 % boards with a
// special service. A board line carries a cut plan of a realistic size (pieces, parameters, the optimisation's
// boards: ~7 KB of JSON), as the sale screen stores it.
import { sql, type Kysely } from 'kysely';
import { ZONA_NEGOCIO } from '@tablero/domain';
import type { Database } from '../src/db/database';
import { crearDb } from '../src/db/database';
import { ejecutarCasoDeUso, type Actor } from '../src/db/transaccion';
import { hashPassword } from '../src/lib/passwords';
import * as produccion from '../src/modules/produccion';

export interface OpcionesSiembraProduccion {
  opsHoy: number;
  diasHistoria: number;
  opsPorDia: number;
  /** SuperAdministrador users, one per panel. */
  paneles: number;
  /** Operario users (tablets), each with its operator and its machines. */
  operarios: number;
  /** More sales billed today, without OP yet: `prepararOrdenes` makes their OPs when the live run needs more work. */
  ventasReserva: number;
  /** Told after each step, with its seconds. */
  alAvanzar?: (paso: string, segundos: number) => void;
}

/** A tablet operator: the third party the stages are started for, and its machine of each service. */
export interface OperarioSembrado {
  email: string;
  terceroId: number;
  maquinas: Record<number, number>;
}

/** A prepared OP of today (first stage pending): the live run's work. */
export interface OrdenPreparada {
  id: number;
  etapas: { id: number; grupo: number }[];
}

export interface SembradoProduccion {
  clave: string;
  /** The SuperAdministrador who seeds (also a panel user). */
  emailAdministrador: string;
  emailsPaneles: string[];
  operarios: OperarioSembrado[];
  preparadas: OrdenPreparada[];
  /** Today's OPs by the state they were left in. */
  estadosHoy: Record<string, number>;
  /** Today's sales without OP, for `prepararOrdenes`. */
  ventasReserva: number[];
  /** Who prepares them: the seeding SuperAdministrador and a tablet user. */
  actores: { adminId: number; tabletaId: number };
  conteos: Record<string, number>;
}

export const TIENDA = '001';
const SERVICIOS = [1, 2, 3, 6] as const;
/** Plant operators: the seeded work of today and of the history is theirs (and the tablets'). */
const OPERARIOS_PLANTA = [
  ['Yeison', 'Mesa Corte'],
  ['Wilmer', 'Zapata Enchape'],
  ['Óscar', 'Operario'],
] as const;

/** Loads the data into the migrated, empty database at `url`. */
export async function sembrarProduccion(db: Kysely<Database>, url: string, o: OpcionesSiembraProduccion): Promise<SembradoProduccion> {
  const carga = crearDb(url, { maxConexiones: 1, statementTimeoutMs: 0 });
  let desde = performance.now();
  const avance = (paso: string) => {
    o.alAvanzar?.(paso, (performance.now() - desde) / 1000);
    desde = performance.now();
  };
  try {
    await db.insertInto('tienda').values({ codigo_tienda: TIENDA, nombre_tienda: 'Principal' }).execute();
    const clave = 'bench1234';
    const hash = await hashPassword(clave);
    const usuarios = await db
      .insertInto('usuario')
      .values([
        { name: 'Gerente Bench', email: 'gerente@bench.test', password_hash: hash, role: 'SuperAdministrador' as const },
        ...Array.from({ length: o.paneles }, (_, n) => ({ name: `Panel ${n}`, email: `panel${n}@bench.test`, password_hash: hash, role: 'SuperAdministrador' as const })),
        ...Array.from({ length: o.operarios }, (_, n) => ({ name: `Tableta ${n}`, email: `tableta${n}@bench.test`, password_hash: hash, role: 'Operario' as const })),
        ...Array.from({ length: 10 }, (_, n) => ({ name: `Vendedor ${n}`, email: `vendedor${n}@bench.test`, password_hash: hash, role: 'Vendedor' as const })),
      ])
      .returning(['id', 'email', 'role'])
      .execute();
    await db.insertInto('usuario_tienda').values(usuarios.map(({ id }) => ({ user_id: id, codigo_tienda: TIENDA }))).execute();
    const adminId = usuarios[0]!.id;
    const tabletas = usuarios.filter((u) => u.role === 'Operario');
    const vendedores = usuarios.filter((u) => u.role === 'Vendedor').map((u) => u.id);

    // Operators: the plant's, then one per tablet.
    const operarios = await db
      .insertInto('tercero')
      .values(
        [...OPERARIOS_PLANTA, ...Array.from({ length: o.operarios }, (_, n) => ['Operario', `Tableta ${n}`] as const)].map(([nombres, apellidos], n) => ({
          tipo_documento_id: 1,
          numero_documento: String(70_000_000 + n),
          nombres,
          apellidos,
          correo_electronico: `operario${n}@bench.test`,
          numero_celular: `310${String(n).padStart(7, '0')}`,
          tipo_tercero: 'OP',
          tipo_persona: 'Person' as const,
          responsable_iva: false,
          responsabilidad_fiscal: 'R-99-PN',
        })),
      )
      .returning('id')
      .execute();
    const operariosPlanta = operarios.slice(0, OPERARIOS_PLANTA.length).map((f) => f.id);
    const operariosTableta = operarios.slice(OPERARIOS_PLANTA.length).map((f) => f.id);

    // Machines: each tablet operator's own of every service, and the plant's (enough for the stages left in process today).
    const porServicioPlanta = Math.ceil(o.opsHoy / 10) + 2;
    const nombreServicio: Record<number, string> = { 1: 'Seccionadora', 2: 'Enchapadora', 3: 'Centro CNC', 6: 'Mesa de empaque' };
    const maquinas = await db
      .insertInto('maquina')
      .values([
        ...operariosTableta.flatMap((_, n) => SERVICIOS.map((g) => ({ referencia: `T${n}-S${g}`, nombre_maquina: `${nombreServicio[g]} tableta ${n}`, grupo_servicio_id: g, estado_maquina_id: 1 }))),
        ...SERVICIOS.flatMap((g) =>
          Array.from({ length: porServicioPlanta }, (_, n) => ({ referencia: `P${g}-${n}`, nombre_maquina: `${nombreServicio[g]} planta ${n}`, grupo_servicio_id: g, estado_maquina_id: 1 })),
        ),
      ])
      .returning(['id', 'referencia', 'grupo_servicio_id'])
      .execute();
    const maquinaDe = (referencia: string) => maquinas.find((m) => m.referencia === referencia)!.id;
    const operariosSembrados: OperarioSembrado[] = operariosTableta.map((terceroId, n) => ({
      email: tabletas[n]!.email,
      terceroId,
      maquinas: Object.fromEntries(SERVICIOS.map((g) => [g, maquinaDe(`T${n}-S${g}`)])),
    }));
    const maquinasPlanta = Object.fromEntries(SERVICIOS.map((g) => [g, maquinas.filter((m) => m.referencia.startsWith(`P${g}-`)).map((m) => m.id)])) as Record<number, number[]>;

    // Products by class: boards and edge bands (no service), hardware, and the services of groups 1, 2 and 3.
    const { id: impuestoId } = await db.insertInto('impuesto').values({ nombre_impuesto: 'IVA 19', porcentaje_impuesto: 19 }).returning('id').executeTakeFirstOrThrow();
    const { id: proveedorId } = await db
      .insertInto('proveedor')
      .values({ nombre_proveedor: 'Proveedor Bench', nit: '900000001-1', numero_telefonico: '3001234567', correo_electronico: 'p@bench.test', credito: false, plazo_credito: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const clases = [
      { clase: 'tablero', n: 40, prefijo: 'MEL', nombre: 'Tablero melamina 15 mm', grupo: 1, linea: 1, servicio: null, precio: 250_000 },
      { clase: 'canto', n: 20, prefijo: 'CAN', nombre: 'Canto rígido PVC 22 mm', grupo: 2, linea: 4, servicio: null, precio: 3_000 },
      { clase: 'herraje', n: 40, prefijo: 'HER', nombre: 'Bisagra cazoleta 35 mm', grupo: 4, linea: 8, servicio: null, precio: 5_000 },
      { clase: 'corte', n: 2, prefijo: 'SERVICORTE', nombre: 'Servicio de corte', grupo: 5, linea: 12, servicio: 1, precio: 8_000 },
      { clase: 'enchape', n: 3, prefijo: 'SERVIENC', nombre: 'Servicio de enchape', grupo: 5, linea: 13, servicio: 2, precio: 2_500 },
      { clase: 'especial', n: 3, prefijo: 'SERVIESP', nombre: 'Servicio especial (perforación)', grupo: 8, linea: 15, servicio: 3, precio: 15_000 },
    ] as const;
    const productos: Record<string, number[]> = {};
    for (const c of clases) {
      const filas = await db
        .insertInto('producto')
        .values(
          Array.from({ length: c.n }, (_, n) => ({
            referencia: `${c.prefijo}-${String(n + 1).padStart(3, '0')}`,
            nombre_producto: `${c.nombre} ${n + 1}`,
            precio_unitario: c.precio,
            impuesto_id: impuestoId,
            proveedor_id: proveedorId,
            grupo_id: c.grupo,
            linea_id: c.linea,
            grupo_servicio_id: c.servicio,
          })),
        )
        .returning('id')
        .execute();
      productos[c.clase] = filas.map((f) => f.id);
    }

    await sql`
      insert into tercero (tipo_documento_id, numero_documento, nombres, apellidos, correo_electronico, numero_celular, tipo_tercero, tipo_persona, responsable_iva, responsabilidad_fiscal)
      select 1, (10000000 + i)::text, (array['Ana María', 'José', 'Lucía', 'Andrés', 'Martín'])[1 + i % 5], (array['Gómez', 'Pérez', 'López', 'Díaz'])[1 + i % 4],
             'cliente' || i || '@bench.test', '300' || lpad(i::text, 7, '0'), 'C', 'Person', false, 'R-99-PN'
        from generate_series(1, 5000) as i
    `.execute(carga);
    const primerCliente = (await db.selectFrom('tercero').select((eb) => eb.fn.min('id').as('id')).where('tipo_tercero', '=', 'C').executeTakeFirstOrThrow()).id as number;
    const { id: rangoId } = await db
      .insertInto('rango_numeracion')
      .values({ codigo_tienda: TIENDA, tipo_documento: 'REMISION', prefijo: `R${TIENDA}`, numero_desde: 1, numero_hasta: 9_000_000, siguiente_numero: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Sales: day d (0 today) of `diasHistoria`, n-th of its day. Earlier days from 7:00 Bogotá a minute apart; today's
    // a second apart up to now (not before midnight in Bogotá). Billed (state 2) as a remission of the store's range.
    const inicioHoy = sql<Date>`((now() at time zone ${ZONA_NEGOCIO})::date::timestamp at time zone ${ZONA_NEGOCIO})`;
    const ventasHoy = o.opsHoy + o.ventasReserva;
    const totalVentas = o.diasHistoria * o.opsPorDia + ventasHoy;
    await sql`
      insert into venta (codigo_tienda, cliente_id, vendedor_id, fecha_venta, estado_venta_id, tipo_pago_id, tipo_documento, rango_numeracion_id,
                         prefijo_factura_dian, nro_factura_dian, fecha_factura, facturador_id, modo_factura)
      select ${TIENDA}, ${primerCliente}::int + (s.k * 7919) % 5000, (${vendedores}::int[])[1 + s.k % ${vendedores.length}], s.fecha, 2, 1, 'REMISION', ${rangoId}::int,
             ${`R${TIENDA}`}, s.k, s.fecha + interval '5 minutes', (${vendedores}::int[])[1 + s.k % ${vendedores.length}], 'C'
        from (
          select (row_number() over (order by d desc, n))::int as k,
                 case when d = 0 then greatest(now() - (${ventasHoy}::int - n) * interval '1 second', ${inicioHoy})
                      else ((((now() at time zone ${ZONA_NEGOCIO})::date - d)::timestamp + interval '7 hours' + n * interval '1 minute') at time zone ${ZONA_NEGOCIO})
                 end as fecha
            from generate_series(0, ${o.diasHistoria}::int) as d
            cross join lateral generate_series(0, case when d = 0 then ${ventasHoy}::int else ${o.opsPorDia}::int end - 1) as n
        ) as s
       order by s.k
    `.execute(carga);
    await sql`update rango_numeracion set siguiente_numero = ${totalVentas + 1} where id = ${rangoId}`.execute(carga);
    avance('usuarios, operarios, máquinas, productos, clientes y ventas');

    // Cut plans: 50 documents of the shape the sale screen stores (construirLepton), each line's with its own links.
    await sql`
      create temporary table plano_base as
      select k, jsonb_build_object(
               'tapacantos', jsonb_build_array(jsonb_build_object('referencia', 'CAN-001', 'espesor', 2), jsonb_build_object('referencia', 'CAN-002', 'espesor', 0.45)),
               'piezas', (select jsonb_agg(jsonb_build_object('cantidad', 1 + (k + p) % 3, 'base', 150 + (k * 31 + p * 137) % 900, 'altura', 120 + (k * 17 + p * 251) % 700,
                                                              'rotacion', p % 3 <> 0, 'descripcion', 'Pieza ' || p || ' módulo ' || (k + p) % 7,
                                                              'canto_base_top', case when p % 2 = 0 then 'CAN-001' end, 'canto_base_bottom', null,
                                                              'canto_altura_left', 'CAN-002', 'canto_altura_right', case when p % 4 = 0 then 'CAN-002' end))
                            from generate_series(1, 15 + k % 25) as p),
               'retales', '[]'::jsonb,
               'parametros', jsonb_build_object('desp_sierra', 5, 'desp_tapacantos', 60, 'base', 2440, 'altura', 2150, 'refilado_x', 20, 'refilado_y', 20),
               'despiece_retales', false, 'cobrar_canto', true, 'visualiza_configuracion', false,
               'optimizacion', jsonb_build_object(
                 'planilla', jsonb_build_object('cant_placas', 1 + k % 4, 'aprovechamiento', 78 + k % 17, 'area_piezas', 4000000 + k * 1234),
                 'tableros', (select jsonb_agg(jsonb_build_object('indice', t, 'cortes',
                                (select jsonb_agg(jsonb_build_object('x', (t * k * 13 + c * 97) % 2440, 'y', (t * k * 7 + c * 53) % 2150, 'base', 150 + (c * 137 + k) % 900,
                                                                     'altura', 120 + (c * 251 + t) % 700, 'pieza', c, 'rotada', (c + t) % 2 = 0))
                                   from generate_series(1, 10 + (k + t) % 12) as c)))
                              from generate_series(1, 1 + k % 4) as t))
             ) as doc
        from generate_series(0, 49) as k
    `.execute(carga);

    // Lines by the sale's kind (sale id % 20): what each kind sells, its service lines under their board (item_padre).
    await sql`
      create temporary table plantilla_linea (tipo int, item int, clase text, item_padre int, cantidad numeric) on commit preserve rows
    `.execute(carga);
    await sql`
      insert into plantilla_linea values
        (0, 1, 'herraje', null, 4), (0, 2, 'herraje', null, 10),
        (1, 1, 'tablero', null, 2), (1, 2, 'corte', 1, 1),
        (2, 1, 'tablero', null, 3), (2, 2, 'corte', 1, 1), (2, 3, 'canto', null, 20), (2, 4, 'enchape', 1, 20),
        (3, 1, 'tablero', null, 2), (3, 2, 'corte', 1, 1), (3, 3, 'tablero', null, 1), (3, 4, 'corte', 3, 1), (3, 5, 'canto', null, 15),
        (3, 6, 'enchape', 1, 15), (3, 7, 'especial', 3, 2),
        (4, 1, 'tablero', null, 1), (4, 2, 'corte', 1, 1), (4, 3, 'especial', 1, 4), (4, 4, 'herraje', null, 8)
    `.execute(carga);
    const precios = Object.fromEntries(clases.map((c) => [c.clase, c.precio]));
    await sql`
      insert into venta_detalle (venta_id, item, producto_id, item_padre, cantidad, precio_unitario, porcentaje_impuesto, valor_bruto, valor_descuento, valor_subtotal,
                                 valor_impuesto, valor_otros_impuestos, valor_total, response_lepton, servicio_lepton)
      select v.id, l.item,
             case l.clase
               when 'tablero' then (${productos.tablero!}::int[])[1 + (v.id * 7 + l.item * 13) % ${productos.tablero!.length}]
               when 'canto' then (${productos.canto!}::int[])[1 + (v.id * 7 + l.item * 13) % ${productos.canto!.length}]
               when 'herraje' then (${productos.herraje!}::int[])[1 + (v.id * 7 + l.item * 13) % ${productos.herraje!.length}]
               when 'corte' then (${productos.corte!}::int[])[1 + v.id % ${productos.corte!.length}]
               when 'enchape' then (${productos.enchape!}::int[])[1 + v.id % ${productos.enchape!.length}]
               else (${productos.especial!}::int[])[1 + v.id % ${productos.especial!.length}]
             end,
             l.item_padre, l.cantidad, p.precio, 19, l.cantidad * p.precio, 0, l.cantidad * p.precio, round(l.cantidad * p.precio * 0.19, 2), 0,
             l.cantidad * p.precio + round(l.cantidad * p.precio * 0.19, 2),
             case when l.clase = 'tablero' then b.doc || jsonb_build_object('url_planos', '/api/public/corte/' || md5(v.id || '-' || l.item) || '/planos.pdf',
                                                                         'url_labels', '/api/public/corte/' || md5(v.id || '-' || l.item) || '/etiquetas.pdf') end,
             l.clase in ('corte', 'enchape')
        from venta v
        join plantilla_linea l on l.tipo = case when v.id % 20 < 2 then 0 when v.id % 20 < 8 then 1 when v.id % 20 < 15 then 2 when v.id % 20 < 18 then 3 else 4 end
        join (select key as clase, value::numeric as precio from jsonb_each_text(${JSON.stringify(precios)}::jsonb)) p on p.clase = l.clase
        join plano_base b on b.k = (v.id + l.item) % 50
       order by v.id, l.item
    `.execute(carga);
    await sql`
      update venta v
         set total_subtotal_venta = s.subtotal, total_impuestos_venta = s.impuestos, total_venta = s.total
        from (select venta_id, sum(valor_subtotal) as subtotal, sum(valor_impuesto) as impuestos, sum(valor_total) as total from venta_detalle group by venta_id) s
       where s.venta_id = v.id
    `.execute(carga);
    await sql`analyze`.execute(carga);
    avance('líneas de las ventas con sus planos de corte');

    // Today's sales are the last ones loaded; the history is every earlier one.
    const { id: primeraDeHoy } = await db.selectFrom('venta').select('id').orderBy('id', 'desc').offset(ventasHoy - 1).limit(1).executeTakeFirstOrThrow();
    await sembrarHistoria(carga, { adminId, tabletas: tabletas.map((t) => t.id), operarios: [...operariosPlanta, ...operariosTableta], maquinasPlanta, primeraDeHoy }, avance);
    await sql`vacuum analyze`.execute(carga);
    avance('vacuum analyze');

    const hoy = await sembrarHoy(db, { adminId, tabletaId: tabletas[0]!.id, operarios: operariosPlanta, maquinasPlanta, opsHoy: o.opsHoy, ventasHoy });
    avance(`las ${o.opsHoy} OP de hoy por el servicio`);
    await sql`analyze`.execute(carga);

    const conteos: Record<string, number> = {};
    for (const tabla of ['venta', 'venta_detalle', 'produccion_venta', 'produccion_venta_etapa', 'produccion_etapa_evento', 'maquina', 'usuario']) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(tabla)}`.execute(carga);
      conteos[tabla] = Number(rows[0]!.n);
    }
    return {
      clave,
      emailAdministrador: 'gerente@bench.test',
      emailsPaneles: usuarios.filter((u) => u.role === 'SuperAdministrador' && u.id !== adminId).map((u) => u.email),
      operarios: operariosSembrados,
      preparadas: hoy.preparadas,
      estadosHoy: hoy.estados,
      ventasReserva: hoy.reserva,
      actores: { adminId, tabletaId: tabletas[0]!.id },
      conteos,
    };
  } finally {
    await carga.destroy();
  }
}

/**
 * The earlier days' OPs, all finished, as the service leaves them: the OP inserted 15 min after its sale, its material
 * prepared 15 min later; stage n (in the order 1, 2, 3, 6) started 10 min + (n - 1) h after that and finished 40 min
 * later; a quarter of the stages stopped after 15 min (a reason of the lookup) and continued 10 min later. One event
 * per transition, in order; 1 OP in 50 was priority.
 */
async function sembrarHistoria(
  carga: Kysely<Database>,
  d: { adminId: number; tabletas: number[]; operarios: number[]; maquinasPlanta: Record<number, number[]>; primeraDeHoy: number },
  avance: (paso: string) => void,
): Promise<void> {
  const maquinas = (g: number) => d.maquinasPlanta[g]!;
  await sql`
    insert into produccion_venta (venta_id, codigo_tienda, prioritario, fecha_prioritario, completado, proceso_vigente, fecha_material_preparado,
                                  usuario_inserta, fecha_inserta, fecha_actualiza)
    select v.id, v.codigo_tienda, v.id % 50 = 0, case when v.id % 50 = 0 then v.fecha_venta + interval '20 minutes' end, true, null,
           v.fecha_venta + interval '30 minutes', ${d.adminId}::int, v.fecha_venta + interval '15 minutes', v.fecha_venta + interval '15 minutes'
      from venta v
     where v.id < ${d.primeraDeHoy}::int
     order by v.id
  `.execute(carga);
  avance('historia: órdenes');
  // The stages of each OP from its sale's lines (as serviciosDeVenta): Corte with a plan or a cutting service, Enchape,
  // Servicios especiales by the products' service group, Empaque always.
  await sql`
    insert into produccion_venta_etapa (produccion_venta_id, numero_etapa, grupo_servicio_id, estado_etapa, operario_id, maquina_id,
                                        fecha_inicio_produccion, fecha_finaliza_produccion, fecha_actualiza)
    select e.pv_id, e.numero, e.g, 'completado',
           (${d.operarios}::int[])[1 + (e.pv_id + e.numero) % ${d.operarios.length}],
           case e.g when 1 then (${maquinas(1)}::int[])[1 + e.pv_id % ${maquinas(1).length}]
                    when 2 then (${maquinas(2)}::int[])[1 + e.pv_id % ${maquinas(2).length}]
                    when 3 then (${maquinas(3)}::int[])[1 + e.pv_id % ${maquinas(3).length}]
                    else (${maquinas(6)}::int[])[1 + e.pv_id % ${maquinas(6).length}] end,
           e.inicio, e.inicio + case when (e.pv_id + e.g) % 4 = 0 then interval '50 minutes' else interval '40 minutes' end,
           e.inicio + case when (e.pv_id + e.g) % 4 = 0 then interval '50 minutes' else interval '40 minutes' end
      from (
        select pv.id as pv_id, s.g, s.numero::int as numero, pv.fecha_material_preparado + interval '10 minutes' + (s.numero - 1) * interval '1 hour' as inicio
          from produccion_venta pv
          join (
            select x.venta_id, bool_or(x.response_lepton is not null or p.grupo_servicio_id = 1) as corte, bool_or(p.grupo_servicio_id = 2) as enchape,
                   bool_or(p.grupo_servicio_id = 3) as especial
              from venta_detalle x join producto p on p.id = x.producto_id
             group by x.venta_id
          ) v on v.venta_id = pv.venta_id
          cross join lateral unnest(array_remove(array[case when v.corte then 1 end, case when v.enchape then 2 end, case when v.especial then 3 end, 6], null))
                     with ordinality as s(g, numero)
      ) e
     order by e.pv_id, e.numero
  `.execute(carga);
  avance('historia: etapas');
  await sql`
    insert into produccion_etapa_evento (produccion_venta_etapa_id, evento, estado_anterior, estado_nuevo, operario_id, maquina_id, motivo_suspension_id, user_id, fecha)
    select e.id, x.evento, x.anterior, x.nuevo, e.operario_id, e.maquina_id, x.motivo, (${d.tabletas}::int[])[1 + e.id % ${d.tabletas.length}], x.fecha
      from produccion_venta_etapa e
      cross join lateral (
        values (1, 'iniciar', 'pendiente', 'en_proceso', null::int, e.fecha_inicio_produccion),
               (2, 'parar', 'en_proceso', 'suspendido', 1 + e.id % 6, e.fecha_inicio_produccion + interval '15 minutes'),
               (3, 'continuar', 'suspendido', 'en_proceso', null::int, e.fecha_inicio_produccion + interval '25 minutes'),
               (4, 'finalizar', 'en_proceso', 'completado', null::int, e.fecha_finaliza_produccion)
      ) as x(paso, evento, anterior, nuevo, motivo, fecha)
     where x.paso in (1, 4) or e.fecha_finaliza_produccion - e.fecha_inicio_produccion > interval '40 minutes'
     order by e.id, x.paso
  `.execute(carga);
  avance('historia: eventos');
  await sql`
    update produccion_venta pv
       set fecha_inicio_produccion = s.inicio, fecha_finaliza_produccion = s.fin, fecha_actualiza = s.fin
      from (select produccion_venta_id, min(fecha_inicio_produccion) as inicio, max(fecha_finaliza_produccion) as fin
              from produccion_venta_etapa group by produccion_venta_id) s
     where s.produccion_venta_id = pv.id and pv.completado
  `.execute(carga);
}

/**
 * Today's OPs through the production service (one transaction per call, as the routes run them), by the sale's
 * position n of the day (n % 20): 0–2 pending (not prepared; every 100th priority), 3–10 prepared and waiting,
 * 11–12 a stage in process (11 its first, 12 its last after the others finished; every 40th after an annulment and a
 * new start; every 100th priority), 13–14 suspended (14 stopped, continued and stopped again), 15–19 finished (every
 * other stage of 17 with a stop; every 100th priority, set before it was worked). A priority OP is never left waiting
 * with its current stage pending or suspended: that would hold every other OP of its service.
 */
async function sembrarHoy(
  db: Kysely<Database>,
  d: { adminId: number; tabletaId: number; operarios: number[]; maquinasPlanta: Record<number, number[]>; opsHoy: number; ventasHoy: number },
): Promise<{ preparadas: OrdenPreparada[]; estados: Record<string, number>; reserva: number[] }> {
  const administrador: Actor = { userId: d.adminId, role: 'SuperAdministrador', codigoTienda: TIENDA, conexionId: null };
  const planta: Actor = { userId: d.tabletaId, role: 'Operario', codigoTienda: TIENDA, conexionId: null };
  // Today's sales are the last ones loaded.
  const deHoy = (await db.selectFrom('venta').select('id').orderBy('id', 'desc').limit(d.ventasHoy).execute()).reverse();
  const ventas = deHoy.slice(0, d.opsHoy);
  /** The plant's machines of each service not running a stage now. */
  const libres = Object.fromEntries(Object.entries(d.maquinasPlanta).map(([g, ids]) => [g, [...ids]])) as Record<number, number[]>;
  const ocupadas = new Map<number, { g: number; maquina: number }>();

  const generar = (ventaId: number) => ejecutarCasoDeUso(db, administrador, (trx, a) => produccion.generarOrden(trx, ventaId, a)).then((r) => r.id);
  const etapasDe = (ordenId: number) =>
    db.selectFrom('produccion_venta_etapa').select(['id', 'grupo_servicio_id as grupo']).where('produccion_venta_id', '=', ordenId).orderBy('numero_etapa').execute();
  const preparar = (ordenId: number) =>
    ejecutarCasoDeUso(db, planta, (trx, a) => produccion.prepararMaterial(trx, { orden_produccion_id: ordenId, etapa_id: null }, a));
  const prioridad = (ordenId: number) => ejecutarCasoDeUso(db, administrador, (trx, a) => produccion.establecerPrioridad(trx, ordenId, a));
  const iniciar = async (etapa: { id: number; grupo: number }, n: number) => {
    const maquina = ocupadas.get(etapa.id)?.maquina ?? libres[etapa.grupo]!.shift();
    if (maquina === undefined) throw new Error(`Sin máquina libre del servicio ${etapa.grupo} para sembrar`);
    ocupadas.set(etapa.id, { g: etapa.grupo, maquina });
    await ejecutarCasoDeUso(db, planta, (trx, a) =>
      produccion.iniciarEtapa(trx, { orden_etapa_id: etapa.id, maquina_id: maquina, operario_id: d.operarios[n % d.operarios.length]! }, a),
    );
  };
  /** Stops (with a reason) or finishes the stage; either frees its machine. */
  const terminar = async (etapaId: number, motivo: number | null) => {
    await ejecutarCasoDeUso(db, planta, (trx, a) =>
      produccion.pararFinalizarEtapa(trx, { produccion_etapa_id: etapaId, motivo_suspension_id: motivo, accion: motivo === null ? 'finalizar' : 'parar' }, a),
    );
    const ocupada = ocupadas.get(etapaId);
    if (ocupada) {
      libres[ocupada.g]!.push(ocupada.maquina);
      ocupadas.delete(etapaId);
    }
  };
  const anular = async (etapaId: number) => {
    await ejecutarCasoDeUso(db, administrador, (trx, a) => produccion.anularEtapa(trx, etapaId, a));
    const ocupada = ocupadas.get(etapaId)!;
    libres[ocupada.g]!.push(ocupada.maquina);
    ocupadas.delete(etapaId);
  };

  const preparadas: OrdenPreparada[] = [];
  const estados: Record<string, number> = {};
  const contar = (estado: string) => (estados[estado] = (estados[estado] ?? 0) + 1);
  for (const [n, { id: ventaId }] of ventas.entries()) {
    const ordenId = await generar(ventaId);
    const etapas = await etapasDe(ordenId);
    const clase = n % 20;
    if (clase <= 2) {
      if (n % 100 === 0) await prioridad(ordenId);
      contar(n % 100 === 0 ? 'pendiente (prioritaria)' : 'pendiente');
      continue;
    }
    if (clase >= 15 && n % 100 === 15) await prioridad(ordenId);
    await preparar(ordenId);
    if (clase <= 10) {
      preparadas.push({ id: ordenId, etapas });
      contar('preparada');
    } else if (clase <= 12) {
      const hasta = clase === 11 ? 0 : etapas.length - 1;
      for (const etapa of etapas.slice(0, hasta)) {
        await iniciar(etapa, n);
        await terminar(etapa.id, null);
      }
      const actual = etapas[hasta]!;
      await iniciar(actual, n);
      if (n % 40 === 11) {
        await anular(actual.id);
        await iniciar(actual, n + 1);
      }
      if (n % 100 === 11) await prioridad(ordenId);
      contar(n % 100 === 11 ? 'etapa en proceso (prioritaria)' : 'etapa en proceso');
    } else if (clase <= 14) {
      await iniciar(etapas[0]!, n);
      await terminar(etapas[0]!.id, 1 + (n % 6));
      if (clase === 14) {
        await iniciar(etapas[0]!, n);
        await terminar(etapas[0]!.id, 1 + ((n + 1) % 6));
      }
      contar('suspendida');
    } else {
      for (const [i, etapa] of etapas.entries()) {
        await iniciar(etapa, n + i);
        if (clase === 17 && i % 2 === 0) {
          await terminar(etapa.id, 1 + (n % 6));
          await iniciar(etapa, n + i);
        }
        await terminar(etapa.id, null);
      }
      contar(n % 100 === 15 ? 'finalizada (prioritaria)' : 'finalizada');
    }
  }
  return { preparadas, estados, reserva: deHoy.slice(d.opsHoy).map((v) => v.id) };
}

/** Makes the OPs of these sales of today and prepares their material, through the service: more work for the operators. */
export async function prepararOrdenes(db: Kysely<Database>, ventaIds: readonly number[], actores: { adminId: number; tabletaId: number }): Promise<OrdenPreparada[]> {
  const administrador: Actor = { userId: actores.adminId, role: 'SuperAdministrador', codigoTienda: TIENDA, conexionId: null };
  const planta: Actor = { userId: actores.tabletaId, role: 'Operario', codigoTienda: TIENDA, conexionId: null };
  const preparadas: OrdenPreparada[] = [];
  for (const ventaId of ventaIds) {
    const { id } = await ejecutarCasoDeUso(db, administrador, (trx, a) => produccion.generarOrden(trx, ventaId, a));
    await ejecutarCasoDeUso(db, planta, (trx, a) => produccion.prepararMaterial(trx, { orden_produccion_id: id, etapa_id: null }, a));
    const etapas = await db.selectFrom('produccion_venta_etapa').select(['id', 'grupo_servicio_id as grupo']).where('produccion_venta_id', '=', id).orderBy('numero_etapa').execute();
    preparadas.push({ id, etapas });
  }
  return preparadas;
}
