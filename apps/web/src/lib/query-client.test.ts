import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, MENSAJES_RED } from './api-error';
import { queryClient } from './query-client';

/** What a call does within a moment: it ends (answered or refused) or it is still waiting (paused). */
async function enUnMomento(promesa: Promise<unknown>): Promise<'resuelta' | 'rechazada' | 'esperando'> {
  const espera = new Promise<'esperando'>((resolver) => setTimeout(() => resolver('esperando'), 200));
  return Promise.race([promesa.then(() => 'resuelta' as const, () => 'rechazada' as const), espera]);
}

const sinRed = () => Promise.reject(new ApiError({ status: 0, message: MENSAJES_RED.sinConexion, notificado: true }));

afterEach(() => {
  onlineManager.setOnline(true);
  queryClient.clear();
});

describe('the query client without network (docs/decisions.md "Sin red")', () => {
  it('sends a mutation while the browser is offline, so its failure ends it now instead of pausing it for later', async () => {
    onlineManager.setOnline(false);
    let enviada = 0;
    const mutacion = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => {
        enviada += 1;
        return sinRed();
      },
    });
    expect(await enUnMomento(mutacion.execute(undefined))).toBe('rechazada');
    expect(enviada).toBe(1);
    expect(mutacion.state.isPaused).toBe(false);
    // Back online: nothing is replayed by itself (a bill the cashier gave up on never goes through later).
    onlineManager.setOnline(true);
    await new Promise((resolver) => setTimeout(resolver, 50));
    expect(enviada).toBe(1);
  });

  it('fails a read while offline instead of spinning, and reads it again when the network returns', async () => {
    onlineManager.setOnline(false);
    expect(await enUnMomento(queryClient.fetchQuery({ queryKey: ['prueba-sin-red'], queryFn: sinRed }))).toBe('rechazada');
    expect(queryClient.getDefaultOptions().queries?.refetchOnReconnect).toBe(true);
  });
});
