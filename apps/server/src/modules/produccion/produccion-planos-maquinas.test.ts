import { ESTADOS_MAQUINA, GRUPOS_SERVICIO } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearImpuesto,
  crearMaquina,
  crearProducto,
  crearProveedor,
  crearTercero,
  crearTienda,
  crearTipoMedida,
  crearUsuariosPorRol,
  crearVentaConLineas,
  headers,
  type RolNoSuperAdmin,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

/**
 * Every plan of an OP reaches the floor, the machines say who holds them, and a figure has one unit
 * (docs/decisions-produccion.md: "Todos los planos de la OP", "Máquinas ocupadas", "Una unidad por cifra").
 */

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let otraTienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;
let cliente: number;
let operario: number;
let blanca: number;
let gris: number;
let canto: number;
let enchape: number;

const PLANO_1 = '/api/public/corte/plano-blanca/planos.pdf';
const PLANO_2 = '/api/public/corte/plano-gris/planos.pdf';

beforeAll(async () => {
  const db = entorno.db;
  tienda = await crearTienda(db);
  otraTienda = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(entorno.app, db, tienda.codigo_tienda));
  await db.insertInto('usuario_tienda').values({ user_id: superAdmin.id, codigo_tienda: otraTienda.codigo_tienda }).execute();
  const base = { impuesto_id: (await crearImpuesto(db)).id, proveedor_id: (await crearProveedor(db)).id, grupo_id: 1, linea_id: 1 };
  const lamina = (await crearTipoMedida(db, { nombre_corto_tipo_medida: 'LAM', nombre_tipo_medida: 'Lámina' })).id;
  const metro = (await crearTipoMedida(db, { nombre_corto_tipo_medida: 'ML', nombre_tipo_medida: 'Metro lineal' })).id;
  blanca = (await crearProducto(db, { ...base, nombre_producto: 'Melamina Blanca 18 mm', tipo_medida_id: lamina })).id;
  gris = (await crearProducto(db, { ...base, nombre_producto: 'Melamina Gris 15 mm', tipo_medida_id: lamina })).id;
  canto = (await crearProducto(db, { ...base, nombre_producto: 'Tapacanto blanco', tipo_medida_id: metro })).id;
  enchape = (await crearProducto(db, { ...base, grupo_id: 5, linea_id: 13, grupo_servicio_id: GRUPOS_SERVICIO.ENCHAPE, tipo_medida_id: metro })).id;
  cliente = (await crearTercero(db)).id;
  operario = (await crearTercero(db, { tipo_tercero: 'OP', nombres: 'Óscar', apellidos: 'Operario' })).id;
});

const llamar = (url: string, token: string, payload: unknown, codigoTienda = tienda.codigo_tienda) =>
  entorno.app.inject({ method: 'POST', url: `/api/produccion/${url}`, headers: headers(token, codigoTienda), payload: payload as Record<string, unknown> });

/** A billed sale with two cut boards (each line with its own plan), edge band in metres and its edge service; its prepared OP. */
async function ordenDosTableros(codigoTienda = tienda.codigo_tienda) {
  const v = await crearVentaConLineas(entorno.db, {
    codigo_tienda: codigoTienda,
    cliente_id: cliente,
    vendedor_id: superAdmin.id,
    estado_venta_id: 2,
    lineas: [
      { producto_id: blanca, cantidad: 2, precio_unitario: 200_000 },
      { producto_id: gris, cantidad: 1, precio_unitario: 180_000 },
      { producto_id: canto, cantidad: 12.5, precio_unitario: 2_000 },
      { producto_id: enchape, cantidad: 12.5, precio_unitario: 1_000 },
    ],
  });
  for (const [item, url_planos] of [[1, PLANO_1], [2, PLANO_2]] as const) {
    await entorno.db.updateTable('venta_detalle').set({ response_lepton: JSON.stringify({ url_planos, piezas: [] }) }).where('venta_id', '=', v.id).where('item', '=', item).execute();
  }
  const generada = await llamar('generar-orden', superAdmin.token, { venta_id: v.id }, codigoTienda);
  expect(generada.statusCode, generada.body).toBe(200);
  const ordenId = generada.json<{ data: { orden_produccion: { id: number } } }>().data.orden_produccion.id;
  expect((await llamar('proceso-etapa-orden', superAdmin.token, { orden_produccion_id: ordenId }, codigoTienda)).statusCode).toBe(200);
  const etapas = await entorno.db.selectFrom('produccion_venta_etapa').select(['id', 'grupo_servicio_id']).where('produccion_venta_id', '=', ordenId).orderBy('numero_etapa').execute();
  return { ventaId: v.id, ordenId, corte: etapas[0]!.id };
}

