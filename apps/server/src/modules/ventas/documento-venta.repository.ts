import type { Db } from '../../db/database';

/**
 * What a sale document prints beyond the sale's detail (facturas.service detalleFacturaPublica): the store, the
 * customer's document type, address, city and contacts, and the numbering range the sale was billed from; undefined
 * when the sale does not exist.
 */
export function findDatosDocumento(db: Db, ventaId: number) {
  return db
    .selectFrom('venta as v')
    .innerJoin('tienda as t', 't.codigo_tienda', 'v.codigo_tienda')
    .innerJoin('tercero as c', 'c.id', 'v.cliente_id')
    .innerJoin('tipo_documento as td', 'td.id', 'c.tipo_documento_id')
    .leftJoin('ciudad as ci', (join) =>
      join.onRef('ci.country_code', '=', 'c.country_code').onRef('ci.state_code', '=', 'c.state_code').onRef('ci.city_code', '=', 'c.city_code'),
    )
    .leftJoin('departamento as de', (join) => join.onRef('de.country_code', '=', 'c.country_code').onRef('de.state_code', '=', 'c.state_code'))
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

/** A sale payment's voucher picture: its name, type and bytes; undefined when the payment has none or does not exist. */
export function findAdjuntoPago(db: Db, pagoId: number) {
  return db
    .selectFrom('venta_forma_pago')
    .select(['adjunto_comprobante_pago', 'adjunto_tipo', 'adjunto_contenido'])
    .where('id', '=', pagoId)
    .where('adjunto_contenido', 'is not', null)
    .executeTakeFirst();
}
