// The fake DIAN for browser journeys and manual trials:
//   tsx apps/server/test/fakes/dian-falso.cli.ts --puerto 4010 --modo aceptar [--clave-tecnica K --pin P]
// Switch the mode while it runs: curl -d rechazar http://127.0.0.1:4010/__modo ; what arrived: GET /__recibidos.
import { parseArgs } from 'node:util';
import { MODOS_DIAN_FALSO, iniciarDianFalso, type ModoDianFalso } from './dian-falso';

const { values } = parseArgs({
  options: {
    puerto: { type: 'string', default: '4010' },
    modo: { type: 'string', default: 'aceptar' },
    'clave-tecnica': { type: 'string' },
    pin: { type: 'string' },
  },
});

if (!MODOS_DIAN_FALSO.includes(values.modo as ModoDianFalso)) {
  console.error(`Modo desconocido '${values.modo}'. Modos: ${MODOS_DIAN_FALSO.join(', ')}`);
  process.exit(2);
}
const claveTecnica = values['clave-tecnica'];
const pin = values.pin;
if ((claveTecnica === undefined) !== (pin === undefined)) {
  console.error('--clave-tecnica y --pin van juntos (revisan el CUFE y el CUDE)');
  process.exit(2);
}

const dian = await iniciarDianFalso({
  puerto: Number(values.puerto),
  modo: values.modo as ModoDianFalso,
  ...(claveTecnica !== undefined && pin !== undefined ? { claves: { claveTecnica, pinSoftware: pin } } : {}),
});
console.log(`DIAN falso en ${dian.url} (modo ${values.modo})`);

for (const senal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(senal, () => {
    void dian.cerrar().then(() => process.exit(0));
  });
}
