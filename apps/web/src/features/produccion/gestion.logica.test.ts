import { describe, expect, it } from 'vitest';
import type { MaquinaOcupada } from '@tablero/domain';
import { confirmacionMantenimiento, estadoMaquinaGestion } from './gestion.logica';

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
