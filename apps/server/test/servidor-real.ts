import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as esperar } from 'node:timers/promises';
import { RAIZ_PROYECTO } from '../src/config';
import { puertoLibre } from './puertos';

/**
 * The real server process (`tsx apps/server/src/main.ts`, as `npm start` runs it) for the fault tests: they kill
 * it, stop its database and start it again, which an in-process app cannot show.
 */
export interface ServidorReal {
  url: string;
  proceso: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  salida: () => string;
  /** Resolves with the exit code when the process ends. */
  termino: Promise<number | null>;
}


/** Starts the server with `env` on a free port and waits until it says it is ready (or fails to start). */
export async function iniciarServidorReal(env: Record<string, string>, esperaMs = 60_000): Promise<ServidorReal> {
  const puerto = await puertoLibre();
  // Node itself with tsx's loader, not the tsx command: that one runs the server as a child process, and the
  // SIGKILL of these tests must reach the server.
  const proceso = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: RAIZ_PROYECTO,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env, PORT: String(puerto), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let salida = '';
  proceso.stdout!.on('data', (trozo: Buffer) => (salida += trozo.toString()));
  proceso.stderr!.on('data', (trozo: Buffer) => (salida += trozo.toString()));
  const termino = new Promise<number | null>((resolve) => proceso.once('exit', (codigo) => resolve(codigo)));
  const servidor: ServidorReal = { url: `http://127.0.0.1:${puerto}`, proceso, salida: () => salida, termino };

  const limite = Date.now() + esperaMs;
  while (!salida.includes('Tablero está listo')) {
    if (proceso.exitCode !== null) throw new Error(`El servidor terminó al iniciar (código ${proceso.exitCode}):\n${salida}`);
    if (Date.now() > limite) {
      proceso.kill('SIGKILL');
      throw new Error(`El servidor no estuvo listo en ${esperaMs} ms:\n${salida}`);
    }
    await esperar(100);
  }
  return servidor;
}

/** Stops the server with SIGTERM (as Ctrl+C would) and waits for it to end. */
export async function detenerServidorReal(servidor: ServidorReal): Promise<void> {
  if (servidor.proceso.exitCode !== null || servidor.proceso.signalCode !== null) return;
  servidor.proceso.kill('SIGTERM');
  await servidor.termino;
}
