/**
 * A realistic sale document's data, for the renderer's tests and for looking at the PDFs (letter and 80 mm) as images.
 */
import type { ClaseTributaria } from '@tablero/domain';
import type { DatosFacturaVenta, LineaDocumentoVenta } from './factura-venta';

/**
 * A line with its amounts computed as calcularTotalesVenta does (rounded to the centavo at each step); at 0 % it is
 * excluded unless told.
 */
export function lineaDePrueba(n: number, cantidad: number, precio: number, descuento = 0, impuesto = 19, clase?: ClaseTributaria): LineaDocumentoVenta {
  const bruto = Math.round(cantidad * precio * 100);
  const valorDescuento = Math.round((bruto * descuento) / 100);
  const subtotal = bruto - valorDescuento;
  const valorImpuesto = Math.round((subtotal * impuesto) / 100);
  return {
    referencia: `MEL-${String(n).padStart(3, '0')}`,
    descripcion: `Tablero melamina blanco 15 mm 2440 × 2150 (línea ${n})`,
    cantidad,
    valor_unitario: precio,
    porcentaje_descuento: descuento,
    valor_descuento: valorDescuento / 100,
    valor_subtotal: subtotal / 100,
    porcentaje_impuesto: impuesto,
    valor_impuesto: valorImpuesto / 100,
    valor_total: (subtotal + valorImpuesto) / 100,
    clase_tributaria: clase ?? (impuesto > 0 ? 'Taxed' : 'Excluded'),
  };
}

/** A billed electronic invoice of three lines, paid in cash and by card. */
export function facturaDePrueba(cambios: Partial<DatosFacturaVenta> = {}): DatosFacturaVenta {
  const lineas = cambios.lineas ?? [lineaDePrueba(1, 2, 189_900, 10), lineaDePrueba(2, 14.5, 2_500), lineaDePrueba(3, 1, 35_000, 0, 0)];
  const suma = (f: (l: LineaDocumentoVenta) => number) => Math.round(lineas.reduce((s, l) => s + Math.round(f(l) * 100), 0)) / 100;
  const totales = {
    subtotal: suma((l) => l.valor_subtotal),
    descuento: suma((l) => l.valor_descuento),
    impuestos: suma((l) => l.valor_impuesto),
    otros_impuestos: 0,
    total: suma((l) => l.valor_total),
  };
  return {
    formato: 'carta',
    clase: 'FACTURA',
    venta_id: 4512,
    numero: 'FE1234',
    numero_factura: null,
    anulada: false,
    fecha_venta: '20/11/2026 09:15 am',
    fecha_factura: '23/11/2026 02:05 pm',
    fecha_anulacion: null,
    fecha_vencimiento: null,
    resolucion: { numero: '18764000001234', fecha: '2026-01-15', prefijo: 'FE', desde: 1, hasta: 5000, vigencia_desde: '2026-01-15', vigencia_hasta: '2028-01-15' },
    emisor: { razon_social: 'Tableros y Cortes S.A.S.', nit: '900.123.456-7', direccion: 'Calle 10 # 20-30', telefono: '601 555 1234', ciudad: 'Bogotá D.C.' },
    tienda: { codigo: 'T01', nombre: 'Tienda Principal' },
    cliente: {
      nombre: 'María José Pérez Núñez',
      tipo_documento: 'Cédula de ciudadanía',
      numero_documento: '1020304050',
      direccion: 'Carrera 7 # 45-12 apto 301',
      ciudad: 'Medellín',
      telefono: '3001234567',
      correo: 'maria.perez@example.com',
    },
    lineas,
    totales,
    otro_impuesto: null,
    formas_pago: [
      { nombre: 'Efectivo', comprobante: null, valor: 300_000 },
      { nombre: 'Tarjeta débito', comprobante: 'AUT-778812', valor: Math.round((totales.total - 300_000) * 100) / 100 },
    ],
    valor_recibido_efectivo: 350_000,
    cambio: 50_000,
    modo_factura: 'C',
    vendedor: 'Valentina Vendedora',
    facturador: 'Carlos Cajero',
    observacion: 'Entregar en la portería del edificio.',
    ...cambios,
  };
}
