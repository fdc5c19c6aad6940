// `npm run seed`: loads the demo data into DATABASE_URL, or into the embedded database when it is unset.
import path from 'node:path';
import { leerConfig } from '../../config';
import { crearDb } from '../database';
import { iniciarPostgresEmbebido } from '../embedded';
import { migrarAlUltimo } from '../migrate';
import { leerSecretoToken } from '../../lib/secreto';
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
  // The server's secret encrypts the demo certificate and PIN, so the server that starts next can open them.
  const secreto = await leerSecretoToken(config);
  const cargados = await db.transaction().execute((trx) => cargarDatosDemo(trx, secreto));
  console.log(cargados ? 'Datos de demostración cargados.' : 'La base de datos ya tiene datos; no se cargó nada.');
} finally {
  await db.destroy();
  await embebido?.detener();
}
