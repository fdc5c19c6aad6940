import { describe, expect, it } from 'vitest';
import { conContextoAuditoria, contextoAuditoriaActual, ContextoDeConexion, type ContextoAuditoria } from './contexto-auditoria';

const ana: ContextoAuditoria = { terminada: false, usuario_id: 7, rol: 'Vendedor', codigo_tienda: 'T01', ip: '10.0.0.1', request_id: 'r-1' };
const JSON_ANA = JSON.stringify({ usuario_id: 7, rol: 'Vendedor', codigo_tienda: 'T01', ip: '10.0.0.1', request_id: 'r-1' });

describe('contextoAuditoriaActual', () => {
  it('is the request context as JSON inside it, and empty outside or once the request was answered', async () => {
    expect(contextoAuditoriaActual()).toBe('');
    let terminada = false;
    await conContextoAuditoria(
      () => ({ ...ana, terminada }),
      async () => {
        await Promise.resolve();
        expect(contextoAuditoriaActual()).toBe(JSON_ANA);
        terminada = true;
        // A timer a request started keeps its context, but it is no longer the user's work.
        await new Promise((listo) => setTimeout(listo, 1));
        expect(contextoAuditoriaActual()).toBe('');
      },
    );
  });
});

describe('ContextoDeConexion', () => {
  it('sets the context with a begin (local to the transaction) or before a lone write (on the session) when it changed, never for reads or inside a transaction', () => {
    const conexion = new ContextoDeConexion();
    conContextoAuditoria(
      () => ana,
      () => {
        expect(conexion.antesDe('select 1')).toBeNull();
        expect(conexion.antesDe('/* preparada: lista */ with pagina as (select 1) select * from pagina')).toBeNull();
        expect(conexion.antesDe('begin')).toEqual({ valor: JSON_ANA, enTransaccion: true });
        expect(conexion.antesDe('update venta set estado_venta_id = $1')).toBeNull();
        expect(conexion.antesDe('commit')).toBeNull();
        // The transaction's value was local to it: the session still holds none, so a lone write sets it there.
        expect(conexion.antesDe('insert into impuesto values ($1)')).toEqual({ valor: JSON_ANA, enTransaccion: false });
        // Same context already on the session: nothing to send, for a lone write or a transaction.
        expect(conexion.antesDe('update impuesto set activo = true')).toBeNull();
        expect(conexion.antesDe('begin')).toBeNull();
        expect(conexion.antesDe('rollback')).toBeNull();
      },
    );
    // Outside a request the connection is set back to none before a write, not before a read.
    expect(conexion.antesDe('select 1')).toBeNull();
    expect(conexion.antesDe('with x as (update impuesto set activo = true returning id) select * from x')).toEqual({ valor: '', enTransaccion: false });
    expect(conexion.antesDe('delete from impuesto where id = 1')).toBeNull();
  });
});