interface Linea {
  venta_id: number;
  item: number;
  nombre_producto: string;
  link_planos_lepton: string | null;
  cantidad: number;
  unidad: string | null;
  grupo_servicio_id: number | null;
}
const planos = (lineas: Linea[], ventaId: number) => lineas.filter((l) => l.venta_id === ventaId && l.link_planos_lepton).map((l) => [l.item, l.nombre_producto, l.link_planos_lepton]);

describe('an OP of two cut boards: both plans reach every production screen', () => {
  it('panel-control, orden-etapa and etapas-por-servicio list both boards with their own plan', async () => {
    const ventaSinPreparar = await crearVentaConLineas(entorno.db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente,
      vendedor_id: superAdmin.id,
      estado_venta_id: 2,
      lineas: [
        { producto_id: blanca, cantidad: 1, precio_unitario: 200_000 },
        { producto_id: gris, cantidad: 1, precio_unitario: 180_000 },
      ],
    });
    for (const [item, url_planos] of [[1, PLANO_1], [2, PLANO_2]] as const) {
      await entorno.db.updateTable('venta_detalle').set({ response_lepton: JSON.stringify({ url_planos }) }).where('venta_id', '=', ventaSinPreparar.id).where('item', '=', item).execute();
    }
    expect((await llamar('generar-orden', superAdmin.token, { venta_id: ventaSinPreparar.id })).statusCode).toBe(200);
    const esperados = [
      [1, 'Melamina Blanca 18 mm', PLANO_1],
      [2, 'Melamina Gris 15 mm', PLANO_2],
    ];
    // Preparación (Operario): the OP not prepared yet.
    const preparacion = await llamar('orden-etapa?page=1', porRol.Operario.token, { venta_id: ventaSinPreparar.id, etapa_inicial: true });
    expect(preparacion.statusCode).toBe(200);
    expect(planos(preparacion.json().data.productos_ventas, ventaSinPreparar.id)).toEqual(esperados);

    const { ventaId } = await ordenDosTableros();
    // Panel (SuperAdministrador).
    const panel = await llamar('panel-control', superAdmin.token, { venta_id: ventaId });
    expect(panel.statusCode).toBe(200);
    expect(planos(panel.json().data.productos_ventas, ventaId)).toEqual(esperados);
    // Gestionar (Operario): the cutting stage waiting.
    const gestion = await llamar('etapas-por-servicio', porRol.Operario.token, { servicio: GRUPOS_SERVICIO.CORTE, etapas_pendientes: true });
    expect(gestion.statusCode).toBe(200);
    expect(planos(gestion.json().data.lista_productos_servicios, ventaId)).toEqual(esperados);
  });

  it('each line names its unit, so boards and metres are summed apart', async () => {
    const { ventaId } = await ordenDosTableros();
    const panel = (await llamar('panel-control', superAdmin.token, { venta_id: ventaId })).json().data;
    expect((panel.productos_ventas as Linea[]).map((l) => [l.item, l.cantidad, l.unidad, l.grupo_servicio_id])).toEqual([
      [1, 2, 'Lámina', null],
      [2, 1, 'Lámina', null],
      [3, 12.5, 'Metro lineal', null],
      [4, 12.5, 'Metro lineal', GRUPOS_SERVICIO.ENCHAPE],
    ]);
  });
});

