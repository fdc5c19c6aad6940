// The byte check of "one contract per route" (docs/architecture.md §4): a route that only gains its `schema.response`
// must answer the same bytes as before. The JSON serializer of a route with a response schema encodes the handler's
// value through the schema, which would drop a key the schema does not declare, reorder keys to the schema's order or
// refuse a value of another type (a numeric's text declared as a number, a Date declared as a string); a route without
// one sends JSON.stringify of the value.
//
// In a throwaway embedded PostgreSQL with the demo data (npm run seed's), the real app, logged in as the demo
// SuperAdministrador of store 001, calls every production, dispatch, abono, advance and credit route (reads, then each
// write on demo rows in the states the screens show) and the routes that answer files, and:
//   1. compares, for every JSON answer, the bytes sent with JSON.stringify of the value the handler returned (what the
//      app sent before the route declared its answer): any difference fails the run;
//   2. checks that a file answer is sent as the handler's bytes (never serialized) with its content type;
//   3. writes every raw answer under <carpeta>/ (status, content type and body; files as their size), with the values
//      that depend on the clock masked, so that two runs (before and after a change) compare with `diff -r`.
//
//   npx tsx apps/server/scripts/contratos-respuestas.ts /tmp/contratos-antes
//   (change the code)
//   npx tsx apps/server/scripts/contratos-respuestas.ts /tmp/contratos-despues && diff -r /tmp/contratos-antes /tmp/contratos-despues
//
// Only loopback traffic (app.inject); the script stops by itself, non-zero when a check fails.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { leerConfig } from '../src/config';
import { crearDb } from '../src/db/database';
import { migrarAlUltimo } from '../src/db/migrate';
import { CLAVE_DEMO, cargarDatosDemo } from '../src/db/seed/demo';
import { iniciarPostgresTemporal } from '../test/postgres-temporal';

const carpeta = process.argv[2] ?? '';
if (carpeta === '') {
  console.error('Uso: npx tsx apps/server/scripts/contratos-respuestas.ts <carpeta>');
  process.exit(2);
}
const SECRETO = 'secreto-del-chequeo-de-contratos';
const TIENDA = '001';

/**
 * ISO instants, signed link tokens, durations in seconds and an error's request id: what another run at another moment
 * answers differently.
 */
