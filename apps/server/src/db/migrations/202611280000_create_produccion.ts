import { sql, type Kysely } from 'kysely';

// Production (spec 002 §2.15–2.18, §3, §4; docs/decisions-produccion.md).
// - tipo_motivo_suspension_produccion: the suspension reasons (lookup, demo values below).
// - produccion_venta: the production order (OP), one per sale (unique venta_id), in the sale's store. proceso_vigente
//   names the stage the floor may work now: null until Preparar material, then the first unfinished stage.
// - produccion_venta_etapa: its stages, one per service group (1 Corte, 2 Enchape, 3 Servicios especiales, 6 Empaque),
//   numbered in that order; its current operator, machine, dates and suspension. A machine runs at most one stage
//   (partial unique index), which also keeps an operator from running two stages on one machine.
// - produccion_etapa_evento: every transition (iniciar, parar, continuar, finalizar, anular) with operator, machine,
//   reason, user and time. Append-only: worked time and waiting time are computed from it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tipo_motivo_suspension_produccion')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nombre_tipo_motivo_suspension_produccion', 'varchar(100)', (c) => c.notNull())
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db
    .insertInto('tipo_motivo_suspension_produccion')
    .values([
      { id: 1, nombre_tipo_motivo_suspension_produccion: 'Falta de material' },
      { id: 2, nombre_tipo_motivo_suspension_produccion: 'Mantenimiento de máquina' },
      { id: 3, nombre_tipo_motivo_suspension_produccion: 'Daño de máquina' },
      { id: 4, nombre_tipo_motivo_suspension_produccion: 'Cambio de turno' },
      { id: 5, nombre_tipo_motivo_suspension_produccion: 'Almuerzo' },
      { id: 6, nombre_tipo_motivo_suspension_produccion: 'Otro' },
    ])
    .execute();

  await db.schema
    .createTable('produccion_venta')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('venta_id', 'integer', (c) => c.notNull().unique().references('venta.id'))
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('prioritario', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('fecha_prioritario', 'timestamptz')
    .addColumn('completado', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('proceso_vigente', 'integer')
    .addColumn('fecha_material_preparado', 'timestamptz')
    .addColumn('fecha_inicio_produccion', 'timestamptz')
    .addColumn('fecha_finaliza_produccion', 'timestamptz')
    .addColumn('usuario_inserta', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha_inserta', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('fecha_actualiza', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index produccion_venta_tienda_fecha_idx on produccion_venta (codigo_tienda, fecha_inserta desc)`.execute(db);
  // The priority rule, checked on every start: the store's unfinished priority OPs, few among all.
  await sql`create index produccion_venta_prioritaria_idx on produccion_venta (codigo_tienda) where prioritario and not completado`.execute(db);

  await db.schema
    .createTable('produccion_venta_etapa')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('produccion_venta_id', 'integer', (c) => c.notNull().references('produccion_venta.id'))
    .addColumn('numero_etapa', 'integer', (c) => c.notNull())
    .addColumn('grupo_servicio_id', 'integer', (c) => c.notNull().references('grupo_servicio.id'))
    .addColumn('estado_etapa', 'varchar(20)', (c) =>
      c.notNull().defaultTo('pendiente').check(sql`estado_etapa in ('pendiente', 'en_proceso', 'suspendido', 'completado')`),
    )
    .addColumn('operario_id', 'integer', (c) => c.references('tercero.id'))
    .addColumn('maquina_id', 'integer', (c) => c.references('maquina.id'))
    .addColumn('fecha_inicio_produccion', 'timestamptz')
    .addColumn('fecha_finaliza_produccion', 'timestamptz')
    .addColumn('fecha_suspension', 'timestamptz')
    .addColumn('motivo_suspension_id', 'integer', (c) => c.references('tipo_motivo_suspension_produccion.id'))
    .addColumn('fecha_actualiza', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('produccion_venta_etapa_servicio_uq', ['produccion_venta_id', 'grupo_servicio_id'])
    .addUniqueConstraint('produccion_venta_etapa_numero_uq', ['produccion_venta_id', 'numero_etapa'])
    .execute();
  await sql`
    create unique index produccion_venta_etapa_maquina_ocupada_uq on produccion_venta_etapa (maquina_id)
      where estado_etapa = 'en_proceso'
  `.execute(db);
  await sql`create index produccion_venta_etapa_operario_idx on produccion_venta_etapa (operario_id) where estado_etapa in ('en_proceso', 'suspendido')`.execute(db);
  await sql`create index produccion_venta_etapa_servicio_idx on produccion_venta_etapa (grupo_servicio_id, estado_etapa)`.execute(db);
  // The figures (Indicadores producción) read the stages finished in a date range, whatever the history's size.
  await sql`create index produccion_venta_etapa_finaliza_idx on produccion_venta_etapa (fecha_finaliza_produccion) where estado_etapa = 'completado'`.execute(db);
  await sql`
    alter table produccion_venta add constraint produccion_venta_proceso_vigente_fk
      foreign key (proceso_vigente) references produccion_venta_etapa (id)
  `.execute(db);

  await db.schema
    .createTable('produccion_etapa_evento')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('produccion_venta_etapa_id', 'integer', (c) => c.notNull().references('produccion_venta_etapa.id'))
    .addColumn('evento', 'varchar(20)', (c) => c.notNull().check(sql`evento in ('iniciar', 'parar', 'continuar', 'finalizar', 'anular')`))
    .addColumn('estado_anterior', 'varchar(20)', (c) => c.notNull())
    .addColumn('estado_nuevo', 'varchar(20)', (c) => c.notNull())
    .addColumn('operario_id', 'integer', (c) => c.references('tercero.id'))
    .addColumn('maquina_id', 'integer', (c) => c.references('maquina.id'))
    .addColumn('motivo_suspension_id', 'integer', (c) => c.references('tipo_motivo_suspension_produccion.id'))
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await sql`create index produccion_etapa_evento_etapa_idx on produccion_etapa_evento (produccion_venta_etapa_id, id)`.execute(db);
  // ... and the stops of a date range, by reason.
  await sql`create index produccion_etapa_evento_parar_idx on produccion_etapa_evento (fecha) where evento = 'parar'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('produccion_etapa_evento').execute();
  await sql`alter table produccion_venta drop constraint produccion_venta_proceso_vigente_fk`.execute(db);
  await db.schema.dropTable('produccion_venta_etapa').execute();
  await db.schema.dropTable('produccion_venta').execute();
  await db.schema.dropTable('tipo_motivo_suspension_produccion').execute();
}