describe('etapas-por-servicio: the machines busy now', () => {
  it('names the stage and OP that hold a machine of the service, in any store, and frees it when the stage stops', async () => {
    const sierra = await crearMaquina(entorno.db);
    const libre = await crearMaquina(entorno.db);
    const aqui = await ordenDosTableros();
    const alla = await ordenDosTableros(otraTienda.codigo_tienda);
    const otra = await crearMaquina(entorno.db);
    const iniciar = (etapa: number, maquina: number, codigo = tienda.codigo_tienda) =>
      llamar('iniciar-etapa', superAdmin.token, { orden_etapa_id: etapa, maquina_id: maquina, operario_id: operario }, codigo);
    expect((await iniciar(aqui.corte, sierra.id)).statusCode).toBe(200);
    expect((await iniciar(alla.corte, otra.id, otraTienda.codigo_tienda)).statusCode).toBe(200);

    const ocupadas = async () => {
      const r = await llamar('etapas-por-servicio', porRol.Operario.token, { servicio: GRUPOS_SERVICIO.CORTE, etapas_pendientes: true });
      expect(r.statusCode).toBe(200);
      return (r.json().data.maquinas_ocupadas as { maquina_id: number }[]).filter((m) => [sierra.id, libre.id, otra.id].includes(m.maquina_id));
    };
    expect(await ocupadas()).toEqual([
      { maquina_id: sierra.id, produccion_etapa_id: aqui.corte, produccion_venta_id: aqui.ordenId, codigo_tienda: tienda.codigo_tienda, nombre_grupo_servicio: 'Corte', nombres_operario: 'Óscar', apellidos_operario: 'Operario' },
      { maquina_id: otra.id, produccion_etapa_id: alla.corte, produccion_venta_id: alla.ordenId, codigo_tienda: otraTienda.codigo_tienda, nombre_grupo_servicio: 'Corte', nombres_operario: 'Óscar', apellidos_operario: 'Operario' },
    ]);
    // Another service's machines are not listed for Corte, and the operator's list carries none.
    const enProceso = await llamar('etapas-por-servicio', porRol.Operario.token, { operario_id: operario, etapas_proceso: true });
    expect(enProceso.json().data.maquinas_ocupadas).toEqual([]);

    expect((await llamar('parar-finalizar-etapa', superAdmin.token, { produccion_etapa_id: aqui.corte, motivo_suspension_id: 1 })).statusCode).toBe(200);
    expect((await ocupadas()).map((m) => m.maquina_id)).toEqual([otra.id]);
  });

  it('a machine under maintenance may be used (the decision keeps it allowed); one out of service is refused in Spanish', async () => {
    const mantenimiento = await crearMaquina(entorno.db, { estado_maquina_id: ESTADOS_MAQUINA.EN_MANTENIMIENTO });
    const fuera = await crearMaquina(entorno.db, { estado_maquina_id: ESTADOS_MAQUINA.FUERA_DE_SERVICIO });
    const { corte } = await ordenDosTableros();
    const refusal = await llamar('iniciar-etapa', porRol.Operario.token, { orden_etapa_id: corte, maquina_id: fuera.id, operario_id: operario });
    expect(refusal.statusCode).toBe(409);
    expect(refusal.json()).toMatchObject({ code: 'MAQUINA_FUERA_DE_SERVICIO', message: 'La máquina está fuera de servicio' });
    expect((await entorno.db.selectFrom('produccion_venta_etapa').select('estado_etapa').where('id', '=', corte).executeTakeFirstOrThrow()).estado_etapa).toBe('pendiente');

    const usada = await llamar('iniciar-etapa', porRol.Operario.token, { orden_etapa_id: corte, maquina_id: mantenimiento.id, operario_id: operario });
    expect(usada.statusCode).toBe(200);
    expect(usada.json()).toMatchObject({ message: 'Etapa iniciada', data: { orden_produccion_etapa: { maquina_id: mantenimiento.id, estado_etapa: 'en_proceso' } } });
  });
});
