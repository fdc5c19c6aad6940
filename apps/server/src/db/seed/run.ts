// `npm run seed`: loads the demo data into DATABASE_URL, or into the embedded database when it is unset.
import path from 'node:path';
import { leerConfig } from '../../config';
import { crearDb } from '../database';
import { iniciarPostgresEmbebido } from '../embedded';
import { migrarAlUltimo } from '../migrate';
import { cargarDatosDemo } from './demo';

const config = leerConfig();
let url = config.databaseUrl;
const embebido = url ? null : await iniciarPostgresEmbebido(path.join(config.dataDir, 'postgres'), config.embeddedPort);
if (embebido) {
  if (embebido.esNuevo) await embebido.crearBaseDatos('tablero');
  url = embebido.url('tablero');
}
const db = crearDb(url!);
try {
  await migrarAlUltimo(db);
  const cargados = await db.transaction().execute((trx) => cargarDatosDemo(trx));
  console.log(cargados ? 'Datos de demostración cargados.' : 'La base de datos ya tiene datos; no se cargó nada.');
} finally {
  await db.destroy();
  await embebido?.detener();
}
