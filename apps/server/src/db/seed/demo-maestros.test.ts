import { dvNitCorresponde } from '@tablero/domain';
import { describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { cargarMaestrosDemo, MAQUINAS_DEMO, PROVEEDORES_DEMO, TIPOS_CONCEPTOS_DEMO } from './demo-maestros';

const entorno = usarEntorno();

describe('masters demo data', () => {
  it('loads suppliers, concept types and machines for Corte, Enchape, Servicios especiales and Empaque', async () => {
    await entorno.db.transaction().execute((trx) => cargarMaestrosDemo(trx));
    const proveedores = await entorno.db.selectFrom('proveedor').select('nit').execute();
    expect(proveedores).toHaveLength(PROVEEDORES_DEMO.length);
    // The demo suppliers' NITs carry DIAN's check digit: the supplier form would refuse any other.
    for (const { nit } of proveedores) expect(dvNitCorresponde(nit), nit).toBe(true);
    const tipos = await entorno.db.selectFrom('tipo_concepto').select('nombre_tipo_concepto').execute();
    expect(tipos).toHaveLength(TIPOS_CONCEPTOS_DEMO.length);
    const grupos = await entorno.db.selectFrom('maquina').select('grupo_servicio_id').distinct().orderBy('grupo_servicio_id').execute();
    expect(grupos.map((g) => g.grupo_servicio_id)).toEqual([1, 2, 3, 6]);
    expect(await entorno.db.selectFrom('maquina').select('id').execute()).toHaveLength(MAQUINAS_DEMO.length);
  });
});
