import type { Db } from '../../db/database';
import { ventaConCliente } from '../../db/lectura-venta';

/**
 * What a sale document prints beyond the sale's detail (facturas.service detalleFacturaPublica): the store, the
 * customer's document type, address, city and contacts, and the numbering range the sale was billed from; undefined
 * when the sale does not exist.
 */
export function findDatosDocumento(db: Db, ventaId: number) {
  return ventaConCliente(db)
    .innerJoin('tienda as t', 't.codigo_tienda', 'v.codigo_tienda')
    .select([
      'v.rango_numeracion_id',
      't.codigo_tienda',
      't.nombre_tienda',
      'td.nombre_tipo_documento',
      'c.direccion_residencia',
      'c.numero_telefonico',
      'c.numero_celular',
      'c.correo_electronico',
      'ci.city_name',
      'de.state_name',
    ])
    .where('v.id', '=', ventaId)
    .executeTakeFirst();
}

/** The tax kind of each product of the sale's lines, by product id (the lines keep their rate; the kind is the tax's). */
export function listClasesTributariasDeVenta(db: Db, ventaId: number) {
  return db
    .selectFrom('venta_detalle as d')
    .innerJoin('producto as p', 'p.id', 'd.producto_id')
    .innerJoin('impuesto as i', 'i.id', 'p.impuesto_id')
    .select(['d.producto_id', 'i.clase_tributaria'])
    .distinct()
    .where('d.venta_id', '=', ventaId)
    .execute();
}

/** A sale payment's voucher picture: its name, type and bytes; undefined when the payment has none or does not exist. */
export function findAdjuntoPago(db: Db, pagoId: number) {
  return db
    .selectFrom('venta_forma_pago')
    .select(['adjunto_comprobante_pago', 'adjunto_tipo', 'adjunto_contenido'])
    .where('id', '=', pagoId)
    .where('adjunto_contenido', 'is not', null)
    .executeTakeFirst();
}
