import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles';
import { puedeEditarTercero, puedeElegirTipoTercero, TIPOS_TERCERO } from './terceros.schema';

describe('puedeEditarTercero / puedeElegirTipoTercero (spec 001 §6): one rule for the server and the form', () => {
  it('only Administrador and SuperAdministrador choose the type', () => {
    const eligen = ROLES.filter((rol) => puedeElegirTipoTercero(rol));
    expect([...eligen].sort()).toEqual(['Administrador', 'SuperAdministrador']);
  });

  it('every role may edit a customer', () => {
    for (const rol of ROLES) expect(puedeEditarTercero(rol, 'C')).toBe(true);
  });

  it('a Vendedor may not edit staff or messengers', () => {
    for (const tipo of TIPOS_TERCERO.filter((t) => t !== 'C')) expect(puedeEditarTercero('Vendedor', tipo)).toBe(false);
  });

  it('Administrador and SuperAdministrador edit every type', () => {
    for (const tipo of TIPOS_TERCERO) {
      expect(puedeEditarTercero('Administrador', tipo)).toBe(true);
      expect(puedeEditarTercero('SuperAdministrador', tipo)).toBe(true);
    }
  });
});
