import { sql } from 'kysely';
import { ERRORES } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../test/app';
import { headers, crearEscenario, crearImpuesto, crearProducto, crearProveedor, movimientosDe, saldoDe, type Escenario } from '../../test/factories';
import { AppError } from '../lib/app-error';
import { enTransaccion, INTENTOS_TRANSACCION, reintentosTransaccion } from './transaccion';

const entorno = usarEntorno();

/** An error as node-postgres raises it for a deadlock PostgreSQL broke. */
function deadlock(): Error {
  return Object.assign(new Error('deadlock detected'), { code: '40P01' });
}

async function filasDePrueba(): Promise<string[]> {
  const { rows } = await sql<{ valor: string }>`select valor from prueba_transaccion order by valor`.execute(entorno.db);
  return rows.map((fila) => fila.valor);
}

describe('enTransaccion', () => {
  beforeAll(async () => {
    await sql`create table prueba_transaccion (valor text not null)`.execute(entorno.db);
  });

  it('runs the whole unit again after a deadlock, and only the committed run is kept', async () => {
    const antes = reintentosTransaccion['40P01'] ?? 0;
    let intentos = 0;
    const resultado = await enTransaccion(entorno.db, async (trx) => {
      intentos++;
      await sql`insert into prueba_transaccion values (${`intento ${intentos}`})`.execute(trx);
      if (intentos === 1) throw deadlock();
      return 'hecho';
    });
    expect(resultado).toBe('hecho');
    expect(intentos).toBe(2);
    expect(await filasDePrueba()).toEqual(['intento 2']);
    expect(reintentosTransaccion['40P01']).toBe(antes + 1);
  });

  it("gives up after its attempts with a Spanish 409 and saves nothing", async () => {
    await sql`truncate prueba_transaccion`.execute(entorno.db);
    let intentos = 0;
    const fallo = await enTransaccion(entorno.db, async (trx) => {
      intentos++;
      await sql`insert into prueba_transaccion values ('nunca')`.execute(trx);
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    }).catch((error: unknown) => error);
    expect(fallo).toBeInstanceOf(AppError);
    expect(fallo).toMatchObject({ status: 409, code: 'CONFLICTO_CONCURRENTE', message: ERRORES.CONFLICTO_CONCURRENTE.mensaje });
    expect(intentos).toBe(INTENTOS_TRANSACCION);
    expect(await filasDePrueba()).toEqual([]);
  });

  it('does not retry a business refusal: it reaches the caller as it is, after one run', async () => {
    let intentos = 0;
    const fallo = await enTransaccion(entorno.db, async () => {
      intentos++;
      throw new AppError('PRODUCTO_NO_ENCONTRADO');
    }).catch((error: unknown) => error);
    expect(fallo).toMatchObject({ code: 'PRODUCTO_NO_ENCONTRADO' });
    expect(intentos).toBe(1);
  });

  it('breaks a real deadlock between two transactions and commits both', async () => {
    await sql`truncate prueba_transaccion`.execute(entorno.db);
    await sql`insert into prueba_transaccion values ('a'), ('b')`.execute(entorno.db);
    const antes = reintentosTransaccion['40P01'] ?? 0;
    // Each locks one row, waits until the other holds its row, then asks for the other's: a cycle PostgreSQL breaks.
    let listos = 0;
    const ambosListos = async () => {
      listos++;
      while (listos < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const cruzado = (primero: string, segundo: string) =>
      enTransaccion(entorno.db, async (trx) => {
        await sql`update prueba_transaccion set valor = valor where valor = ${primero}`.execute(trx);
        await ambosListos();
        await sql`update prueba_transaccion set valor = valor where valor = ${segundo}`.execute(trx);
        return primero;
      });
    expect((await Promise.all([cruzado('a', 'b'), cruzado('b', 'a')])).sort()).toEqual(['a', 'b']);
    expect(reintentosTransaccion['40P01']).toBe(antes + 1);
  });
});

describe('editing a product while its stock changes (lock order producto → inventario)', () => {
  let e: Escenario;
  let base: { impuesto_id: number; proveedor_id: number };

  beforeAll(async () => {
    e = await crearEscenario(entorno.app, entorno.db);
    base = { impuesto_id: (await crearImpuesto(entorno.db)).id, proveedor_id: (await crearProveedor(entorno.db)).id };
  });

  it('answers all 50 parallel requests without a deadlock, and the ledger adds up exactly', async () => {
    const tienda = e.tienda.codigo_tienda;
    const producto = await crearProducto(entorno.db, { ...base, grupo_id: 4, linea_id: 8, tiendas: [{ codigo_tienda: tienda, cantidad: 100 }] });
    const bodega = e.porRol.Bodega.token;
    const deadlocksAntes = reintentosTransaccion['40P01'] ?? 0;

    const edicion = (n: number) =>
      entorno.app.inject({
        method: 'PUT',
        url: `/api/productos/${producto.id}/editar`,
        headers: headers(bodega, tienda),
        payload: {
          referencia: producto.referencia,
          nombre_producto: `Bisagra cazoleta ${n}`,
          precio_unitario: 1000 + n,
          cantidad: 100 + n,
          impuesto_id: base.impuesto_id,
          proveedor_id: base.proveedor_id,
          grupo_id: 4,
          linea_id: 8,
        },
      });
    const entrada = (n: number) =>
      entorno.app.inject({
        method: 'PUT',
        url: '/api/inventarios/actualizar',
        headers: headers(bodega, tienda),
        payload: { producto_id: producto.id, precio_unitario: 2000 + n, cantidad_inventario: n },
      });
    const respuestas = await Promise.all(Array.from({ length: 50 }, (_, n) => (n % 2 === 0 ? edicion(n) : entrada(n))));

    expect(respuestas.map((respuesta) => respuesta.statusCode)).toEqual(Array(50).fill(200));
    // The lock order makes the cycle impossible: no deadlock had to be broken and retried.
    expect((reintentosTransaccion['40P01'] ?? 0) - deadlocksAntes).toBe(0);

    // Every movement starts from the balance the previous one left, and the last one is the stored balance.
    const movimientos = await movimientosDe(entorno.db, tienda, producto.id);
    let saldo = 100;
    for (const movimiento of movimientos) {
      saldo += movimiento.cantidad;
      expect(movimiento.saldo).toBe(saldo);
    }
    expect((await saldoDe(entorno.db, tienda, producto.id))?.cantidad).toBe(saldo);
    // Each of the 25 entries added its units once.
    const entradas = movimientos.filter((movimiento) => movimiento.tipo_movimiento === 'ENTRADA');
    expect(entradas.map((movimiento) => movimiento.cantidad).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => 2 * i + 1));
  });
});
