import { eventoOrdenProduccion, type OrdenProduccionNotificada } from '@tablero/domain';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearImpuesto,
  crearMaquina,
  crearProducto,
  crearProveedor,
  crearTercero,
  crearTienda,
  crearUsuarioConSesion,
  crearUsuariosPorRol,
  crearVentaConLineas,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
  type RolNoSuperAdmin,
} from '../../../test/factories';
import { cerrarSockets, conectar, escuchar, esperarAdaptadores, esperarEvento, recogerEventos } from '../../../test/tiempo-real';

const entorno = usarEntorno();

let url: string;
let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;
let operarioAjeno: UsuarioConSesion;
let tablero: number;
let cliente: number;
let operario: number;

beforeAll(async () => {
  const db = entorno.db;
  url = await escuchar(entorno.app);
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(entorno.app, db, tienda.codigo_tienda));
  operarioAjeno = await crearUsuarioConSesion(entorno.app, db, { role: 'Operario', tiendas: [ajena.codigo_tienda] });
  const base = { impuesto_id: (await crearImpuesto(db)).id, proveedor_id: (await crearProveedor(db)).id };
  tablero = (await crearProducto(db, { ...base, grupo_id: 1, linea_id: 1 })).id;
  cliente = (await crearTercero(db)).id;
  operario = (await crearTercero(db, { tipo_tercero: 'OP', nombres: 'Óscar', apellidos: 'Operario' })).id;
});

afterEach(() => cerrarSockets());

/** The plan link a cut plan stores in its sale line (corte's urlsDocumentos). */
const PLANO = '/api/public/corte/token-de-prueba/planos.pdf';
const pausa = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const evento = () => eventoOrdenProduccion(tienda.codigo_tienda);

const llamar = (ruta: string, token: string, payload: Record<string, unknown>) =>
  entorno.app.inject({ method: 'POST', url: `/api/produccion/${ruta}`, headers: headers(token, tienda.codigo_tienda), payload });

/** A billed sale of the store with a board line carrying its cut plan: its OP starts with Corte. */
async function ordenGenerada() {
  const venta = await crearVentaConLineas(entorno.db, {
    codigo_tienda: tienda.codigo_tienda,
    cliente_id: cliente,
    vendedor_id: superAdmin.id,
    estado_venta_id: 2,
    lineas: [{ producto_id: tablero, cantidad: 2, precio_unitario: 100_000 }],
  });
  await entorno.db.updateTable('venta_detalle').set({ response_lepton: JSON.stringify({ url_planos: PLANO, piezas: [] }) }).where('venta_id', '=', venta.id).execute();
  const generada = await llamar('generar-orden', superAdmin.token, { venta_id: venta.id });
  expect(generada.statusCode).toBe(200);
  return { ventaId: venta.id, ordenId: generada.json<{ data: { orden_produccion: { id: number } } }>().data.orden_produccion.id };
}

