/**
 * Worker thread of the documents pool (documentos.pool.ts): renders one PDF at a time off the request's
 * event loop and sends its bytes back with the job's id, moving the memory instead of copying it.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { MensajeDocumento, RespuestaDocumento, TipoDocumento } from './documentos';
import { renderizarEnEsteHilo } from './renderizadores';

/**
 * Rendering yields the CPU to requests: on Linux a thread has its own nice value, and /proc/thread-self names this
 * thread, so only the renderer runs at nice 10 while the event loop and PostgreSQL keep theirs. On a 2-core machine
 * the renderer, PostgreSQL and the request's thread contend for the cores, and a render should take the spare
 * cycles, not an answer's. Elsewhere (or when not allowed) the pool works the same, without the hint.
 */
function cederCpu(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // Not Linux: no per-thread priority to lower.
  }
}
cederCpu();

/** The PDF's bytes in an ArrayBuffer of their own, so it can be transferred whole (Buffers may share a pool). */
function propio(pdf: Buffer): Uint8Array {
  if (pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength && pdf.buffer instanceof ArrayBuffer) return pdf;
  return new Uint8Array(pdf);
}

parentPort?.on('message', ({ id, tipo, datos }: MensajeDocumento) => {
  const responder = (respuesta: RespuestaDocumento) =>
    respuesta.ok ? parentPort?.postMessage(respuesta, [respuesta.pdf.buffer as ArrayBuffer]) : parentPort?.postMessage(respuesta);
  renderizarEnEsteHilo(tipo as TipoDocumento, datos as never).then(
    (pdf) => responder({ id, ok: true, pdf: propio(pdf) }),
    (error: unknown) => responder({ id, ok: false, mensaje: error instanceof Error ? error.message : String(error) }),
  );
});
