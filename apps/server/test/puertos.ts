import { createServer } from 'node:net';

/** A port nobody listens on right now: the OS picks one for a throwaway server (tests and benchmarks). */
export function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const servidor = createServer();
    servidor.unref();
    servidor.on('error', reject);
    servidor.listen(0, '127.0.0.1', () => {
      const direccion = servidor.address();
      servidor.close(() => (typeof direccion === 'object' && direccion ? resolve(direccion.port) : reject(new Error('Sin puerto'))));
    });
  });
}
