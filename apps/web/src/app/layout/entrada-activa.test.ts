import { describe, expect, it } from 'vitest';
import { entradaActiva } from './entrada-activa';

const PATHS = ['/', '/produccion', '/produccion/generar', '/ventas', '/maestros/proveedores'];

describe('entradaActiva', () => {
  it('lights the longest entry that holds the screen open', () => {
    expect(entradaActiva(PATHS, '/produccion/generar')).toBe('/produccion/generar');
    expect(entradaActiva(PATHS, '/produccion')).toBe('/produccion');
    expect(entradaActiva(PATHS, '/ventas/15')).toBe('/ventas');
  });

  it('lights home only on home, and nothing for a screen without an entry', () => {
    expect(entradaActiva(PATHS, '/')).toBe('/');
    expect(entradaActiva(PATHS, '/maestros')).toBeUndefined();
    expect(entradaActiva(PATHS, '/produccionx')).toBeUndefined();
  });
});
