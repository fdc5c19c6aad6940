import { ESTADOS_VENTA, pararFinalizarEtapaSchema } from '@tablero/domain';
import { actorSistema, type Actor, type Trx } from '../transaccion';
import * as produccionService from '../../modules/produccion';
import * as usuariosService from '../../modules/usuarios';
import { clientePorDocumento } from './demo-ventas';

const TIENDA = '001';
/** Falta de material (tipo_motivo_suspension_produccion, created by the migration). */
const FALTA_DE_MATERIAL = 1;

/**
 * Demo data of producción (docs/decisions-produccion.md), after the billed demo sales: production orders of store 001
 * made through the service from its billed sales (newest first), one in each state the screens show: pending (not
 * prepared), prepared, a stage in process, a stage suspended (Falta de material), finished (every stage worked), and a
 * priority one (prepared, waiting). Operators Óscar Operario, Yeison Mesa Corte and Wilmer Zapata Enchape; the demo
 * machines available of each service.
 */
export async function cargarProduccionDemo(db: Trx): Promise<void> {
  const superId = await usuariosService.idPorEmail(db, 'superadmin@tablero.test');
  const operarioId = await usuariosService.idPorEmail(db, 'operario@tablero.test');
  if (superId === undefined || operarioId === undefined) throw new Error('Faltan los usuarios de demostración');
  const administrador: Actor = { ...actorSistema(TIENDA), userId: superId, role: 'SuperAdministrador' };
  const planta: Actor = { ...actorSistema(TIENDA), userId: operarioId, role: 'Operario' };

  const operarios = [
    (await clientePorDocumento(db, '1020445566')).id,
    (await clientePorDocumento(db, '1152334455')).id,
    (await clientePorDocumento(db, '1037998877')).id,
  ];
  // The available machines (state 1) of each service, in reference order.
  const maquinas = await db.selectFrom('maquina').select(['id', 'grupo_servicio_id']).where('estado_maquina_id', '=', 1).orderBy('referencia').execute();
  /** The n-th available machine of a service (another one for a stage still running on the first). */
  const maquinaDe = (grupo: number, n = 0) => {
    const deGrupo = maquinas.filter((m) => m.grupo_servicio_id === grupo);
    const maquina = deGrupo[Math.min(n, deGrupo.length - 1)];
    if (!maquina) throw new Error(`Falta una máquina de demostración del servicio ${grupo}`);
    return maquina.id;
  };

  const ventas = await db
    .selectFrom('venta')
    .select('id')
    .where('codigo_tienda', '=', TIENDA)
    .where('estado_venta_id', 'in', [ESTADOS_VENTA.facturado, ESTADOS_VENTA.facturadoSinEnvio])
    .where((eb) => eb.exists(eb.selectFrom('venta_detalle as d').select('d.id').whereRef('d.venta_id', '=', 'venta.id')))
    .orderBy('id', 'desc')
    .limit(6)
    .execute();
  if (ventas.length < 6) throw new Error('Faltan ventas facturadas de demostración para producción');
  const [pendiente, preparada, enProceso, suspendida, finalizada, prioritaria] = ventas.map((v) => v.id) as [number, number, number, number, number, number];

  const generar = async (ventaId: number) => (await produccionService.generarOrden(db, ventaId, administrador)).id;
  const preparar = async (ordenId: number) => {
    await produccionService.prepararMaterial(db, { orden_produccion_id: ordenId, etapa_id: null }, planta);
    return db.selectFrom('produccion_venta_etapa').select(['id', 'grupo_servicio_id']).where('produccion_venta_id', '=', ordenId).orderBy('numero_etapa').execute();
  };
  const iniciar = (etapa: { id: number; grupo_servicio_id: number }, operario: number, n = 0) =>
    produccionService.iniciarEtapa(db, { orden_etapa_id: etapa.id, maquina_id: maquinaDe(etapa.grupo_servicio_id, n), operario_id: operario }, planta);
  const terminar = (etapaId: number, motivo: number | null = null) =>
    produccionService.pararFinalizarEtapa(
      db,
      pararFinalizarEtapaSchema.parse({ produccion_etapa_id: etapaId, ...(motivo === null ? {} : { motivo_suspension_id: motivo }) }),
      planta,
    );

  // Finished: every stage started and finished, in order.
  for (const [i, etapa] of (await preparar(await generar(finalizada))).entries()) {
    await iniciar(etapa, operarios[i % operarios.length]!);
    await terminar(etapa.id);
  }
  // Suspended: its first stage started, then stopped for lack of material (its machine is free again).
  const [primeraSuspendida] = await preparar(await generar(suspendida));
  await iniciar(primeraSuspendida!, operarios[1]!);
  await terminar(primeraSuspendida!.id, FALTA_DE_MATERIAL);
  // In process: its first stage running on the first machine of its service.
  const [primeraEnProceso] = await preparar(await generar(enProceso));
  await iniciar(primeraEnProceso!, operarios[0]!);
  // Prepared, and pending (material not prepared).
  await preparar(await generar(preparada));
  await generar(pendiente);
  // Priority, last (a waiting priority OP would hold the other OPs of its service): prepared and waiting.
  const urgente = await generar(prioritaria);
  await produccionService.establecerPrioridad(db, urgente, administrador);
  await preparar(urgente);
}
