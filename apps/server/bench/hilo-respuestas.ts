import type { Worker } from 'node:worker_threads';

/**
 * The benches' way to talk to a worker thread that answers with `{ tipo, … }` messages: `esperar(tipo, pedido?)` posts
 * the request (if any) and resolves with the next message of that kind, or rejects if the thread fails meanwhile.
 */
export function esperarRespuestas<R extends { tipo: string }, P>(hilo: Worker) {
  return <T extends R['tipo']>(tipo: T, pedido?: P) =>
    new Promise<Extract<R, { tipo: T }>>((resolve, reject) => {
      const alMensaje = (mensaje: R) => {
        if (mensaje.tipo !== tipo) return;
        hilo.off('message', alMensaje);
        hilo.off('error', reject);
        resolve(mensaje as Extract<R, { tipo: T }>);
      };
      hilo.on('message', alMensaje);
      hilo.once('error', reject);
      if (pedido) hilo.postMessage(pedido);
    });
}
