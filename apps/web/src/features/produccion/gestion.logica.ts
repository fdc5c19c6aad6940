import { ESTADOS_MAQUINA, type Maquina, type MaquinaOcupada } from '@tablero/domain';

/** How a machine card of Gestionar reads and whether it may be chosen (docs/decisions-produccion.md, "Máquinas ocupadas"). */
export interface EstadoMaquinaGestion {
  /** The badge: 'Disponible', 'Ocupada · OP 12 · Corte', 'En mantenimiento', 'Fuera de servicio'. */
  texto: string;
  color: 'green' | 'yellow' | 'red' | 'orange';
  /** Why it cannot be chosen (the card is disabled and says it), or null when it can. */
  bloqueo: string | null;
  /** Under maintenance: allowed (iniciar-etapa rule 4), after the operator confirms. */
  pideConfirmacion: boolean;
}

/**
 * A machine as Gestionar shows it: busy with the stage that holds it (the server refuses it, MAQUINA_OCUPADA), out of
 * service (refused, MAQUINA_FUERA_DE_SERVICIO), under maintenance (allowed with a confirmation) or available. Busy
 * wins over the machine's own state: what the operator needs to know is that someone is using it.
 */
export function estadoMaquinaGestion(maquina: Pick<Maquina, 'id' | 'estado_maquina_id' | 'nombre_estado_maquina'>, ocupadas: readonly MaquinaOcupada[], tienda: string | null): EstadoMaquinaGestion {
  const ocupada = ocupadas.find((o) => o.maquina_id === maquina.id);
  if (ocupada) {
    const deOtraTienda = tienda !== null && ocupada.codigo_tienda !== tienda ? ` (tienda ${ocupada.codigo_tienda})` : '';
    const operario = `${ocupada.nombres_operario ?? ''} ${ocupada.apellidos_operario ?? ''}`.trim();
    const texto = `Ocupada · OP ${ocupada.produccion_venta_id}${deOtraTienda} · ${ocupada.nombre_grupo_servicio}`;
    return { texto, color: 'orange', bloqueo: `La máquina está en uso en la OP ${ocupada.produccion_venta_id}${deOtraTienda}${operario ? ` por ${operario}` : ''}`, pideConfirmacion: false };
  }
  if (maquina.estado_maquina_id === ESTADOS_MAQUINA.FUERA_DE_SERVICIO) {
    return { texto: maquina.nombre_estado_maquina, color: 'red', bloqueo: 'La máquina está fuera de servicio y no se puede usar', pideConfirmacion: false };
  }
  if (maquina.estado_maquina_id === ESTADOS_MAQUINA.EN_MANTENIMIENTO) {
    return { texto: maquina.nombre_estado_maquina, color: 'yellow', bloqueo: null, pideConfirmacion: true };
  }
  return { texto: maquina.nombre_estado_maquina, color: 'green', bloqueo: null, pideConfirmacion: false };
}

/** The confirmation before using a machine under maintenance. */
export const confirmacionMantenimiento = (maquina: Pick<Maquina, 'referencia' | 'nombre_maquina'>) =>
  `La máquina ${maquina.referencia} - ${maquina.nombre_maquina} está en mantenimiento. ¿Desea usarla de todos modos?`;

/**
 * What stays chosen in Gestionar when its lists are read again (every few seconds, and live): the choices are kept as
 * ids, so a refetch that brings the same machine and stage back keeps them chosen; a machine now busy or out of
 * service, or a stage someone else took, counts as not chosen (its card says why).
 */
export function eleccionVigente<M extends Pick<Maquina, 'id' | 'estado_maquina_id' | 'nombre_estado_maquina'>, E extends { id: number }>(
  eleccion: { maquinaId: number | null; etapaId: number | null },
  listas: { maquinas: readonly M[] | undefined; etapas: readonly E[]; ocupadas: readonly MaquinaOcupada[]; tienda: string | null },
): { maquina: M | null; etapa: E | null } {
  const maquina = listas.maquinas?.find((m) => m.id === eleccion.maquinaId && estadoMaquinaGestion(m, listas.ocupadas, listas.tienda).bloqueo === null) ?? null;
  const etapa = listas.etapas.find((e) => e.id === eleccion.etapaId) ?? null;
  return { maquina, etapa };
}
