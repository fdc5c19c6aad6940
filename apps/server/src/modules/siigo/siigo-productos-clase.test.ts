import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaseTributaria, TipoProducto } from '@tablero/domain';
import { SECRETO_PRUEBA, usarEntorno } from '../../../test/app';
import { CATALOGO_SIIGO_FALSO, iniciarSiigoFalso, type SiigoFalso } from '../../../test/fakes/siigo-falso';
import { crearCategoria, crearEscenario, crearImpuesto, crearProducto, crearProveedor, headers, type Escenario } from '../../../test/factories';
import { cifrarSecreto } from '../../lib/cifrado';
import { MOTIVOS_IMPUESTO_SIIGO } from './siigo.service';

// The Siigo product sync sends each product's type and tax kind (docs/decisions-factura-electronica.md, "Siigo: tipo de
// producto y clase tributaria"): the bodies the fake Siigo receives for a taxed product, a service, an excluded one and
// an exempt one, and the products it cannot send with their reason.

const entorno = usarEntorno();
const USUARIO = 'integracion@empresa.test';
const LLAVE = 'llave-de-acceso-de-prueba';
/** Siigo's IVA at 0 %, the tax of an exempt product (the default fake catalog has none). */
const IVA_0 = { id: 13159, name: 'IVA 0% Exento', type: 'IVA', percentage: 0, active: true };
let e: Escenario;
let siigo: SiigoFalso;

beforeAll(async () => {
  e = await crearEscenario(entorno.app, entorno.db);
  siigo = await iniciarSiigoFalso({
    usuario: USUARIO,
    accessKey: LLAVE,
    catalogo: { impuestos: [...CATALOGO_SIIGO_FALSO.impuestos, IVA_0] },
    // Siigo holds this one as a taxed good; Tablero now says it is a service.
    productos: [{ code: 'YA-EN-SIIGO', name: 'Instalación de cocina', account_group: 1253, taxes: [13156], price: 50_000, tax_classification: 'Taxed' }],
  });
  await entorno.db
    .updateTable('configuracion_fe')
    .set({
      proveedor: 'SIIGO',
      proveedor_url: siigo.url,
      siigo_usuario: USUARIO,
      siigo_access_key_cifrada: cifrarSecreto(SECRETO_PRUEBA, LLAVE),
      siigo_partner_id: 'TableroPruebas',
    })
    .where('id', '=', 1)
    .execute();
  // Siigo's taxes into siigo_impuesto, so our taxes can map onto them.
  const categorias = await entorno.app.inject({ method: 'POST', url: '/api/maestros/categorias-productos/sincronizar', headers: headers(e.porRol.Bodega.token) });
  expect(categorias.statusCode, categorias.body).toBe(200);
});

afterAll(() => siigo?.cerrar());

