import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { eventoDespacho, salaDespachos, salaDespachosPublico } from '@tablero/domain';
import { avisoDeTurno, type AvisoTurno } from './despachos.service';

/**
 * After a commit that may have changed a sale's turn (billing, an OP generated or finished, an annulment, a call, a
 * dispatch, 'Pasar a despacho'): the store's public board gets new_dispatch / assign_dispatch / remove_dispatch and
 * the Despachos screen its staff notice (docs/architecture.md §9). The sale's latest turn says which; an event repeated
 * for a turn that did not change is harmless (the screens re-read or replace by turn). A notice, not the answer: a
 * failure is logged and the request still answers.
 */
export async function avisarTurnoDeVenta(app: FastifyInstance, ventaId: number, log: FastifyBaseLogger): Promise<void> {
  try {
    const aviso = await avisoDeTurno(app.db, ventaId);
    if (aviso) emitirAvisoTurno(app, aviso);
  } catch (error) {
    log.warn({ err: error }, 'tiempo real: no se pudo leer el turno de despacho');
  }
}

/** Tells the store's public board and its Despachos screen what happened to a turn (a commit's, already known). */
export function emitirAvisoTurno(app: FastifyInstance, aviso: AvisoTurno): void {
  const tienda = aviso.publico.codigo_tienda;
  app.tiempoReal.emitirPublico(salaDespachosPublico(tienda), aviso.evento, aviso.publico);
  app.tiempoReal.emitirASala(salaDespachos(tienda), eventoDespacho(tienda), {
    codigo_tienda: tienda,
    accion: aviso.accion,
    turno_id: aviso.turno_id,
    venta_id: aviso.publico.venta_id,
    numero_turno: aviso.publico.numero_turno,
    estado: aviso.estado,
  });
}