function enmascarar(texto: string): string {
  return texto
    .replace(/"request_id":"[^"]*"/g, '"request_id":<id>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g, '<instante>')
    .replace(/"(tiempo_[a-z_]*segundos|expira_en)":\s*("[^"]*"|[-\d.e]+|null)/g, '"$1":<tiempo>')
    .replace(/(token=|FVS\/|comprobante\/|anticipo\/|abono\/|credito\/|corte\/)[A-Za-z0-9._~%-]+/g, '$1<token>');
}

const { embebido, detener } = await iniciarPostgresTemporal('tablero-contratos-');
let fallas = 0;
const fallar = (motivo: string) => {
  console.log(`  FALLA: ${motivo}`);
  fallas += 1;
};

try {
  await embebido.crearBaseDatos('contratos');
  const db = crearDb(embebido.url('contratos'));
  await migrarAlUltimo(db);
  await db.transaction().execute((trx) => cargarDatosDemo(trx, SECRETO));
  const app: FastifyInstance = await buildApp({ db, config: { ...leerConfig({}), ingresoMaxPorIp: 10_000 }, tokenSecret: SECRETO });

  // What the handler returned, as the app sent it without a response schema (Fastify's JSON.stringify), by request.
  const sinEsquema = new Map<string, string>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    sinEsquema.set(request.id, JSON.stringify(payload));
    return payload;
  });
  const enviados = new Map<string, { tipo: string; serializado: boolean; bytes: Buffer }>();
  app.addHook('onSend', async (request, reply, payload) => {
    const tipo = String(reply.getHeader('content-type') ?? '');
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : Buffer.alloc(0);
    enviados.set(request.id, { tipo, serializado: sinEsquema.has(request.id), bytes });
    return payload;
  });
  await app.ready();

  await rm(carpeta, { recursive: true, force: true });
  await mkdir(carpeta, { recursive: true });
  let n = 0;
  let comparadas = 0;
  let archivos = 0;

  const ingreso = await app.inject({ method: 'POST', url: '/api/ingreso', payload: { email: 'superadmin@tablero.test', password: CLAVE_DEMO } });
  const { token, id: userId } = ingreso.json<{ data: { token: string; id: number } }>().data;
  const cabeceras = { authorization: `Bearer ${token}`, 'x-codigo-tienda': TIENDA };

  /** One call: checks its bytes and keeps its answer; answers the parsed JSON (null for a file). */
  async function llamar(
    metodo: 'GET' | 'POST' | 'PUT',
    url: string,
    opciones: { cuerpo?: object; archivo?: boolean; publico?: boolean; esperado?: number; yaTeniaEsquema?: boolean } = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read by the demo's fields, not typed here
  ): Promise<any> {
    const respuesta = await app.inject({
      method: metodo,
      url,
      headers: opciones.publico ? {} : cabeceras,
      ...(opciones.cuerpo ? { payload: opciones.cuerpo } : {}),
    });
    n += 1;
    const nombre = `${String(n).padStart(3, '0')}-${metodo}-${enmascarar(url).replace(/^\/api\//, '').replace(/\?.*$/, '').replace(/[^a-zA-Z0-9]+/g, '_').slice(0, 80)}.txt`;
    const idSolicitud = String(respuesta.headers['x-request-id'] ?? '');
    const enviado = [...enviados.entries()].find(([id]) => id === idSolicitud)?.[1];
    const tipo = String(respuesta.headers['content-type'] ?? '');
    const esperado = opciones.esperado ?? 200;
    if (respuesta.statusCode !== esperado) fallar(`${metodo} ${url}: ${respuesta.statusCode} (se esperaba ${esperado}) ${respuesta.body.slice(0, 300)}`);
    let cuerpo: string;
    if (opciones.archivo) {
      archivos += 1;
      if (!enviado) fallar(`${metodo} ${url}: sin registro del envío`);
      else if (enviado.serializado) fallar(`${metodo} ${url}: el archivo pasó por el serializador JSON`);
      else if (!enviado.bytes.equals(respuesta.rawPayload)) fallar(`${metodo} ${url}: los bytes enviados no son los del manejador`);
      cuerpo = respuesta.rawPayload.length > 0 ? '<archivo>' : '<archivo vacío>';
    } else {
      cuerpo = respuesta.body;
      const antes = sinEsquema.get(idSolicitud);
      // A route that already encoded through its schema is compared across runs only (diff -r).
      if (respuesta.statusCode === 200 && !opciones.yaTeniaEsquema) {
        if (antes === undefined) fallar(`${metodo} ${url}: no se vio el valor del manejador`);
        else if (antes !== respuesta.body) {
          fallar(`${metodo} ${url}: el cuerpo difiere de JSON.stringify del valor del manejador`);
          await writeFile(path.join(carpeta, `${nombre}.sin-esquema`), antes);
        } else comparadas += 1;
      }
    }
    await writeFile(path.join(carpeta, nombre), `${respuesta.statusCode} ${tipo}\n${enmascarar(cuerpo)}\n`);
    return opciones.archivo || !tipo.includes('json') ? null : respuesta.json();
  }

  const hoy = (await sql<{ hoy: string }>`select (now() at time zone 'America/Bogota')::date::text as hoy`.execute(db)).rows[0]!.hoy;
  const desde = (await sql<{ d: string }>`select ((now() at time zone 'America/Bogota')::date - 120)::text as d`.execute(db)).rows[0]!.d;

  // ---------------------------------------------------------------------------------------------------------
  // Producción: reads
  await llamar('GET', '/api/produccion/tipos-motivos-suspension', { yaTeniaEsquema: true });
  for (const estado of [1, 2]) {
    for (const proceso of [false, true]) {
      await llamar('POST', '/api/produccion/ventas?page=1&per_page=10', {
        cuerpo: { fecha_inicial: desde, fecha_final: hoy, estado_venta_id: estado, proceso_produccion: proceso, venta_id: null, cliente_id: null },
      });
    }
  }
  await llamar('POST', '/api/produccion/orden-etapa?page=1&per_page=10', { cuerpo: { fecha_inicial: desde, fecha_final: hoy, etapa_inicial: false } });
  await llamar('POST', '/api/produccion/orden-etapa?page=1&per_page=10', { cuerpo: { etapa_inicial: true } });
  const panel = await llamar('POST', '/api/produccion/panel-control', { cuerpo: { fecha_inicial: desde, fecha_final: hoy } });
  await llamar('POST', '/api/produccion/panel-control', { cuerpo: {} });
  for (const servicio of [1, 2, 3, 6]) {
    await llamar('POST', '/api/produccion/etapas-por-servicio', { cuerpo: { servicio, etapas_pendientes: true } });
  }
  const operarios = await db.selectFrom('tercero').select('id').where('tipo_tercero', '=', 'OP').where('activo', '=', true).orderBy('id').execute();
  for (const { id } of operarios) {
    await llamar('POST', '/api/produccion/etapas-por-servicio', { cuerpo: { operario_id: id, etapas_proceso: true } });
  }
  await llamar('POST', '/api/produccion/indicadores', { cuerpo: { fecha_inicial: desde, fecha_final: hoy }, yaTeniaEsquema: true });
  await llamar('POST', '/api/produccion/indicadores/exportar', { cuerpo: { fecha_inicial: desde, fecha_final: hoy }, archivo: true });

  // Producción: writes, each on a demo row in the state it needs.
  type Etapa = { id: number; produccion_venta_id: number; estado_etapa: string; grupo_servicio_id: number };
  type Orden = { id: number; prioritario: boolean; completado: boolean; fecha_material_preparado: string | null; proceso_vigente: number | null };
  const ordenes: Orden[] = panel.data.ordenes_produccion;
  const etapas: Etapa[] = panel.data.ordenes_produccion_etapas;
  const sinPreparar = ordenes.find((o) => o.fecha_material_preparado === null && !o.completado);
  if (sinPreparar) await llamar('POST', '/api/produccion/proceso-etapa-orden', { cuerpo: { orden_produccion_id: sinPreparar.id } });
  else fallar('no hay una OP sin preparar en los datos demo');
  const noPrioritaria = ordenes.find((o) => !o.prioritario && !o.completado && o.id !== sinPreparar?.id);
  if (noPrioritaria) await llamar('POST', '/api/produccion/prioridad', { cuerpo: { id: noPrioritaria.id } });
  const sinOp = (await llamar('POST', '/api/produccion/ventas?page=1&per_page=10', {
    cuerpo: { fecha_inicial: desde, fecha_final: hoy, estado_venta_id: 2, proceso_produccion: true },
  })) as { data: { ventas: { data: { id: number }[] } } };
  const ventaSinOp = sinOp.data.ventas.data[0];
  if (ventaSinOp) await llamar('POST', '/api/produccion/generar-orden', { cuerpo: { venta_id: ventaSinOp.id } });
  else fallar('no hay una venta facturada sin OP en los datos demo');

  // A pending stage that is its OP's current process, on a free machine of its service, with an operator.
  const vigentes = new Set((await llamar('POST', '/api/produccion/panel-control', { cuerpo: {} })).data.ordenes_produccion.map((o: Orden) => o.proceso_vigente));
  const pendiente = etapas.find((e) => e.estado_etapa === 'pendiente' && vigentes.has(e.id));
  if (pendiente) {
    const maquina = await db
      .selectFrom('maquina')
      .select('id')
      .where('grupo_servicio_id', '=', pendiente.grupo_servicio_id)
      .where('estado_maquina_id', '=', 1)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('produccion_venta_etapa').select('id').where('estado_etapa', '=', 'en_proceso').whereRef('maquina_id', '=', 'maquina.id'))))
      .orderBy('id')
      .executeTakeFirst();
    const operario = operarios[0];
    if (!maquina || !operario) fallar('no hay máquina libre u operario para iniciar una etapa');
    else {
      const inicio = { orden_etapa_id: pendiente.id, maquina_id: maquina.id, operario_id: operario.id };
      const ordenDePendiente = ordenes.find((o) => o.id === pendiente.produccion_venta_id);
      // A non-priority OP waits behind a priority one of the same service: make it priority first (409 otherwise).
      if (ordenDePendiente && !ordenDePendiente.prioritario && ordenDePendiente.id !== noPrioritaria?.id) {
        await llamar('POST', '/api/produccion/prioridad', { cuerpo: { id: ordenDePendiente.id } });
      }
      await llamar('POST', '/api/produccion/iniciar-etapa', { cuerpo: inicio });
      await llamar('POST', '/api/produccion/parar-finalizar-etapa', { cuerpo: { produccion_etapa_id: pendiente.id, motivo_suspension_id: 1, accion: 'parar' } });
      await llamar('POST', '/api/produccion/iniciar-etapa', { cuerpo: inicio });
      await llamar('POST', '/api/produccion/anular-etapa', { cuerpo: { produccion_etapa_id: pendiente.id } });
      await llamar('POST', '/api/produccion/iniciar-etapa', { cuerpo: inicio });
      await llamar('POST', '/api/produccion/parar-finalizar-etapa', { cuerpo: { produccion_etapa_id: pendiente.id, accion: 'finalizar' } });
    }
  } else fallar('no hay una etapa pendiente vigente en los datos demo');
  await llamar('POST', '/api/produccion/panel-control', { cuerpo: { fecha_inicial: desde, fecha_final: hoy } });

  // ---------------------------------------------------------------------------------------------------------
  // Despachos
  const pendientes = await llamar('POST', '/api/despachos/turnos?page=1&per_page=50', { cuerpo: { modo_consulta: 'pendientes', fecha_inicial: desde, fecha_final: hoy } });
  await llamar('POST', '/api/despachos/turnos?page=1&per_page=10', { cuerpo: { modo_consulta: 'despachados', fecha_inicial: desde, fecha_final: hoy } });
  await llamar('POST', '/api/despachos/turnos?page=1&per_page=10', { cuerpo: {} });
  type Turno = { id: number; estado: string };
  const turnos: Turno[] = pendientes.data.despachos_turnos.data;
  for (const turno of turnos.slice(0, 3)) await llamar('GET', `/api/despachos/venta/${turno.id}`);
  const enCola = turnos.find((t) => t.estado === 'en_cola');
  if (enCola) {
    await llamar('GET', `/api/despachos/turnos/${enCola.id}/${userId}/venta`);
    const mensajero = await db.selectFrom('tercero').select('id').where('tipo_tercero', '=', 'MSJ').where('activo', '=', true).orderBy('id').executeTakeFirst();
    if (mensajero) {
      await llamar('POST', '/api/despachos/guardar', { cuerpo: { venta_id: enCola.id, usuario_id: userId, mensajero_id: mensajero.id, observacion_despacho: 'Entregado en mostrador' } });
      await llamar('GET', `/api/despachos/venta/${enCola.id}`);
    } else fallar('no hay mensajero en los datos demo');
  } else fallar('no hay un turno en cola en los datos demo');
  // 'Pasar a despacho': a billed sale of the store without an active turn and without an unfinished OP.
  const sinTurno = await sql<{ id: number }>`
    select v.id from venta v
     where v.codigo_tienda = ${TIENDA} and v.estado_venta_id in (2, 6)
       and not exists (select 1 from despacho_turno t where t.venta_id = v.id and t.estado <> 'retirado')
     order by v.id limit 1`.execute(db);
  if (sinTurno.rows[0]) await llamar('POST', '/api/despachos/pasar', { cuerpo: { venta_id: sinTurno.rows[0].id } });
  else fallar('no hay una venta facturada sin turno en los datos demo');
  await llamar('GET', `/api/public/despachos/turnos?codigo_tienda=${TIENDA}&page=1`, { publico: true });
  await llamar('GET', `/api/public/despachos/turnos?codigo_tienda=${TIENDA}&page=2`, { publico: true });

  // ---------------------------------------------------------------------------------------------------------
  // Abonos and advances (the prepaid balance): reads, a new advance with its receipt, its annulment, an abono.
  const anticipos = await llamar('GET', '/api/anticipos?page=1&per_page=10', { yaTeniaEsquema: true });
  await llamar('GET', '/api/anticipos?page=1&per_page=10&cliente_id=0', { yaTeniaEsquema: true });
  const conAnticipo = (anticipos.data.anticipos.data as { cliente_id: number; total_anticipo: number }[]).find((a) => a.total_anticipo > 0);
  if (conAnticipo) {
    const clienteId = conAnticipo.cliente_id;
    await llamar('GET', `/api/anticipos/saldo?cliente_id=${clienteId}`, { yaTeniaEsquema: true });
    await llamar('GET', `/api/anticipos/${clienteId}/movimientos?page=1&per_page=10`, { yaTeniaEsquema: true });
    const anticipo = await llamar('POST', '/api/anticipos/guardar', {
      cuerpo: { cliente_id: clienteId, fecha_anticipo: hoy, valor_anticipo: 5000, observacion_anticipo: 'Anticipo del chequeo' },
      yaTeniaEsquema: true,
    });
    await llamar('GET', new URL(anticipo.data.enlace_documento, 'http://local').pathname, { archivo: true, publico: true });
    await llamar('GET', `/api/anticipos/movimientos/${anticipo.data.id}/devolucion`, { yaTeniaEsquema: true });
    await llamar('PUT', `/api/anticipos/movimientos/${anticipo.data.id}/anular`, { yaTeniaEsquema: true });
    await llamar('GET', `/api/anticipos/${clienteId}/movimientos?page=1&per_page=10`, { yaTeniaEsquema: true });
    await llamar('POST', `/api/terceros/${clienteId}/abono`, { cuerpo: { valor_abono: 2000, descripcion_abono: 'Abono del chequeo' }, yaTeniaEsquema: true });
    await llamar('GET', `/api/terceros/${clienteId}/abono/historial?page=1&per_page=10`, { yaTeniaEsquema: true });
  } else fallar('no hay un cliente con saldo de anticipo en los datos demo');
  await llamar('GET', '/api/public/anticipo/no-es-un-enlace', { publico: true, esperado: 404 });

  // Credit accounts (spec 001) and credits (spec 002): reads, a quota, a payment, a credit payment and its
  // annulment, the public PDFs, the aging and its export, and a write-off last.
  const cuentas = await llamar('GET', '/api/cuentas-credito?page=1&per_page=10', { yaTeniaEsquema: true });
  type Cuenta = { id: number; tercero_id: number; total_cupo_permitido: number; total_credito: number; tipo_documento_id: number; numero_documento_tercero: string };
  const conDeuda = (cuentas.data.cuentas_credito.data as Cuenta[]).find((c) => c.total_credito > 0);
  if (conDeuda) {
    await llamar('GET', `/api/cuentas-credito?page=1&per_page=10&numero_documento=${conDeuda.numero_documento_tercero}`, { yaTeniaEsquema: true });
    await llamar('POST', '/api/cuentas-credito/cliente', {
      cuerpo: { documento_cliente: conDeuda.numero_documento_tercero, tipo_documento_id: conDeuda.tipo_documento_id },
      yaTeniaEsquema: true,
    });
    await llamar('GET', `/api/cuentas-credito/tercero/${conDeuda.tercero_id}`, { yaTeniaEsquema: true });
    await llamar('POST', '/api/cuentas-credito/guardar', {
      cuerpo: { id: conDeuda.id, tercero_id: conDeuda.tercero_id, total_cupo_permitido: conDeuda.total_cupo_permitido },
      yaTeniaEsquema: true,
    });
    await llamar('PUT', '/api/cuentas-credito/pago', { cuerpo: { cuenta_credito_id: conDeuda.id, valor_pago: 1000 }, yaTeniaEsquema: true });
  } else fallar('no hay una cuenta crédito con deuda en los datos demo');
  const sinCuenta = await sql<{ id: number }>`
    select t.id from tercero t
     where t.tipo_tercero = 'C' and t.activo and not exists (select 1 from cuenta_credito c where c.tercero_id = t.id)
     order by t.id limit 1`.execute(db);
  if (sinCuenta.rows[0]) {
    await llamar('POST', '/api/cuentas-credito/pedido', { cuerpo: { tercero_id: sinCuenta.rows[0].id, total_cupo_permitido: 100000 }, yaTeniaEsquema: true });
  } else fallar('no hay un cliente sin cuenta crédito en los datos demo');

  const creditos = await llamar('GET', '/api/creditos?page=1&per_page=10', { yaTeniaEsquema: true });
  await llamar('GET', '/api/creditos/cartera', { yaTeniaEsquema: true });
  await llamar('GET', `/api/creditos/cartera?fecha_corte=${hoy}`, { yaTeniaEsquema: true });
  await llamar('GET', '/api/creditos/cartera/exportar', { archivo: true });
  type Credito = { id: number; total_pendientes_abono: number; enlace_estado_cuenta: string };
  const conPendientes = (creditos.data.creditos.data as Credito[]).find((c) => c.total_pendientes_abono > 0);
  if (conPendientes) {
    await llamar('GET', new URL(conPendientes.enlace_estado_cuenta, 'http://local').pathname, { archivo: true, publico: true });
    const pendientesCredito = await llamar('GET', `/api/creditos/${conPendientes.id}/ventas-pendientes`, { yaTeniaEsquema: true });
    await llamar('GET', `/api/creditos/${conPendientes.id}/movimientos?page=1&per_page=10`, { yaTeniaEsquema: true });
    await llamar('GET', `/api/creditos/${conPendientes.id}/movimientos?page=1&per_page=10&tipo_movimiento_credito_id=2`, { yaTeniaEsquema: true });
    const venta = pendientesCredito.data.creditos_movimientos[0] as { venta_id: number } | undefined;
    if (venta) {
      const pago = await llamar('POST', '/api/creditos/abonos', {
        cuerpo: {
          venta_id: venta.venta_id,
          fecha_abono: hoy,
          observacion_abono: 'Abono del chequeo',
          valor_abono: 1000,
          lista_formas_pagadas_form: [{ id_forma_pago: 1, valor_pagado: 1000 }],
        },
        yaTeniaEsquema: true,
      });
      await llamar('GET', new URL(pago.data.enlace_recibo, 'http://local').pathname, { archivo: true, publico: true });
      await llamar('GET', `/api/creditos/abonos/${pago.data.movimiento_id}/devolucion`, { yaTeniaEsquema: true });
      await llamar('PUT', `/api/creditos/abonos/${pago.data.movimiento_id}/anular`, { yaTeniaEsquema: true });
    } else fallar('el crédito no tiene ventas pendientes');
    await llamar('PUT', `/api/creditos/${conPendientes.id}/eliminar`, { cuerpo: { motivo: 'Cartera castigada en el chequeo' }, yaTeniaEsquema: true });
    await llamar('GET', `/api/creditos/${conPendientes.id}/movimientos?page=1&per_page=10`, { yaTeniaEsquema: true });
  } else fallar('no hay un crédito con ventas pendientes en los datos demo');
  await llamar('GET', '/api/public/abono/no-es-un-enlace', { publico: true, esperado: 404 });
  await llamar('GET', '/api/public/credito/no-es-un-enlace', { publico: true, esperado: 404 });

  // ---------------------------------------------------------------------------------------------------------
  // The month closing (its sales and supplier payments carry nested payment rows) and the sales list.
  for (const atras of [0, 1]) {
    const { anio, mes } = (
      await sql<{ anio: number; mes: number }>`
        select extract(year from d)::int as anio, extract(month from d)::int as mes
          from (select (now() at time zone 'America/Bogota')::date - ${atras * 31}::int as d) x`.execute(db)
    ).rows[0]!;
    await llamar('POST', '/api/cierre-mes/ventas-plataforma', { cuerpo: { anio, mes, codigo_tienda: TIENDA }, yaTeniaEsquema: true });
    await llamar('GET', `/api/cierre-mes/ventas-mes?anio=${anio}&mes=${mes}&page=1&per_page=50`, { yaTeniaEsquema: true });
    await llamar('POST', '/api/cierre-mes/exportar', { cuerpo: { anio, mes, codigo_tienda: TIENDA, seccion: 'pagos-proveedores' }, archivo: true });
  }

  // ---------------------------------------------------------------------------------------------------------
  // Routes that answer files: a sale's PDF by its signed link, the sales export, the metrics text.
  const facturas = await llamar('POST', '/api/facturas?page=1&per_page=10', { cuerpo: { fecha_inicial: desde, fecha_final: hoy, estado_venta_id: 2 }, yaTeniaEsquema: true });
  const enlace = JSON.stringify(facturas).match(/\/api\/public\/FVS\/[A-Za-z0-9._~%-]+/)?.[0];
  if (enlace) {
    await llamar('GET', enlace, { archivo: true, publico: true });
    await llamar('GET', `${enlace}?pdf_remision=1`, { archivo: true, publico: true });
  } else fallar('no se encontró un enlace de factura');
  const exportacion = await llamar('POST', '/api/facturas/exportar/enlace', { cuerpo: { fecha_inicial: desde, fecha_final: hoy, estado_venta_id: 2 }, yaTeniaEsquema: true });
  await llamar('GET', exportacion.data.url, { archivo: true, publico: true });
  await llamar('GET', '/api/metricas', { archivo: true, publico: true });
  // The OpenAPI document: the contracts as the routes declare them, which a move of a schema must not change either.
  await llamar('GET', '/api/docs/json', { publico: true, yaTeniaEsquema: true });

  console.log(`${n} llamadas: ${comparadas} respuestas JSON idénticas a JSON.stringify del manejador, ${archivos} archivos sin serializar; respuestas en ${carpeta}`);
  await app.close();
  await db.destroy();
} catch (error) {
  console.error(error);
  fallas += 1;
} finally {
  await detener();
}
if (fallas > 0) console.log(`${fallas} fallas`);
process.exit(fallas > 0 ? 1 : 0);
