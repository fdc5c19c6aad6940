import { parseArgs } from 'node:util';
import { iniciarSiigoFalso, MODOS, type ModoSiigoFalso } from './siigo-falso';

/**
 * Starts the fake Siigo for browser journeys and manual trials:
 *   node_modules/.bin/tsx apps/server/test/fakes/siigo-falso.cli.ts [--puerto 4510] [--modo aceptada] [--estricto]
 * Its catalog uses the demo data's ids (taxes 1 IVA 19 %, 2 IVA 5 %; inventory classifications 1–3), so the demo's
 * impuestos and categories map onto it before any sync. Invoice items need no product in Siigo unless --estricto.
 * Point Maestros > Factura electrónica at it: proveedor Siigo, URL the printed one, usuario and access key printed.
 * Change the stamping outcome while it runs: POST /__falso/modo {"modo":"rechazada"}; see its state: GET /__falso/estado.
 */
const { values } = parseArgs({
  options: {
    puerto: { type: 'string', default: process.env.SIIGO_FALSO_PUERTO ?? '4510' },
    modo: { type: 'string', default: 'aceptada' },
    estricto: { type: 'boolean', default: false },
  },
});

if (!MODOS.includes(values.modo as ModoSiigoFalso)) {
  console.error(`--modo debe ser uno de: ${MODOS.join(', ')}`);
  process.exit(2);
}

const usuario = 'integracion@empresa.test';
const accessKey = 'llave-de-acceso-de-prueba';
const siigo = await iniciarSiigoFalso({
  puerto: Number(values.puerto),
  modo: values.modo as ModoSiigoFalso,
  usuario,
  accessKey,
  exigirProductos: values.estricto,
  catalogo: {
    impuestos: [
      { id: 1, name: 'IVA 19%', type: 'IVA', percentage: 19, active: true },
      { id: 2, name: 'IVA 5%', type: 'IVA', percentage: 5, active: true },
      { id: 3, name: 'IVA 16% (histórico)', type: 'IVA', percentage: 16, active: false },
      { id: 4, name: 'IVA 0% (exento)', type: 'IVA', percentage: 0, active: true },
    ],
    gruposInventario: [
      { id: 1, name: 'Mercancía no fabricada por la empresa', active: true },
      { id: 2, name: 'Productos terminados', active: true },
      { id: 3, name: 'Materiales, repuestos y accesorios', active: true },
      { id: 4, name: 'Inventario en desuso', active: false },
    ],
  },
});
console.log(`Siigo falso en ${siigo.url} (usuario ${usuario}, access key ${accessKey}, Partner-Id cualquiera, modo ${values.modo})`);

const terminar = () => void siigo.cerrar().then(() => process.exit(0));
process.on('SIGINT', terminar);
process.on('SIGTERM', terminar);