describe('POST productos/sincronizar: product type and tax kind', () => {
  it('sends Siigo the type and the taxes each tax kind calls for, and skips with its reason what it cannot map', async () => {
    const db = entorno.db;
    const proveedor = await crearProveedor(db);
    const impuesto = async (nombre: string, porcentaje: number, clase: ClaseTributaria, siigoId: number | null) => {
      const creado = await crearImpuesto(db, { nombre_impuesto: nombre, porcentaje_impuesto: porcentaje, clase_tributaria: clase });
      await db.updateTable('impuesto').set({ siigo_impuesto_id: siigoId }).where('id', '=', creado.id).execute();
      return creado;
    };
    const iva19 = await impuesto('IVA 19% gravado', 19, 'Taxed', 13156);
    const ivaSinSiigo = await impuesto('IVA 5% sin Siigo', 5, 'Taxed', null);
    // An excluded tax mapped by mistake to a Siigo IVA still carries none: an excluded good is outside IVA.
    const excluido = await impuesto('Excluido', 0, 'Excluded', 13156);
    const exento = await impuesto('Exento de IVA', 0, 'Exempt', IVA_0.id);
    const exentoSinSiigo = await impuesto('Exento sin Siigo', 0, 'Exempt', null);
    const exentoConTarifa = await impuesto('Exento mal asociado', 0, 'Exempt', 13157);
    const categoria = await crearCategoria(db, { nombre_categoria_producto: 'Clases tributarias' });
    await db.updateTable('categoria_producto').set({ siigo_clasificacion_inventario_id: 1253 }).where('id', '=', categoria.id).execute();
    const producto = async (referencia: string, nombre: string, impuestoId: number, tipo: TipoProducto = 'Product') => {
      const creado = await crearProducto(db, { referencia, nombre_producto: nombre, precio_unitario: 10_000, impuesto_id: impuestoId, proveedor_id: proveedor.id, tipo_producto: tipo });
      await db.updateTable('producto').set({ categoria_producto_id: categoria.id }).where('id', '=', creado.id).execute();
      return creado;
    };
    await producto('GRAVADO-1', 'Tablero melamina 18 mm', iva19.id);
    await producto('SERVICIO-1', 'Corte por tablero', iva19.id, 'Service');
    await producto('EXCLUIDO-1', 'Libro de instrucciones', excluido.id);
    await producto('EXENTO-1', 'Tablero para exportación', exento.id);
    await producto('YA-EN-SIIGO', 'Instalación de cocina', iva19.id, 'Service');
    await producto('SIN-SIIGO-1', 'Herraje IVA 5 %', ivaSinSiigo.id);
    await producto('EXENTO-SIN-1', 'Exento sin impuesto de Siigo', exentoSinSiigo.id);
    await producto('EXENTO-MAL-1', 'Exento con IVA 5 % de Siigo', exentoConTarifa.id);

    const respuesta = await entorno.app.inject({ method: 'POST', url: '/api/productos/sincronizar', headers: headers(e.porRol.Bodega.token) });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const omitidos = respuesta.json().data.omitidos as { referencia: string; motivo: string }[];
    // Only this test's products: the scenario's own have no inventory classification.
    const propios = new Set(['GRAVADO-1', 'SERVICIO-1', 'EXCLUIDO-1', 'EXENTO-1', 'YA-EN-SIIGO', 'SIN-SIIGO-1', 'EXENTO-SIN-1', 'EXENTO-MAL-1']);
    expect(omitidos.filter((o) => propios.has(o.referencia))).toEqual([
      { referencia: 'SIN-SIIGO-1', motivo: MOTIVOS_IMPUESTO_SIIGO.gravadoSinImpuesto },
      { referencia: 'EXENTO-SIN-1', motivo: MOTIVOS_IMPUESTO_SIIGO.exentoSinImpuesto },
      { referencia: 'EXENTO-MAL-1', motivo: MOTIVOS_IMPUESTO_SIIGO.exentoConTarifa },
    ]);
    expect(MOTIVOS_IMPUESTO_SIIGO.exentoSinImpuesto).toBe('Su impuesto exento no tiene el IVA de Siigo al 0 %: asígnelo en Maestros > Impuestos');

    const cuerpo = (codigo: string) => {
      const cuerpos = siigo.estado.cuerposProductos.filter((c) => c.code === codigo);
      expect(cuerpos, codigo).toHaveLength(1);
      const { type, tax_classification, tax_included, taxes } = cuerpos[0]!;
      return { type, tax_classification, tax_included, taxes };
    };
    expect(cuerpo('GRAVADO-1')).toEqual({ type: 'Product', tax_classification: 'Taxed', tax_included: false, taxes: [{ id: 13156 }] });
    expect(cuerpo('SERVICIO-1')).toEqual({ type: 'Service', tax_classification: 'Taxed', tax_included: false, taxes: [{ id: 13156 }] });
    expect(cuerpo('EXCLUIDO-1')).toEqual({ type: 'Product', tax_classification: 'Excluded', tax_included: false, taxes: [] });
    expect(cuerpo('EXENTO-1')).toEqual({ type: 'Product', tax_classification: 'Exempt', tax_included: false, taxes: [{ id: IVA_0.id }] });
    // Siigo's product whose only difference is its type is updated to a service.
    expect(cuerpo('YA-EN-SIIGO')).toEqual({ type: 'Service', tax_classification: 'Taxed', tax_included: false, taxes: [{ id: 13156 }] });
    expect(siigo.estado.productos.find((p) => p.code === 'YA-EN-SIIGO')).toMatchObject({ type: 'Service', metadata: { last_updated: expect.any(String) } });
    expect(siigo.estado.productos.find((p) => p.code === 'EXENTO-1')).toMatchObject({ tax_classification: 'Exempt', taxes: [{ id: IVA_0.id, percentage: 0 }] });
    for (const omitido of ['SIN-SIIGO-1', 'EXENTO-SIN-1', 'EXENTO-MAL-1']) expect(siigo.estado.cuerposProductos.some((c) => c.code === omitido)).toBe(false);

    // Run again: nothing differs, nothing is sent.
    const enviados = siigo.estado.cuerposProductos.length;
    const segunda = await entorno.app.inject({ method: 'POST', url: '/api/productos/sincronizar', headers: headers(e.porRol.Bodega.token) });
    expect(segunda.json().data).toMatchObject({ creados: 0, actualizados: 0 });
    expect(siigo.estado.cuerposProductos).toHaveLength(enviados);
  });
});
