// Benchmark of saving orders (the speed goal of saving orders, README "Pruebas"): in a throwaway embedded PostgreSQL, seeds one store with
// 50,000 sales already saved (with their lines), 300 products and 10 sellers, starts the real app on a loopback port,
// and has the 10 sellers save 100-line orders at once (POST facturas/guardar, real HTTP, keep-alive) for a fixed time.
// Prints p50/p95/p99 of the save and the orders saved per second. The goal is p95 under 150 ms.
//
//   npm run bench:ventas -w @tablero/server                       (defaults: 50000 sales, 10 sellers, 100 lines, 10 s)
//   VENTAS=5000 VENDEDORES=4 LINEAS=50 SEGUNDOS=5 npm run bench:ventas -w @tablero/server
//
// Only loopback traffic; the loop is bounded by time and the script stops by itself.
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { calcularTotalesVenta } from '@tablero/domain';
import { buildApp } from '../src/app';
import { leerConfig } from '../src/config';
import { crearDb } from '../src/db/database';
import { migrarAlUltimo } from '../src/db/migrate';
import { hashPassword } from '../src/lib/passwords';
import { iniciarPostgresTemporal } from '../test/postgres-temporal';
import { puertoLibre } from '../test/puertos';
import { percentil } from './medidas';

const VENTAS = Number(process.env.VENTAS ?? 50_000);
const VENDEDORES = Number(process.env.VENDEDORES ?? 10);
const LINEAS = Number(process.env.LINEAS ?? 100);
const SEGUNDOS = Number(process.env.SEGUNDOS ?? 10);
const PRODUCTOS = 300;
const CALENTAMIENTO_MS = 2000;

