import { describe, expect, it } from 'vitest';
import type { DocumentoParaEnviar } from './proveedor';
import { crearProveedorSiigo, SIIGO_SIN_POS } from './siigo';

// docs/decisions-factura-electronica.md, "Documento equivalente POS": Siigo's public API documents invoices and credit
// notes only. Billing refuses POS with Siigo first; the provider itself refuses the two POS kinds before any call.

describe('the Siigo provider and the POS documents', () => {
  it('refuses a POS document and its nota de ajuste, sending and asking, without calling Siigo', async () => {
    const cliente = new Proxy({}, { get: () => () => Promise.reject(new Error('Siigo no debía recibir ninguna llamada')) });
    const proveedor = crearProveedorSiigo(cliente as Parameters<typeof crearProveedorSiigo>[0]);
    const documento = { documentoId: 1, tipo: 'POS', numero: 'POS1', cufe: 'x', fechaEmision: '2026-12-02', xmlFirmado: '', venta: {}, proveedorId: null } as unknown as DocumentoParaEnviar;
    await expect(proveedor.enviar(documento)).rejects.toThrow(SIIGO_SIN_POS);
    await expect(proveedor.consultar({ ...documento, tipo: 'NOTA_AJUSTE', proveedorId: 'abc' })).rejects.toThrow(SIIGO_SIN_POS);
    // Refused as a request (recorded with its reason, never retried): the error carries the exchange, empty.
    await expect(proveedor.enviar(documento)).rejects.toHaveProperty('intercambio', { solicitud: '', respuesta: '' });
  });
});
