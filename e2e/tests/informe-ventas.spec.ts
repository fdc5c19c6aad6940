import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { hoyNegocio } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { asegurarRangos, crearCliente, crearVentaPendiente, facturarEnEfectivo, moneda, sesionApi, TIENDA, type ProductoDemo } from './apoyo-ventas';

// [INFORME DE VENTAS] docs/decisions-informe-ventas.md: the SuperAdministrador sets a commission rate for a category,
// opens the report, switches groupings, sees the chart and downloads the product grouping's .xlsx. The journey creates
// its own category and product (no cost: 'Sin costo') and sells 3 of them, so it asserts only its own rows: other
// journeys' sales move every other figure.

test('[INFORME DE VENTAS] comisión por categoría, agrupaciones, gráfico y exportación', async ({ page, request }) => {
  test.setTimeout(90_000);
  await asegurarRangos(request);
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const marca = `${Date.now() % 1_000_000}`;
  const nombreCategoria = `Informe ${marca}`;
  const referencia = `INF-${marca}`;

  const categoria = await request.post('/api/maestros/categorias-productos/crear', { headers: cabeceras, data: { nombre_categoria_producto: nombreCategoria } });
  expect(categoria.ok(), await categoria.text()).toBe(true);
  const categoriaId = (await categoria.json()).data.id as number;
  const productos = (await (await request.get('/api/productos?no_page=1', { headers: cabeceras })).json()).data.productos as (ProductoDemo & { impuesto_id: number; proveedor_id: number })[];
  const modelo = productos[0]!;
  const producto = await request.post('/api/productos/crear', {
    headers: cabeceras,
    data: {
      referencia, nombre_producto: `Producto del informe ${marca}`, precio_unitario: 10_000, cantidad: 10, impuesto_id: modelo.impuesto_id, proveedor_id: modelo.proveedor_id,
      grupo_id: 4, linea_id: 8, categoria_producto_id: categoriaId, codigo_tienda: TIENDA,
    },
  });
  expect(producto.ok(), await producto.text()).toBe(true);
  const cliente = await crearCliente(request, cabeceras, `Informe ${marca}`);
  const { ventaId, total } = await crearVentaPendiente(request, cabeceras, cliente.id, { lineas: [{ referencia, cantidad: 3 }] });
  await facturarEnEfectivo(request, cabeceras, ventaId, total);

  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Informe de ventas' }).click();
  await expect(page).toHaveURL(/#\/informe-ventas$/);
  await expect(page.getByRole('heading', { name: 'Informe de ventas' })).toBeVisible();

  // Commissions: 2.5 % for the journey's category (Enter twice saves once: the rate is replaced, never duplicated).
  await page.getByRole('tab', { name: 'Comisiones' }).click();
  await expect(page).toHaveURL(/agrupar=comisiones/);
  const formulario = page.getByRole('form', { name: 'Fijar comisión' });
  await formulario.getByText('Categoría', { exact: true }).click();
  await formulario.getByRole('combobox', { name: 'Categoría' }).fill(nombreCategoria);
  await page.getByRole('option', { name: nombreCategoria }).click();
  await formulario.getByRole('textbox', { name: 'Porcentaje' }).fill('2.5');
  await formulario.getByRole('textbox', { name: 'Porcentaje' }).press('Enter');
  await expect(page.getByText('Comisión guardada')).toBeVisible();
  const filaComision = page.getByRole('table', { name: 'Comisiones' }).getByRole('row').filter({ hasText: nombreCategoria });
  await expect(filaComision).toHaveCount(1);
  await expect(filaComision).toContainText('2.5 %');
  await capturar(page, 'informe-ventas-comisiones');

  // By seller: the cards, the chart and the table; the commission of the seller (Sara) comes only from this category
  // (no other rate exists): 2.5 % of 30,000.
  await page.getByRole('tab', { name: 'Por vendedor' }).click();
  await expect(page.getByRole('figure', { name: 'Venta neta por vendedor' })).toBeVisible();
  await expect(page.getByTestId('total-comisiones')).toBeVisible();
  const sara = page.getByTestId('fila-informe').filter({ hasText: 'Sara Administradora General' });
  await expect(sara).toBeVisible();
  await expect(sara.getByRole('cell').last()).toHaveText(moneda(750));
  // The commission column is in sight at 1366 × 768 (the table does not scroll sideways).
  await expect(page.getByRole('columnheader', { name: 'Comisión' })).toBeInViewport({ ratio: 1 });
  await capturar(page, 'informe-ventas-vendedor');

  // By product: the journey's product, 3 units, $30,000 before taxes, no cost.
  await page.getByRole('tab', { name: 'Por producto' }).click();
  await expect(page).toHaveURL(/agrupar=producto/);
  await expect(page.getByRole('figure', { name: /Venta neta por producto|de mayor venta neta/ }).or(page.getByLabel('Venta neta por producto'))).toBeVisible();
  const fila = page.getByTestId('fila-informe').filter({ hasText: referencia });
  await expect(fila).toHaveCount(1);
  const celdas = fila.getByRole('cell');
  await expect(celdas.nth(1)).toContainText('3');
  await expect(celdas.nth(2)).toHaveText('1');
  await expect(celdas.nth(5)).toHaveText(moneda(30_000));
  await expect(celdas.nth(7)).toHaveText('Sin costo');
  await capturar(page, 'informe-ventas-producto');

  // By category: the journey's category holds exactly its sale.
  await page.getByRole('tab', { name: 'Por categoría' }).click();
  const filaCategoria = page.getByTestId('fila-informe').filter({ hasText: nombreCategoria });
  await expect(filaCategoria.getByRole('cell').nth(4)).toHaveText(moneda(30_000));
  await page.getByRole('tab', { name: 'Por tienda' }).click();
  await expect(page.getByTestId('fila-informe').filter({ hasText: 'Principal' })).toBeVisible();
  await capturar(page, 'informe-ventas-tienda');

  // The product grouping's .xlsx holds the same row. A reload keeps the tab (the address holds it).
  await page.getByRole('tab', { name: 'Por producto' }).click();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Por producto' })).toHaveAttribute('aria-selected', 'true');
  const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
  expect(descarga.suggestedFilename()).toBe('Informe de ventas por producto.xlsx');
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile(await descarga.path());
  const hoja = libro.getWorksheet('Por producto')!;
  const filas: unknown[][] = [];
  hoja.eachRow((f) => filas.push((f.values as unknown[]).slice(1)));
  const mia = filas.find((f) => f[0] === referencia)!;
  expect(mia.slice(0, 3)).toEqual([referencia, `Producto del informe ${marca}`, 3]);
  expect(mia[7]).toBe(30_000);
  expect(mia.slice(10, 12)).toEqual(['Sin costo', 'Sin costo']);
  expect(filas.at(-1)![0]).toContain(`Del ${hoyNegocio().slice(0, 8)}01 al ${hoyNegocio()}`);
});