const { embebido, detener } = await iniciarPostgresTemporal('tablero-bench-ventas-');
let salida = 0;
try {
  await embebido.crearBaseDatos('bench');
  const db = crearDb(embebido.url('bench'));
  await migrarAlUltimo(db);

  console.log(`Sembrando ${VENTAS.toLocaleString('en-US')} ventas con sus líneas, ${PRODUCTOS} productos y ${VENDEDORES} vendedores…`);
  const inicioSiembra = performance.now();
  await db.insertInto('tienda').values({ codigo_tienda: '001', nombre_tienda: 'Principal' }).execute();
  const hash = await hashPassword('bench1234');
  const vendedores = await db
    .insertInto('usuario')
    .values(Array.from({ length: VENDEDORES }, (_, n) => ({ name: `Vendedor ${n}`, email: `vendedor${n}@bench.test`, password_hash: hash, role: 'Vendedor' as const })))
    .returning('id')
    .execute();
  await db.insertInto('usuario_tienda').values(vendedores.map(({ id }) => ({ user_id: id, codigo_tienda: '001' }))).execute();
  await db.insertInto('impuesto').values({ nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 }).execute();
  await db.insertInto('proveedor').values({ nombre_proveedor: 'Proveedor Bench', nit: '900000000-0', numero_telefonico: '6010000000', correo_electronico: 'bench@proveedor.test' }).execute();
  await sql`
    insert into producto (referencia, nombre_producto, precio_unitario, impuesto_id, proveedor_id, grupo_id, linea_id)
    select 'BEN-' || lpad(i::text, 4, '0'), 'Producto de prueba ' || i, 1000 + (i % 97) * 350.5, (select min(id) from impuesto), (select min(id) from proveedor), 4, 8
      from generate_series(1, ${PRODUCTOS}) as i
  `.execute(db);
  await sql`
    insert into inventario (codigo_tienda, producto_id, cantidad, precio_unitario, costo_inventario_unitario)
    select '001', p.id, 500, p.precio_unitario, round(p.precio_unitario * 0.6, 2) from producto p
  `.execute(db);
  const { id: clienteId } = await db
    .insertInto('tercero')
    .values({
      tipo_documento_id: 1,
      numero_documento: '1000000001',
      nombres: 'Cliente',
      apellidos: 'Bench',
      correo_electronico: 'cliente@bench.test',
      numero_celular: '3000000000',
      tipo_tercero: 'C',
      tipo_persona: 'Person',
      responsable_iva: false,
      responsabilidad_fiscal: 'R-99-PN',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The history: VENTAS sales over a year, 5 lines each, in every state.
  await sql`
    insert into venta (codigo_tienda, cliente_id, vendedor_id, fecha_venta, estado_venta_id, total_subtotal_venta, total_impuestos_venta, total_venta)
    select '001', ${clienteId}, (select min(id) from usuario) + i % ${VENDEDORES}, now() - (i % 365) * interval '1 day',
           (array[1, 2, 2, 2, 3, 4])[1 + i % 6], 10000, 1900, 11900
      from generate_series(1, ${VENTAS}) as i
  `.execute(db);
  await sql`
    insert into venta_detalle (venta_id, item, producto_id, cantidad, precio_unitario, porcentaje_impuesto, valor_bruto, valor_descuento, valor_subtotal, valor_impuesto, valor_otros_impuestos, valor_total)
    select v.id, k, (select min(id) from producto) + (v.id * 7 + k) % ${PRODUCTOS}, 1, 2000, 19, 2000, 0, 2000, 380, 0, 2380
      from venta v cross join generate_series(1, 5) as k
  `.execute(db);
  await sql`vacuum analyze`.execute(db);
  console.log(`Siembra lista en ${((performance.now() - inicioSiembra) / 1000).toFixed(1)} s`);

  const productos = await db.selectFrom('producto').innerJoin('inventario', 'inventario.producto_id', 'producto.id').select(['producto.id', 'inventario.precio_unitario']).execute();
  const app = await buildApp({ db, config: { ...leerConfig({}), ingresoMaxPorIp: 100_000 }, tokenSecret: 'secreto-del-benchmark' });
  const puerto = await puertoLibre();
  await app.listen({ port: puerto, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${puerto}/api`;
  const tokens: string[] = [];
  for (let n = 0; n < VENDEDORES; n++) {
    const ingreso = await fetch(`${base}/ingreso`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `vendedor${n}@bench.test`, password: 'bench1234' }) });
    tokens.push(((await ingreso.json()) as { data: { token: string } }).data.token);
  }

  /** A new order of LINEAS lines with the store's prices and the totals the form would send. */
  function cuerpo(semilla: number): string {
    const lineas = Array.from({ length: LINEAS }, (_, k) => {
      const producto = productos[(semilla * 31 + k * 7) % productos.length]!;
      return { producto_id: producto.id, cantidad_solicitada: 1 + ((semilla + k) % 9), precio_unitario: Number(producto.precio_unitario), porcentaje_descuento: 0 };
    });
    const { totales } = calcularTotalesVenta({
      porcentaje_impuesto_adicional: 0,
      lineas: lineas.map((l) => ({ cantidad: l.cantidad_solicitada, precio_unitario: l.precio_unitario, porcentaje_descuento: 0, porcentaje_impuesto: 19 })),
    });
    return JSON.stringify({
      venta_id: null,
      tercero_id: clienteId,
      tipo_pago_id: 1,
      estado_venta_id: 1,
      impuesto_adicional_id: null,
      observacion_venta: null,
      productoList: lineas,
      tareasList: [],
      total_subtotal_venta: totales.total_subtotal_venta,
      total_impuestos_venta: totales.total_impuestos_venta,
      total_otros_impuestos_venta: totales.total_otros_impuestos_venta,
      total_venta: totales.total_venta,
      total_descuento: totales.total_descuento,
    });
  }
  const cuerpos = Array.from({ length: 50 }, (_, n) => cuerpo(n));

  const agente = new Agent({ keepAlive: true, maxSockets: VENDEDORES });
  const url = new URL(base);
  const guardar = (token: string, texto: string) =>
    new Promise<number>((resolve, reject) => {
      const solicitud = request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}/facturas/guardar`,
          method: 'POST',
          agent: agente,
          headers: { authorization: `Bearer ${token}`, 'x-codigo-tienda': '001', 'content-type': 'application/json', 'content-length': Buffer.byteLength(texto) },
        },
        (respuesta) => {
          respuesta.on('data', () => {});
          respuesta.on('end', () => resolve(respuesta.statusCode ?? 0));
        },
      );
      solicitud.on('error', reject);
      solicitud.end(texto);
    });

  async function vuelta(hasta: number, latencias: number[] | null): Promise<number> {
    let errores = 0;
    await Promise.all(
      tokens.map(async (token, v) => {
        let n = v;
        while (Date.now() < hasta) {
          const t0 = performance.now();
          const estado = await guardar(token, cuerpos[n++ % cuerpos.length]!);
          latencias?.push(performance.now() - t0);
          if (estado !== 200) errores++;
        }
      }),
    );
    return errores;
  }

  await vuelta(Date.now() + CALENTAMIENTO_MS, null);
  const latencias: number[] = [];
  const inicio = performance.now();
  const errores = await vuelta(Date.now() + SEGUNDOS * 1000, latencias);
  const duracion = (performance.now() - inicio) / 1000;
  latencias.sort((a, b) => a - b);
  const total = await db.selectFrom('venta').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();

  console.log(`\nGuardar un pedido de ${LINEAS} líneas, ${VENDEDORES} vendedores a la vez, ${VENTAS.toLocaleString('en-US')} ventas previas (carga ${loadavg()[0]!.toFixed(1)}):`);
  console.log(`  pedidos guardados  ${latencias.length} en ${duracion.toFixed(1)} s (${(latencias.length / duracion).toFixed(1)} por segundo), errores ${errores}`);
  console.log(`  p50 ${percentil(latencias, 50).toFixed(1)} ms · p95 ${percentil(latencias, 95).toFixed(1)} ms · p99 ${percentil(latencias, 99).toFixed(1)} ms (meta p95 < 150 ms)`);
  console.log(`  ventas en la base al terminar: ${Number(total.n).toLocaleString('en-US')}`);
  if (errores > 0) salida = 1;
  agente.destroy();
  await app.close();
  await db.destroy();
} catch (error) {
  console.error(error);
  salida = 1;
} finally {
  await detener();
}
process.exit(salida);
