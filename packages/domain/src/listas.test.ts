import { describe, expect, it } from 'vitest';
import { listaCerrada } from './listas';
import { ESTADOS_RANGO, NOMBRES_TIPO_PERSONA, RESPONSABILIDADES_FISCALES, TIPOS_PERSONA } from './index';

describe('listaCerrada', () => {
  it('gives the codes in the written order, the label of each and the options of a select', () => {
    const lista = listaCerrada({ vigente: 'Vigente', por_iniciar: 'Por iniciar' });
    expect(lista.claves).toEqual(['vigente', 'por_iniciar']);
    expect(lista.nombres.por_iniciar).toBe('Por iniciar');
    expect(lista.opciones).toEqual([
      { value: 'vigente', label: 'Vigente' },
      { value: 'por_iniciar', label: 'Por iniciar' },
    ]);
  });

  it('keeps the lists the server and the web read as they were', () => {
    expect(TIPOS_PERSONA).toEqual(['Person', 'Company']);
    expect(NOMBRES_TIPO_PERSONA.Company).toBe('Persona jurídica');
    expect(RESPONSABILIDADES_FISCALES).toEqual(['R-99-PN', 'O-13', 'O-15', 'O-23', 'O-47']);
    expect(ESTADOS_RANGO).toEqual(['vigente', 'por_iniciar', 'vencido', 'agotado', 'inactivo']);
  });
});
