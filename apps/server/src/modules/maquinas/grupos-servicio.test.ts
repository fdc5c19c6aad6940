import { sql } from 'kysely';
import { GRUPOS_SERVICIO } from '@tablero/domain';
import { describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearImpuesto, crearProducto, crearProveedor, crearMaquina } from '../../../test/factories';
import * as renumeracion from '../../db/migrations/202611230200_renumber_grupo_servicio';

// Migration 202611230200 (docs/decisions-productos.md, Grupos de servicio): service groups with the ids of spec 002 §9,
// the rows that point at them renumbered, and product group 8 for the special services. This file's own database is
// migrated to the latest.
const entorno = usarEntorno();

const gruposServicio = () => entorno.db.selectFrom('grupo_servicio').select(['id', 'nombre_grupo_servicio', 'activo']).orderBy('id').execute();
const version = async () => (await entorno.db.selectFrom('producto_version').select('version').executeTakeFirstOrThrow()).version;

describe('migration 202611230200_renumber_grupo_servicio', () => {
  it('leaves 1 Corte, 2 Enchape, 3 Servicios especiales, 6 Empaque, and product group 8 Servicios especiales with its line', async () => {
    expect(await gruposServicio()).toEqual([
      { id: GRUPOS_SERVICIO.CORTE, nombre_grupo_servicio: 'Corte', activo: true },
      { id: GRUPOS_SERVICIO.ENCHAPE, nombre_grupo_servicio: 'Enchape', activo: true },
      { id: GRUPOS_SERVICIO.SERVICIOS_ESPECIALES, nombre_grupo_servicio: 'Servicios especiales', activo: true },
      { id: GRUPOS_SERVICIO.EMPAQUE, nombre_grupo_servicio: 'Empaque', activo: true },
    ]);
    expect(await entorno.db.selectFrom('grupo').select(['id', 'nombre_grupo']).where('id', '=', 8).execute()).toEqual([{ id: 8, nombre_grupo: 'Servicios especiales' }]);
    expect(await entorno.db.selectFrom('linea').select(['id', 'grupo_id', 'nombre_linea']).where('grupo_id', '=', 8).execute()).toEqual([
      { id: 15, grupo_id: 8, nombre_linea: 'Servicios especiales' },
    ]);
  });

  it('keeps the meaning of every row that points at a service group, in products, machines and any other table', async () => {
    const db = entorno.db;
    // Back to the numbering of migration 0100, with rows written then: 3 was Empaque and 8 Servicios especiales.
    await renumeracion.down(db);
    expect((await gruposServicio()).map((g) => [g.id, g.nombre_grupo_servicio])).toEqual([
      [1, 'Corte'],
      [2, 'Enchape'],
      [3, 'Empaque'],
      [8, 'Servicios especiales'],
    ]);
    expect(await entorno.db.selectFrom('grupo').select('id').where('id', '=', 8).execute()).toEqual([]);
    await sql`update grupo_servicio set activo = false where id = 3`.execute(db);

    const base = { impuesto_id: (await crearImpuesto(entorno.db)).id, proveedor_id: (await crearProveedor(entorno.db)).id };
    const perforacion = await crearProducto(entorno.db, { ...base, grupo_id: 5, linea_id: 14, grupo_servicio_id: 8, referencia: 'MIG-PERF' });
    const empaque = await crearProducto(entorno.db, { ...base, grupo_id: 5, linea_id: 14, grupo_servicio_id: 3, referencia: 'MIG-EMPAQ' });
    const corte = await crearProducto(entorno.db, { ...base, grupo_id: 5, linea_id: 12, grupo_servicio_id: 1, referencia: 'MIG-CORTE' });
    const router = await crearMaquina(entorno.db, { referencia: 'MIG-ESP', grupo_servicio_id: 8 });
    const empacadora = await crearMaquina(entorno.db, { referencia: 'MIG-EMP', grupo_servicio_id: 3 });
    const enchapadora = await crearMaquina(entorno.db, { referencia: 'MIG-ENC', grupo_servicio_id: 2 });
    // A table another migration could add (production stages): found through its foreign key, not by name.
    await sql`create table etapa_prueba (id serial primary key, grupo_servicio_id integer not null references grupo_servicio (id))`.execute(db);
    await sql`insert into etapa_prueba (grupo_servicio_id) values (3), (8), (1)`.execute(db);
    const antes = await version();

    await renumeracion.up(db);

    expect(await gruposServicio()).toEqual([
      { id: 1, nombre_grupo_servicio: 'Corte', activo: true },
      { id: 2, nombre_grupo_servicio: 'Enchape', activo: true },
      { id: 3, nombre_grupo_servicio: 'Servicios especiales', activo: true },
      // The state of each group travels with it.
      { id: 6, nombre_grupo_servicio: 'Empaque', activo: false },
    ]);
    const productos = await entorno.db
      .selectFrom('producto')
      .select(['id', 'grupo_servicio_id', 'grupo_id', 'linea_id'])
      .where('id', 'in', [perforacion.id, empaque.id, corte.id])
      .orderBy('id')
      .execute();
    expect(productos).toEqual([
      // The special service moves to product group 8 too, so the cutting dialog keeps finding it.
      { id: perforacion.id, grupo_servicio_id: 3, grupo_id: 8, linea_id: 15 },
      { id: empaque.id, grupo_servicio_id: 6, grupo_id: 5, linea_id: 14 },
      { id: corte.id, grupo_servicio_id: 1, grupo_id: 5, linea_id: 12 },
    ]);
    const maquinas = await entorno.db.selectFrom('maquina').select(['id', 'grupo_servicio_id']).where('id', 'in', [router.id, empacadora.id, enchapadora.id]).orderBy('id').execute();
    expect(maquinas).toEqual([
      { id: router.id, grupo_servicio_id: 3 },
      { id: empacadora.id, grupo_servicio_id: 6 },
      { id: enchapadora.id, grupo_servicio_id: 2 },
    ]);
    const etapas = await sql<{ grupo_servicio_id: number }>`select grupo_servicio_id from etapa_prueba order by id`.execute(db);
    expect(etapas.rows.map((e) => e.grupo_servicio_id)).toEqual([6, 3, 1]);
    // The search index sees the moved products (its catalog counter moved in the same transaction).
    expect(Number(await version())).toBeGreaterThan(Number(antes));
    await sql`drop table etapa_prueba`.execute(db);
  });
});
