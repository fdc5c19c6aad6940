import { GRUPOS_SERVICIO, NOMBRES_ESTADO_RETAL, type EtapaProduccion, type RetalPrevisto } from '@tablero/domain';

/** The stage whose finish keeps the sale's leftovers as offcuts (docs/decisions-retales.md): the Corte stage. */
export const esEtapaCorte = (etapa: Pick<EtapaProduccion, 'grupo_servicio_id'>) => etapa.grupo_servicio_id === GRUPOS_SERVICIO.CORTE;

/** A leftover's toggle: its clave enters or leaves the discarded ones (a new list; the order of the leftovers). */
export function alternarDescarte(descartados: readonly string[], clave: string, descartar: boolean, retales: readonly Pick<RetalPrevisto, 'clave'>[]): string[] {
  const conjunto = new Set(descartados);
  if (descartar) conjunto.add(clave);
  else conjunto.delete(clave);
  return retales.map((retal) => retal.clave).filter((c) => conjunto.has(c));
}

/**
 * The claves Finalizar etapa sends as `retales_descartados`: the toggled ones that are still leftovers waiting for the
 * cut (PREVISTO); none when nothing was toggled (the field is left out, as before the offcut inventory).
 */
export function retalesDescartadosAlFinalizar(descartados: readonly string[] | undefined, retales: readonly Pick<RetalPrevisto, 'clave' | 'estado'>[] | undefined): string[] | undefined {
  if (!descartados || descartados.length === 0 || !retales) return undefined;
  const previstos = new Set(retales.filter((retal) => retal.estado === 'PREVISTO').map((retal) => retal.clave));
  const claves = descartados.filter((clave) => previstos.has(clave));
  return claves.length > 0 ? claves : undefined;
}

/** A leftover's state as the operator reads it: before the cut what will happen to it, after it the offcut's state. */
export function textoEstadoRetal(estado: RetalPrevisto['estado'], descartado: boolean): string {
  if (estado === 'PREVISTO') return descartado ? 'Se descartará' : 'Se guardará';
  return NOMBRES_ESTADO_RETAL[estado];
}

/** The line the finish confirmation adds: 'Se guardan 2 retales y se descartan 1.' (empty without leftovers). */
export function resumenRetalesAlFinalizar(total: number, descartados: number): string {
  if (total === 0) return '';
  const guardados = total - descartados;
  const guardan = guardados === 1 ? 'Se guarda 1 retal' : `Se guardan ${guardados} retales`;
  return descartados === 0 ? `${guardan}.` : `${guardan} y ${descartados === 1 ? 'se descarta 1' : `se descartan ${descartados}`}.`;
}
