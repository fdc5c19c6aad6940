import { hoyNegocio } from '@tablero/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { usarEntorno } from '../../../../test/app';
import { CATALOGO_SIIGO_FALSO, iniciarSiigoFalso, type SiigoFalso } from '../../../../test/fakes/siigo-falso';
import { crearImpuesto, crearProducto, crearProveedor, crearTercero, crearTienda, crearUsuarioConSesion, crearVentaConLineas } from '../../../../test/factories';
import { crearClienteSiigo } from '../../siigo';
import { ventaParaProveedor } from '../emision.mapeo';
import { findVentaParaEmitir, listLineasParaEmitir, listPagosParaEmitir } from '../emision.repository';
import { crearProveedorSiigo } from './siigo';

// The invoice Siigo builds from a sale carries each line's taxes by its tax kind (docs/decisions-factura-electronica.md,
// "Siigo: tipo de producto y clase tributaria"): a taxed line its Siigo tax, an exempt one the Siigo IVA at 0 % its tax
// maps to, an excluded one none, even when its tax was mapped to a Siigo IVA by mistake.
const entorno = usarEntorno();
const USUARIO = 'integracion@empresa.test';
const LLAVE = 'llave-de-acceso-de-prueba';
const IVA_0 = { id: 13159, name: 'IVA 0% Exento', type: 'IVA', percentage: 0, active: true };
let siigo: SiigoFalso | undefined;

afterAll(() => siigo?.cerrar());

describe('Siigo provider, items by tax kind', () => {
  it('sends the taxed line with its IVA, the exempt one with the 0 % IVA and the excluded one without taxes', async () => {
    const { app, db } = entorno;
    await sql`insert into siigo_impuesto (id, nombre, porcentaje_impuesto, activo) values (13156, 'IVA 19%', 19, true), (13159, 'IVA 0% Exento', 0, true) on conflict do nothing`.execute(db);
    const tienda = await crearTienda(db);
    const vendedor = await crearUsuarioConSesion(app, db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
    const proveedor = await crearProveedor(db);
    const impuestos = [
      { referencia: 'CLASE-GRAVADO', impuesto: await crearImpuesto(db, { nombre_impuesto: 'IVA 19% Siigo', porcentaje_impuesto: 19 }), siigo: 13156 },
      { referencia: 'CLASE-EXENTO', impuesto: await crearImpuesto(db, { nombre_impuesto: 'Exento', porcentaje_impuesto: 0, clase_tributaria: 'Exempt' }), siigo: IVA_0.id },
      { referencia: 'CLASE-EXCLUIDO', impuesto: await crearImpuesto(db, { nombre_impuesto: 'Excluido', porcentaje_impuesto: 0, clase_tributaria: 'Excluded' }), siigo: 13156 },
    ];
    const lineas = [];
    for (const { referencia, impuesto, siigo: siigoId } of impuestos) {
      await db.updateTable('impuesto').set({ siigo_impuesto_id: siigoId }).where('id', '=', impuesto.id).execute();
      const producto = await crearProducto(db, { referencia, impuesto_id: impuesto.id, proveedor_id: proveedor.id, precio_unitario: 100_000 });
      lineas.push({ producto_id: producto.id, cantidad: 1, precio_unitario: 100_000, porcentaje_impuesto: impuesto.porcentaje_impuesto });
    }
    const cliente = await crearTercero(db);
    const venta = await crearVentaConLineas(db, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: vendedor.id, lineas });
    const datos = ventaParaProveedor(
      (await findVentaParaEmitir(db, venta.id))!,
      await listLineasParaEmitir(db, venta.id),
      await listPagosParaEmitir(db, venta.id),
      hoyNegocio(),
    );
    expect(datos.lineas.map((l) => [l.codigo, l.siigoImpuestoIds])).toEqual([
      ['CLASE-GRAVADO', [13156]],
      ['CLASE-EXENTO', [IVA_0.id]],
      ['CLASE-EXCLUIDO', []],
    ]);

    siigo = await iniciarSiigoFalso({ usuario: USUARIO, accessKey: LLAVE, exigirProductos: false, catalogo: { impuestos: [...CATALOGO_SIIGO_FALSO.impuestos, IVA_0] } });
    const clienteSiigo = crearClienteSiigo({ url: siigo.url, usuario: USUARIO, accessKey: LLAVE, partnerId: 'TableroPruebas', db });
    const resultado = await crearProveedorSiigo(clienteSiigo).enviar({
      documentoId: venta.id,
      tipo: 'FACTURA',
      numero: `FE${venta.id}`,
      cufe: 'c'.repeat(96),
      fechaEmision: hoyNegocio(),
      xmlFirmado: '<Invoice/>',
      proveedorId: null,
      venta: { ...datos, pagos: [{ nombreFormaPago: 'Efectivo', valorCentavos: 31_900_000, credito: false }] },
    });
    expect(resultado.resultado).toBe('ACEPTADA');
    const items = siigo.estado.facturas[0]!.cuerpo.items as { code: string; taxes?: { id: number }[] }[];
    expect(items.map((item) => [item.code, item.taxes])).toEqual([
      ['CLASE-GRAVADO', [{ id: 13156 }]],
      ['CLASE-EXENTO', [{ id: IVA_0.id }]],
      ['CLASE-EXCLUIDO', undefined],
    ]);
    // Siigo's total: 100 000 + 19 000 of IVA, 100 000 exempt at 0 %, 100 000 excluded.
    expect(siigo.estado.facturas[0]!.total).toBe(319_000);
  });
});
