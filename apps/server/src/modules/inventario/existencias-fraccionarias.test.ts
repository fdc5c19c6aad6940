import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearImpuesto, crearProducto, crearProveedor, crearTienda } from '../../../test/factories';
import * as migracion from '../../db/migrations/202612020200_existencias_fraccionarias';

// Migration 202612020200 (docs/decisions.md, Inventario: "Existencias en la unidad del producto"): the stock and its
// ledger become numeric(14,2) and keep every row. This file's own database is migrated to the latest.
const entorno = usarEntorno();

const tipos = async () =>
  (
    await sql<{ tabla: string; columna: string; tipo: string }>`
      select table_name as tabla, column_name as columna,
             case when data_type = 'numeric' then format('numeric(%s,%s)', numeric_precision, numeric_scale) else data_type end as tipo
        from information_schema.columns
       where table_schema = current_schema()
         and ((table_name = 'inventario' and column_name = 'cantidad') or (table_name = 'inventario_movimiento' and column_name in ('cantidad', 'saldo')))
       order by 1, 2
    `.execute(entorno.db)
  ).rows;

/** What the migration must keep: row counts, sums and each row's values, in ledger order. */
const huella = async () => ({
  saldos: (await sql<{ fila: string }>`select codigo_tienda || ':' || producto_id || ':' || cantidad::numeric::text as fila from inventario order by codigo_tienda, producto_id`.execute(entorno.db)).rows.map((f) => f.fila),
  movimientos: (
    await sql<{ fila: string }>`
      select id || ':' || producto_id || ':' || tipo_movimiento || ':' || cantidad::numeric::text || ':' || saldo::numeric::text || ':' || fecha::text as fila
        from inventario_movimiento order by id
    `.execute(entorno.db)
  ).rows.map((f) => f.fila),
  sumas: (
    await sql<{ stock: string; movido: string; saldos: string; filas: string }>`
      select (select coalesce(sum(cantidad), 0)::numeric::text from inventario) as stock,
             (select coalesce(sum(cantidad), 0)::numeric::text from inventario_movimiento) as movido,
             (select coalesce(sum(saldo), 0)::numeric::text from inventario_movimiento) as saldos,
             (select count(*)::text from inventario_movimiento) as filas
    `.execute(entorno.db)
  ).rows[0],
});

/** A text of numeric(14,2) read back as the integer it was: '12.00' → '12'. */
const sinEscala = (texto: string) => texto.replace(/\.00(?=:|$)/g, '');

describe('migration 202612020200_existencias_fraccionarias', () => {
  it('turns the stock and ledger quantities into numeric(14,2)', async () => {
    expect(await tipos()).toEqual([
      { tabla: 'inventario', columna: 'cantidad', tipo: 'numeric(14,2)' },
      { tabla: 'inventario_movimiento', columna: 'cantidad', tipo: 'numeric(14,2)' },
      { tabla: 'inventario_movimiento', columna: 'saldo', tipo: 'numeric(14,2)' },
    ]);
  });

  it('keeps every existing integer row and the ledger history: counts, sums and values unchanged', async () => {
    await migracion.down(entorno.db);
    expect((await tipos()).map((t) => t.tipo)).toEqual(['integer', 'integer', 'integer']);

    // Rows written while the columns were integers: two stores, a sale, an annulment, a negative balance.
    const tienda = await crearTienda(entorno.db);
    const base = { impuesto_id: (await crearImpuesto(entorno.db)).id, proveedor_id: (await crearProveedor(entorno.db)).id };
    const canto = await crearProducto(entorno.db, { ...base, tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 12 }] });
    const tablero = await crearProducto(entorno.db, { ...base, tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: -2 }] });
    await sql`
      insert into inventario_movimiento (codigo_tienda, producto_id, tipo_movimiento, cantidad, saldo, costo_unitario, motivo, documento)
      values (${tienda.codigo_tienda}, ${canto.id}, 'INICIAL', 10, 10, 100, 'Saldo inicial', null),
             (${tienda.codigo_tienda}, ${canto.id}, 'VENTA', -2, 8, 100, 'Facturación', 'Venta No. 1'),
             (${tienda.codigo_tienda}, ${canto.id}, 'ANULACION', 2, 10, 100, 'Anulación', 'Venta No. 1'),
             (${tienda.codigo_tienda}, ${canto.id}, 'ENTRADA', 2, 12, 100, 'Entrada', 'Inventario'),
             (${tienda.codigo_tienda}, ${tablero.id}, 'VENTA', -2, -2, 0, 'Facturación', 'Venta No. 2')
    `.execute(entorno.db);
    const antes = await huella();
    expect(antes.movimientos.length).toBeGreaterThanOrEqual(5);

    await migracion.up(entorno.db);

    expect((await tipos()).map((t) => t.tipo)).toEqual(['numeric(14,2)', 'numeric(14,2)', 'numeric(14,2)']);
    const despues = await huella();
    expect(despues.saldos.map(sinEscala)).toEqual(antes.saldos);
    expect(despues.movimientos.map(sinEscala)).toEqual(antes.movimientos);
    expect(despues.sumas).toEqual({
      stock: `${antes.sumas!.stock}.00`,
      movido: `${antes.sumas!.movido}.00`,
      saldos: `${antes.sumas!.saldos}.00`,
      filas: antes.sumas!.filas,
    });
  });

  it('refuses to go back to integers once a balance holds a fraction, rounding nothing', async () => {
    const tienda = await crearTienda(entorno.db);
    const base = { impuesto_id: (await crearImpuesto(entorno.db)).id, proveedor_id: (await crearProveedor(entorno.db)).id };
    const producto = await crearProducto(entorno.db, { ...base, tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 2.5 }] });
    await expect(migracion.down(entorno.db)).rejects.toThrow('Hay existencias fraccionarias');
    expect(await tipos()).toHaveLength(3);
    expect((await tipos()).every((t) => t.tipo === 'numeric(14,2)')).toBe(true);
    const fila = await entorno.db.selectFrom('inventario').select('cantidad').where('producto_id', '=', producto.id).executeTakeFirstOrThrow();
    expect(fila.cantidad).toBe('2.50');
  });
});