describe('notification-orden-produccion-{tienda}', () => {
  it('tells the store production room each change of an OP, with its lines and stages; not another store, nor a seller', async () => {
    const delOperario = await conectar(url, porRol.Operario.token);
    const delSuper = await conectar(url, superAdmin.token);
    const delAjeno = await conectar(url, operarioAjeno.token);
    const delVendedor = await conectar(url, porRol.Vendedor.token);
    const alAjeno = recogerEventos(delAjeno, eventoOrdenProduccion(ajena.codigo_tienda));
    const alAjenoDeEsta = recogerEventos(delAjeno, evento());
    const alVendedor = recogerEventos(delVendedor, evento());

    const generada = esperarEvento(delSuper, evento());
    const { ventaId, ordenId } = await ordenGenerada();
    const alGenerar = await generada;
    expect(alGenerar).toMatchObject({
      codigo_tienda: tienda.codigo_tienda,
      accion: 'generar',
      orden_produccion: { id: ordenId, venta_id: ventaId, estado_orden: 'Pendiente', prioritario: false, fecha_material_preparado: null, link_planos_lepton: PLANO },
      productos_ventas: [{ venta_id: ventaId, item: 1, producto_id: tablero, con_plano: true, link_planos_lepton: PLANO }],
    });
    expect(alGenerar.ordenes_produccion_etapas.map((e) => [e.nombre_grupo_servicio, e.estado_etapa])).toEqual([
      ['Corte', 'pendiente'],
      ['Empaque', 'pendiente'],
    ]);

    const preparada = esperarEvento(delOperario, evento());
    expect((await llamar('proceso-etapa-orden', porRol.Operario.token, { orden_produccion_id: ordenId })).statusCode).toBe(200);
    const alPreparar = await preparada;
    expect(alPreparar.accion).toBe('preparar');
    expect(typeof alPreparar.orden_produccion.fecha_material_preparado).toBe('string');
    const corte = alPreparar.ordenes_produccion_etapas[0]!;
    expect(alPreparar.orden_produccion.proceso_vigente).toBe(corte.id);

    // A stage starts: the store's operators and its panel hear it.
    const maquina = await crearMaquina(entorno.db);
    const alOperario = esperarEvento(delOperario, evento());
    const alPanel = esperarEvento(delSuper, evento());
    const inicio = await llamar('iniciar-etapa', porRol.Operario.token, { orden_etapa_id: corte.id, maquina_id: maquina.id, operario_id: operario });
    expect(inicio.statusCode).toBe(200);
    for (const recibido of [await alOperario, await alPanel]) {
      expect(recibido).toMatchObject({ accion: 'iniciar', orden_produccion: { id: ordenId, estado_orden: 'En proceso' } });
      expect(recibido.ordenes_produccion_etapas[0]).toMatchObject({ id: corte.id, estado_etapa: 'en_proceso', maquina_id: maquina.id, operario_id: operario, nombres_operario: 'Óscar' });
    }

    const seguir = async (ruta: string, payload: Record<string, unknown>, token = superAdmin.token) => {
      const llega = esperarEvento(delSuper, evento());
      expect((await llamar(ruta, token, payload)).statusCode).toBe(200);
      return llega;
    };
    const parada = await seguir('parar-finalizar-etapa', { produccion_etapa_id: corte.id, motivo_suspension_id: 2 });
    expect(parada).toMatchObject({ accion: 'parar', orden_produccion: { suspendido: true } });
    expect(parada.ordenes_produccion_etapas[0]).toMatchObject({ estado_etapa: 'suspendido', motivo_suspension_id: 2 });

    const anulada = await seguir('anular-etapa', { produccion_etapa_id: corte.id });
    expect(anulada.accion).toBe('anular');
    expect(anulada.ordenes_produccion_etapas[0]).toMatchObject({ estado_etapa: 'pendiente', maquina_id: null });

    const prioritaria = await seguir('prioridad', { id: ordenId });
    expect(prioritaria).toMatchObject({ accion: 'prioridad', orden_produccion: { prioritario: true } });

    await seguir('iniciar-etapa', { orden_etapa_id: corte.id, maquina_id: maquina.id, operario_id: operario });
    const finalizada = await seguir('parar-finalizar-etapa', { produccion_etapa_id: corte.id });
    expect(finalizada.accion).toBe('finalizar');
    expect(finalizada.ordenes_produccion_etapas.map((e) => e.estado_etapa)).toEqual(['completado', 'pendiente']);
    expect(finalizada.orden_produccion.proceso_vigente).toBe(finalizada.ordenes_produccion_etapas[1]!.id);

    await pausa(300);
    expect(alAjeno).toEqual([]);
    expect(alAjenoDeEsta).toEqual([]);
    expect(alVendedor).toEqual([]);
  });

  it('says nothing when the change is refused', async () => {
    const { ordenId } = await ordenGenerada();
    const socket = await conectar(url, superAdmin.token);
    const recibidos = recogerEventos(socket, evento());
    // Not prepared yet: its first stage is not available.
    const etapa = await entorno.db.selectFrom('produccion_venta_etapa').select('id').where('produccion_venta_id', '=', ordenId).orderBy('numero_etapa').executeTakeFirstOrThrow();
    const maquina = await crearMaquina(entorno.db);
    expect((await llamar('iniciar-etapa', superAdmin.token, { orden_etapa_id: etapa.id, maquina_id: maquina.id, operario_id: operario })).statusCode).toBe(409);
    expect((await llamar('generar-orden', superAdmin.token, { venta_id: (await ordenDeVenta(ordenId)).venta_id })).statusCode).toBe(409);
    await pausa(300);
    expect(recibidos).toEqual([]);
  });

  it('reaches an operator connected to another server instance on the same database', async () => {
    const otra = await entorno.otraApp();
    const urlOtra = await escuchar(otra);
    await esperarAdaptadores(entorno.db, 2);
    const enLaOtra = await conectar(urlOtra, porRol.Operario.token);
    const llega = esperarEvento(enLaOtra, evento());
    const { ordenId } = await ordenGenerada();
    const recibido: OrdenProduccionNotificada = await llega;
    expect(recibido).toMatchObject({ accion: 'generar', orden_produccion: { id: ordenId } });
  });
});

const ordenDeVenta = (ordenId: number) => entorno.db.selectFrom('produccion_venta').select('venta_id').where('id', '=', ordenId).executeTakeFirstOrThrow();
