import { describe, expect, it } from 'vitest';
import { ALTO_MAXIMO_PAGINA, ANCHO_80MM, impuestosPorTarifa, pesosImpresos, renderFacturaVenta, textoResolucion } from './factura-venta';
import { facturaDePrueba, lineaDePrueba as linea } from './factura-venta.ejemplo';
import { paginasPdf, textoPdf, textoPorPaginaPdf } from './pdf-texto';

describe('textoResolucion', () => {
  it('prints the DIAN resolution as Colombian invoices do', () => {
    expect(textoResolucion({ numero: '18764000001234', fecha: '2026-01-15', prefijo: 'FE', desde: 1, hasta: 5000, vigencia_desde: '2026-01-15', vigencia_hasta: '2028-01-15' })).toBe(
      'Resolución DIAN No. 18764000001234 del 15/01/2026, prefijo FE del 1 al 5000, vigencia del 15/01/2026 al 15/01/2028',
    );
  });
});

describe('impuestosPorTarifa', () => {
  it('sums base and tax per kind and rate, in centavos: excluded, exempt, then the rates ascending', () => {
    const tarifas = impuestosPorTarifa([linea(1, 3, 0.1), linea(2, 1, 0.2), linea(3, 1, 1000, 0, 5), linea(4, 1, 500, 0, 0), linea(5, 1, 700, 0, 0, 'Exempt'), linea(6, 2, 50, 0, 0)]);
    expect(tarifas).toEqual([
      { clase: 'Excluded', porcentaje: 0, base: 600, impuesto: 0 },
      { clase: 'Exempt', porcentaje: 0, base: 700, impuesto: 0 },
      { clase: 'Taxed', porcentaje: 5, base: 1000, impuesto: 50 },
      { clase: 'Taxed', porcentaje: 19, base: 0.5, impuesto: 0.1 },
    ]);
  });
});

describe('pesosImpresos', () => {
  it('prints $, en-US grouping and always two decimals', () => {
    expect(pesosImpresos(1_250_300.5)).toBe('$ 1,250,300.50');
    expect(pesosImpresos(0)).toBe('$ 0.00');
  });
});

