import { describe, expect, it } from 'vitest';
import { construirApp, usarEntorno } from '../../test/app';

const entorno = usarEntorno();

describe('closing the app while the realtime listener is still starting', () => {
  // The adapter's listener takes a client from its pool, then LISTENs once per namespace ('/' and '/publico') before it
  // keeps the client: an app closed in between used to leave that client checked out, and the pool's end waited for it
  // forever (seen as a test file's teardown hanging for 60 s under load). Closing at every moment of that start-up must
  // be prompt.
  it('closes within seconds whenever it is closed', async () => {
    for (let espera = 0; espera < 40; espera++) {
      const app = await construirApp(entorno.db, {});
      await new Promise((resolve) => setTimeout(resolve, espera));
      const limite = new Promise((_, rechazar) => setTimeout(() => rechazar(new Error(`El cierre se colgó tras ${espera} ms`)), 5_000).unref());
      const inicio = Date.now();
      await Promise.race([app.close(), limite]);
      expect(Date.now() - inicio, `cerrada tras ${espera} ms`).toBeLessThan(5_000);
    }
  }, 240_000);
});
