import { describe, expect, it } from 'vitest';
import { GRUPOS_SERVICIO } from '@tablero/domain';
import { alternarDescarte, esEtapaCorte, resumenRetalesAlFinalizar, retalesDescartadosAlFinalizar, textoEstadoRetal } from './retales-corte.logica';

const retales = [
  { clave: '5:1:0', estado: 'PREVISTO' as const },
  { clave: '5:1:1', estado: 'PREVISTO' as const },
  { clave: '5:2:0', estado: 'PREVISTO' as const },
];

describe('the Corte stage offcuts (docs/decisions-retales.md)', () => {
  it('is shown for the Corte stage only', () => {
    expect(esEtapaCorte({ grupo_servicio_id: GRUPOS_SERVICIO.CORTE })).toBe(true);
    expect(esEtapaCorte({ grupo_servicio_id: GRUPOS_SERVICIO.ENCHAPE })).toBe(false);
  });

  it('toggles a leftover in and out of the discarded ones, in the leftovers order', () => {
    let descartados = alternarDescarte([], '5:2:0', true, retales);
    descartados = alternarDescarte(descartados, '5:1:0', true, retales);
    expect(descartados).toEqual(['5:1:0', '5:2:0']);
    expect(alternarDescarte(descartados, '5:1:0', false, retales)).toEqual(['5:2:0']);
  });

  it('sends the toggled leftovers still waiting for the cut, and nothing when none is toggled', () => {
    expect(retalesDescartadosAlFinalizar(['5:1:1'], retales)).toEqual(['5:1:1']);
    expect(retalesDescartadosAlFinalizar([], retales)).toBeUndefined();
    expect(retalesDescartadosAlFinalizar(undefined, retales)).toBeUndefined();
    expect(retalesDescartadosAlFinalizar(['5:1:1'], undefined)).toBeUndefined();
    // A clave no longer listed, or already cut, is not sent.
    expect(retalesDescartadosAlFinalizar(['9:9:9', '5:1:0'], [{ clave: '5:1:0', estado: 'DISPONIBLE' }])).toBeUndefined();
  });

  it('reads each state in Spanish, before and after the cut', () => {
    expect(textoEstadoRetal('PREVISTO', false)).toBe('Se guardará');
    expect(textoEstadoRetal('PREVISTO', true)).toBe('Se descartará');
    expect(textoEstadoRetal('DISPONIBLE', false)).toBe('Disponible');
    expect(textoEstadoRetal('DESCARTADO', false)).toBe('Descartado');
  });

  it('sums up the finish in the confirmation', () => {
    expect(resumenRetalesAlFinalizar(0, 0)).toBe('');
    expect(resumenRetalesAlFinalizar(2, 0)).toBe('Se guardan 2 retales.');
    expect(resumenRetalesAlFinalizar(2, 1)).toBe('Se guarda 1 retal y se descarta 1.');
    expect(resumenRetalesAlFinalizar(5, 2)).toBe('Se guardan 3 retales y se descartan 2.');
  });
});
