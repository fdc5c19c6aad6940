import { describe, expect, it } from 'vitest';
import { maquinaGuardarSchema, MENSAJES_MAQUINA } from '../maquinas/maquinas.schema';
import { MENSAJES_PROVEEDOR, proveedorGuardarSchema } from './proveedores.schema';

const base = { nombre_proveedor: 'A', nit: '9', numero_telefonico: '3001234567', correo_electronico: 'a@b.co' };

describe('proveedorGuardarSchema', () => {
  it('reads the term from the number input text and keeps it only with credit', () => {
    expect(proveedorGuardarSchema.parse({ ...base, credito: true, plazo_credito: ' 30 ' }).plazo_credito).toBe(30);
    expect(proveedorGuardarSchema.parse({ ...base, credito: false, plazo_credito: '30' }).plazo_credito).toBe(0);
  });

  it('asks for the term when the supplier is on credit', () => {
    const resultado = proveedorGuardarSchema.safeParse({ ...base, credito: true, plazo_credito: '' });
    expect(resultado.error?.issues.map((i) => i.message)).toEqual([MENSAJES_PROVEEDOR.plazo]);
  });

  it('gives a blank phone only the required message', () => {
    const resultado = proveedorGuardarSchema.safeParse({ ...base, numero_telefonico: ' ' });
    expect(resultado.error?.issues.map((i) => i.message)).toEqual([MENSAJES_PROVEEDOR.telefono]);
  });
});

describe('maquinaGuardarSchema', () => {
  it('reads select values as ids and asks for an option when none is chosen', () => {
    expect(maquinaGuardarSchema.parse({ referencia: 'X', nombre_maquina: 'Y', grupo_servicio_id: '8', estado_maquina_id: '2' })).toMatchObject({
      grupo_servicio_id: 8,
      estado_maquina_id: 2,
    });
    const resultado = maquinaGuardarSchema.safeParse({ referencia: 'X', nombre_maquina: 'Y', grupo_servicio_id: null, estado_maquina_id: '' });
    expect(resultado.error?.issues.map((i) => i.message)).toEqual([MENSAJES_MAQUINA.opcion, MENSAJES_MAQUINA.opcion]);
  });
});
