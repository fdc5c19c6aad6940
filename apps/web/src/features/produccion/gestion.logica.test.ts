import { describe, expect, it } from 'vitest';
import type { MaquinaOcupada } from '@tablero/domain';
import { confirmacionMantenimiento, eleccionVigente, estadoMaquinaGestion } from './gestion.logica';

const maquina = (estado_maquina_id: number, nombre_estado_maquina: string) => ({ id: 4, estado_maquina_id, nombre_estado_maquina, referencia: 'COR-02', nombre_maquina: 'Sierra escuadradora' });
const ocupada = (cambio: Partial<MaquinaOcupada> = {}): MaquinaOcupada => ({
  maquina_id: 4,
  produccion_etapa_id: 31,
  produccion_venta_id: 12,
  codigo_tienda: '001',
  nombre_grupo_servicio: 'Corte',
  nombres_operario: 'Yeison',
  apellidos_operario: 'Mesa',
  ...cambio,
});

describe('Gestionar: el estado de cada máquina', () => {
  it('una máquina que corre otra etapa dice ocupada, con la OP y la etapa, y no se puede elegir (no "Disponible")', () => {
    const estado = estadoMaquinaGestion(maquina(1, 'Disponible'), [ocupada()], '001');
    expect(estado.texto).toBe('Ocupada · OP 12 · Corte');
    expect(estado.bloqueo).toBe('La máquina está en uso en la OP 12 por Yeison Mesa');
    expect(estado.pideConfirmacion).toBe(false);
  });

  it('ocupada por una OP de otra tienda lo dice', () => {
    expect(estadoMaquinaGestion(maquina(1, 'Disponible'), [ocupada({ codigo_tienda: '002' })], '001').texto).toBe('Ocupada · OP 12 (tienda 002) · Corte');
  });

  it('fuera de servicio: bloqueada con el motivo', () => {
    const estado = estadoMaquinaGestion(maquina(3, 'Fuera de servicio'), [], '001');
    expect(estado).toMatchObject({ texto: 'Fuera de servicio', color: 'red', bloqueo: 'La máquina está fuera de servicio y no se puede usar' });
  });

  it('en mantenimiento: se puede usar, tras confirmarlo', () => {
    const estado = estadoMaquinaGestion(maquina(2, 'En mantenimiento'), [], '001');
    expect(estado).toMatchObject({ texto: 'En mantenimiento', bloqueo: null, pideConfirmacion: true });
    expect(confirmacionMantenimiento(maquina(2, 'En mantenimiento'))).toBe('La máquina COR-02 - Sierra escuadradora está en mantenimiento. ¿Desea usarla de todos modos?');
  });

  it('disponible y libre: se elige sin más', () => {
    expect(estadoMaquinaGestion(maquina(1, 'Disponible'), [ocupada({ maquina_id: 9 })], '001')).toMatchObject({ texto: 'Disponible', color: 'green', bloqueo: null, pideConfirmacion: false });
  });
});

describe('Gestionar: lo elegido sobrevive a la recarga de sus listas', () => {
  const libre = (id: number) => ({ id, estado_maquina_id: 1, nombre_estado_maquina: 'Disponible' });
  const leidas = () => ({ maquinas: [libre(4), libre(5)], etapas: [{ id: 31 }, { id: 32 }], ocupadas: [] as MaquinaOcupada[], tienda: '001' });

  it('la misma máquina y la misma etapa siguen elegidas cuando las listas llegan de nuevo (objetos nuevos)', () => {
    const antes = eleccionVigente({ maquinaId: 5, etapaId: 32 }, leidas());
    const despues = eleccionVigente({ maquinaId: 5, etapaId: 32 }, leidas());
    expect(antes.maquina?.id).toBe(5);
    expect(despues).toEqual({ maquina: libre(5), etapa: { id: 32 } });
  });

  it('mientras la lista de máquinas se vuelve a leer (aún sin datos) no hay máquina elegida, y vuelve al llegar', () => {
    expect(eleccionVigente({ maquinaId: 5, etapaId: 32 }, { ...leidas(), maquinas: undefined }).maquina).toBeNull();
    expect(eleccionVigente({ maquinaId: 5, etapaId: 32 }, leidas()).maquina?.id).toBe(5);
  });

  it('una etapa que otro tomó, o una máquina que quedó ocupada o fuera de servicio, deja de estar elegida', () => {
    expect(eleccionVigente({ maquinaId: 5, etapaId: 32 }, { ...leidas(), etapas: [{ id: 31 }] }).etapa).toBeNull();
    expect(eleccionVigente({ maquinaId: 4, etapaId: 31 }, { ...leidas(), ocupadas: [ocupada()] }).maquina).toBeNull();
    expect(eleccionVigente({ maquinaId: 5, etapaId: 31 }, { ...leidas(), maquinas: [{ id: 5, estado_maquina_id: 3, nombre_estado_maquina: 'Fuera de servicio' }] }).maquina).toBeNull();
  });
});