describe('renderFacturaVenta', () => {
  it('prints an electronic invoice on one letter page with every part the customer needs', async () => {
    const datos = facturaDePrueba();
    const pdf = await renderFacturaVenta(datos);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(paginasPdf(pdf)).toEqual([[612, 792]]);
    const texto = textoPdf(pdf);
    for (const esperado of [
      'Tableros y Cortes S.A.S.',
      'NIT 900.123.456-7',
      'Calle 10 # 20-30 · Bogotá D.C.',
      'Tel. 601 555 1234',
      'Tienda T01 · Tienda Principal',
      'Factura electrónica de venta',
      'No. FE1234',
      'Venta No. 4512',
      'Resolución DIAN No. 18764000001234 del 15/01/2026, prefijo FE del 1 al 5000, vigencia del 15/01/2026 al 15/01/2028',
      'María José Pérez Núñez',
      'Cédula de ciudadanía 1020304050',
      'Carrera 7 # 45-12 apto 301',
      'Medellín',
      'maria.perez@example.com',
      'MEL-001',
      '$ 189,900.00',
      '(10 %)',
      'Impuesto 19 %',
      'Excluido',
      'Efectivo',
      'AUT-778812',
      'Efectivo recibido',
      '$ 50,000.00',
      'Contado',
      'Valentina Vendedora',
      'Carlos Cajero',
      'Entregar en la portería del edificio.',
      'Página 1 de 1',
    ]) {
      expect(texto).toContain(esperado);
    }
    expect(texto).toContain(pesosImpresos(datos.totales.total));
    // 2 × 189,900 − 10 % = 341,820 + 19 % = 406,765.80; 14.5 × 2,500 = 36,250 + 19 % = 43,137.50; 35,000 at 0 %.
    expect(datos.totales.total).toBe(484_903.3);
    expect(texto).toContain('Son: CUATROCIENTOS OCHENTA Y CUATRO MIL NOVECIENTOS TRES PESOS CON TREINTA CENTAVOS M/CTE');
    expect(texto).not.toContain('ANULADA');
    expect(texto).not.toContain('Impuesto 0 %');
  });

  it("prints an excluded line as 'Excluido' and an exempt one as 'Exento', per line and in the taxes summary, on both papers (never 'Impuesto 0 %')", async () => {
    const lineas = [linea(1, 1, 100_000), linea(2, 1, 40_000, 0, 0, 'Excluded'), linea(3, 1, 25_000, 0, 0, 'Exempt')];
    for (const formato of ['carta', '80mm'] as const) {
      const texto = textoPdf(await renderFacturaVenta(facturaDePrueba({ formato, lineas })));
      // Each kind twice: the line's tax and its row in the summary (with its base).
      expect(texto.match(/Excluido/g), formato).toHaveLength(2);
      expect(texto.match(/Exento/g), formato).toHaveLength(2);
      expect(texto).toContain(formato === 'carta' ? '$ 40,000.00' : '$ 40,000.00 / $ 0.00');
      expect(texto).toContain(formato === 'carta' ? '$ 25,000.00' : '$ 25,000.00 / $ 0.00');
      expect(texto).toContain('Impuesto 19 %');
      expect(texto).not.toContain('0 %');
    }
  });

  it('prints the same sale on an 80 mm roll, one page as tall as its content, with the same information', async () => {
    const carta = await renderFacturaVenta(facturaDePrueba());
    const rollo = await renderFacturaVenta(facturaDePrueba({ formato: '80mm' }));
    const paginas = paginasPdf(rollo);
    expect(paginas).toHaveLength(1);
    expect(paginas[0]![0]).toBeCloseTo(ANCHO_80MM, 1);
    expect(paginas[0]![1]).toBeGreaterThan(400);
    expect(paginas[0]![1]).toBeLessThan(1200);
    expect(paginasPdf(carta)[0]).not.toEqual(paginas[0]);
    const texto = textoPdf(rollo);
    for (const esperado of ['Tableros y Cortes S.A.S.', 'No. FE1234', 'Resolución DIAN No. 18764000001234', 'María José Pérez Núñez', 'MEL-003', 'Cambio', 'Son: CUATROCIENTOS']) {
      expect(texto).toContain(esperado);
    }
    expect(texto).not.toContain('Página');
  });

  it('titles a remission and an order, the order without a number or payments', async () => {
    const remision = textoPdf(await renderFacturaVenta(facturaDePrueba({ clase: 'REMISION', numero: 'RM-88', resolucion: null })));
    expect(remision).toContain('Remisión');
    expect(remision).toContain('No. RM-88');
    expect(remision).not.toContain('Factura electrónica de venta');
    expect(remision).not.toContain('Resolución DIAN');

    const pedido = textoPdf(
      await renderFacturaVenta(
        facturaDePrueba({ clase: 'PEDIDO', numero: null, resolucion: null, fecha_factura: null, formas_pago: [], valor_recibido_efectivo: null, cambio: 0, modo_factura: null, facturador: null }),
      ),
    );
    expect(pedido).toContain('Pedido');
    expect(pedido).not.toContain('No. FE');
    expect(pedido).toContain('Venta No. 4512');
    expect(pedido).toContain('Sin formas de pago: la venta no se ha facturado.');
    expect(pedido).toContain('Sin facturar');
  });

  it("prints a credit sale's due date under its invoice date, on letter and on 80 mm; a cash sale has none", async () => {
    const credito = { modo_factura: 'CR' as const, fecha_vencimiento: '23/12/2026', formas_pago: [{ nombre: 'Crédito', comprobante: null, valor: 484_903.3 }], valor_recibido_efectivo: null };
    for (const formato of ['carta', '80mm'] as const) {
      const texto = textoPdf(await renderFacturaVenta(facturaDePrueba({ ...credito, formato })));
      expect(texto).toContain('Fecha de vencimiento');
      expect(texto).toContain('23/12/2026');
      expect(texto.indexOf('Fecha de factura')).toBeLessThan(texto.indexOf('Fecha de vencimiento'));
      expect(textoPdf(await renderFacturaVenta(facturaDePrueba({ formato })))).not.toContain('Fecha de vencimiento');
    }
  });

  it('marks every page of an annulled sale ANULADA, with the date', async () => {
    const texto = textoPdf(await renderFacturaVenta(facturaDePrueba({ anulada: true, fecha_anulacion: '24/11/2026 08:00 am' })));
    expect(texto.match(/ANULADA/g)?.length).toBeGreaterThanOrEqual(2);
    expect(texto).toContain('el 24/11/2026 08:00 am');
  });

  it('flows a 200-line sale onto more letter pages, repeating the table header and numbering the pages', async () => {
    const lineas = Array.from({ length: 200 }, (_, i) => linea(i + 1, (i % 7) + 1, 10_000 + i * 137.5, i % 5 === 0 ? 5 : 0));
    const pdf = await renderFacturaVenta(facturaDePrueba({ lineas, formas_pago: [] }));
    const paginas = paginasPdf(pdf);
    expect(paginas.length).toBeGreaterThanOrEqual(5);
    expect(paginas.every(([ancho, alto]) => ancho === 612 && alto === 792)).toBe(true);
    const texto = textoPdf(pdf);
    const n = paginas.length;
    for (let p = 1; p <= n; p++) expect(texto).toContain(`Página ${p} de ${n}`);
    // The lines table's header on every page that carries lines, and the continuation title on every page after the first.
    const porPagina = textoPorPaginaPdf(pdf);
    expect(porPagina).toHaveLength(n);
    for (const [i, pagina] of porPagina.entries()) {
      if (/^MEL-\d{3}$/m.test(pagina)) expect(pagina, `página ${i + 1}`).toMatch(/^Valor unitario$/m);
      if (i > 0) expect(pagina).toContain('Factura electrónica de venta No. FE1234 (continuación)');
      expect(pagina).toContain(`Página ${i + 1} de ${n}`);
    }
    expect(porPagina[0]).toContain('María José Pérez Núñez');
    expect(porPagina.at(-1)).toContain('Son: ');
    expect(porPagina.filter((pagina) => /^MEL-\d{3}$/m.test(pagina)).length).toBeGreaterThanOrEqual(n - 1);
    for (const referencia of ['MEL-001', 'MEL-100', 'MEL-200']) expect(texto).toContain(referencia);
  });

  it('continues a very long 80 mm receipt on more pages of the largest height', async () => {
    const lineas = Array.from({ length: 500 }, (_, i) => linea(i + 1, 1, 1_000, 5));
    const pdf = await renderFacturaVenta(facturaDePrueba({ formato: '80mm', lineas }));
    const paginas = paginasPdf(pdf);
    expect(paginas.length).toBeGreaterThan(1);
    expect(paginas.every(([, alto]) => alto === ALTO_MAXIMO_PAGINA)).toBe(true);
    expect(textoPdf(pdf)).toContain(`Página ${paginas.length} de ${paginas.length}`);
  });
});
