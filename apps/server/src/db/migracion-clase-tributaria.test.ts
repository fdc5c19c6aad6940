import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { usarEntorno } from '../../test/app';
import { crearImpuesto, crearProducto, crearProveedor } from '../../test/factories';
import { down, up } from './migrations/202612030100_tipo_producto_clase_tributaria';

const entorno = usarEntorno();

/** The rows before the kinds existed, read as docs/decisions-factura-electronica.md (Clase tributaria) says. */
it('migrates existing taxes and products: 0 % excluded (exempt by name), the DIAN code from the name, services by group or function', async () => {
  const db = entorno.db;
  const proveedor = await crearProveedor(db);
  const impuesto = await crearImpuesto(db);
  const bien = await crearProducto(db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id });
  const conGrupo = await crearProducto(db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, grupo_id: 5, linea_id: 12, grupo_servicio_id: 1, tipo_producto: 'Product' });
  const porFuncion = await crearProducto(db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id });
  await db.updateTable('producto').set({ funcion_producto_id: 3 }).where('id', '=', porFuncion.id).execute();
  const retal = await crearProducto(db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, grupo_id: 5, linea_id: 12 });

  await down(db as never);
  const { rows: nuevos } = await sql<{ id: number }>`
    insert into impuesto (nombre_impuesto, porcentaje_impuesto)
    values ('IVA 19%', 19), ('Impuesto al consumo 8%', 8), ('INC 8', 8), ('ICA Bogotá', 1), ('Excluido', 0), ('IVA exento', 0), ('Tasa incluida', 5)
    returning id`.execute(db);
  await up(db as never);

  const impuestos = await db.selectFrom('impuesto').select(['id', 'clase_tributaria', 'codigo_impuesto_dian']).where('id', 'in', nuevos.map((n) => n.id)).orderBy('id').execute();
  expect(impuestos.map((i) => [i.clase_tributaria, i.codigo_impuesto_dian])).toEqual([
    ['Taxed', '01'],
    ['Taxed', '04'],
    ['Taxed', '04'],
    ['Taxed', '03'],
    ['Excluded', '01'],
    ['Exempt', '01'],
    ['Taxed', '01'],
  ]);
  const productos = await db.selectFrom('producto').select(['id', 'tipo_producto']).where('id', 'in', [bien.id, conGrupo.id, porFuncion.id, retal.id]).orderBy('id').execute();
  expect(productos.map((p) => p.tipo_producto)).toEqual(['Product', 'Service', 'Service', 'Product']);
  // Only a taxed tax has a rate.
  await expect(sql`insert into impuesto (nombre_impuesto, porcentaje_impuesto, clase_tributaria) values ('Mal', 19, 'Excluded')`.execute(db)).rejects.toThrow(/impuesto_clase_tributaria_tarifa/);
});
