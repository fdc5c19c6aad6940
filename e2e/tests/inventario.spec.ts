import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { capturar, ingresar } from './apoyo';

async function elegir(page: Page, etiqueta: string, opcion: string) {
  await page.getByRole('combobox', { name: etiqueta, exact: true }).click();
  await page.getByRole('option', { name: opcion, exact: true }).click();
}

async function subirCsv(page: Page, nombre: string, contenido: string) {
  const carpeta = test.info().outputPath();
  const archivo = path.join(carpeta, nombre);
  const { mkdir, writeFile } = await import('node:fs/promises');
  await mkdir(carpeta, { recursive: true });
  await writeFile(archivo, contenido);
  await page.getByRole('dialog', { name: 'Cargar inventario desde CSV' }).locator('input[type="file"]').setInputFiles(archivo);
}

test('[INVENTARIO] agrega cantidad, carga un CSV con error y luego uno bueno, y exporta a xlsx', async ({ page }) => {
  await ingresar(page, 'bodega@tablero.test');
  await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();
  // Menu entry and home button: Bodega and SuperAdministrador see Inventario in both (docs/decisions-productos.md,
  // Inicio).
  await expect(page.getByRole('link', { name: 'Inventario', exact: true })).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Productos', exact: true })).toHaveCount(2);
  await page.getByRole('link', { name: 'Inventario', exact: true }).first().click();
  await expect(page).toHaveURL(/#\/inventario$/);
  await expect(page.getByRole('heading', { name: 'Inventario de productos' })).toBeVisible();

  // Add quantity from the row of a product found by an accent-less search.
  await page.getByLabel('Buscar').fill('corredera telescopica 45');
  const fila = page.getByRole('row', { name: /COR-TEL-45/ });
  await expect(fila).toContainText('60');
  await fila.getByRole('button', { name: 'Agregar cantidad a COR-TEL-45' }).click();
  const formulario = page.getByRole('dialog', { name: 'Agregar cantidad al inventario' });
  await formulario.getByRole('button', { name: 'Guardar' }).click();
  await expect(formulario.getByText('Debe ingresar una cantidad en inventario')).toBeVisible();
  await formulario.getByLabel('Precio unitario').fill('0');
  await formulario.getByRole('button', { name: 'Guardar' }).click();
  await expect(formulario.getByText('Debe ingresar un precio unitario')).toBeVisible();
  await formulario.getByLabel('Precio unitario').fill('19900');
  await expect(formulario.getByLabel('Precio unitario')).toHaveValue('$ 19,900');
  // The quantity is in the product's unit (docs/decisions.md, Inventario): a decimal comma stays on screen with a
  // message, never read as 25; a pair of slides is counted in units, so 2.5 is refused naming the product.
  const cantidad = formulario.getByLabel('Cantidad a agregar');
  await cantidad.pressSequentially('2,5');
  await expect(formulario.getByText('Use punto para decimales: 2.5')).toBeVisible();
  await cantidad.fill('2.5');
  await expect(cantidad).toHaveValue('2.5');
  await formulario.getByRole('button', { name: 'Guardar' }).click();
  await expect(formulario.getByText('La cantidad de Corredera telescópica 45 cm (par) debe ser un número entero')).toBeVisible();
  await expect(cantidad).toHaveValue('2.5');
  await capturar(page, 'inventario-cantidad-entera');
  await cantidad.fill('15');
  await capturar(page, 'inventario-agregar');
  await formulario.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Inventario actualizado con éxito')).toBeVisible();
  await expect(fila).toContainText('75');
  await expect(fila).toContainText('$19,900');

  await fila.getByRole('button', { name: 'Kárdex de COR-TEL-45' }).click();
  const kardex = page.getByRole('dialog', { name: 'Kárdex del producto' });
  await expect(kardex.getByRole('row').nth(1)).toContainText('+15');
  await expect(kardex.getByRole('row').nth(1)).toContainText('75');
  await expect(kardex.getByRole('row').nth(1)).toContainText('Bernardo Bodega');
  await capturar(page, 'inventario-kardex');
  await kardex.locator('.mantine-Modal-close').click();

  // A CSV with a bad row loads nothing and lists the row's error.
  await page.getByRole('button', { name: 'Cargar CSV' }).click();
  const carga = page.getByRole('dialog', { name: 'Cargar inventario desde CSV' });
  await carga.getByRole('button', { name: 'Confirmar carga' }).click();
  await expect(carga.getByText('Debe seleccionar un archivo')).toBeVisible();
  // Only CSV files: another file is refused at once, before anything is read or sent.
  await subirCsv(page, 'inventario.xlsx', 'PK\u0003\u0004');
  await expect(carga.getByText('Solo se aceptan archivos CSV')).toBeVisible();
  await expect(carga.getByRole('button', { name: 'Confirmar carga' })).toBeDisabled();
  await capturar(page, 'inventario-csv-no-csv');
  // A blank quantity is a row error (never one unit) and a price with more than 2 decimals is refused; ambiguous numbers
  // ('2,5' as a quantity, '8.300' as a price) are row errors too (docs/decisions-productos.md, Carga CSV), and so is a
  // fraction of a product counted in units (docs/decisions.md, Inventario).
  await subirCsv(
    page,
    'inventario-malo.csv',
    'referencia;cantidad;precio\nCOR-TEL-45;5;20000\nNO-EXISTE-99;2;100\nBIS-CL-35;-3;6900\nMAN-BOT-NG;;3100\nMAN-BAR-128;2;8300.555\nBIS-CL-35;2,5;6900\nMAN-BOT-NG;1;8.300\nMAN-BOT-NG;2.5;8300\n',
  );
  await expect(carga.getByText('Solo se aceptan archivos CSV')).toBeHidden();
  await expect(carga.getByText('Fila 3: la referencia NO-EXISTE-99 no existe')).toBeVisible();
  await expect(carga.getByText('Fila 4: la cantidad "-3": El número no puede ser negativo')).toBeVisible();
  await expect(carga.getByText('Fila 5: falta la cantidad')).toBeVisible();
  await expect(carga.getByText('Fila 6: el precio "8300.555": Máximo 2 decimales')).toBeVisible();
  await expect(carga.getByText('Fila 7: la cantidad "2,5": Use punto para decimales: 2.5')).toBeVisible();
  await expect(carga.getByText('Fila 8: el precio "8.300": ¿Miles o decimales? Escriba 8,300 o 8.30')).toBeVisible();
  await expect(carga.getByText('Fila 9: La cantidad de Manija botón negra debe ser un número entero')).toBeVisible();
  await expect(carga.getByRole('button', { name: 'Confirmar carga' })).toBeDisabled();
  await capturar(page, 'inventario-csv-errores');

  // A good file shows the preview (nothing applied yet), then loads on confirmation.
  // A price with a thousands comma ('20,000', '8,300') is read as that many pesos, shown before anything loads.
  await subirCsv(page, 'inventario-bueno.csv', 'referencia;cantidad;precio\nCOR-TEL-45;5;20,000\nBIS-CL-35;10;\n');
  const previa = carga.getByRole('table', { name: 'Vista previa de la carga' });
  await expect(carga.getByText('Vista previa: 2 filas, 2 productos. Aún no se ha cargado nada.')).toBeVisible();
  await expect(previa.getByRole('row').nth(1)).toHaveText(['2', 'COR-TEL-45', 'Corredera telescópica 45 cm (par)', '75', '80', '$19,900', '$20,000'].join(''));
  await expect(previa.getByRole('row').nth(2)).toContainText('BIS-CL-35');
  await expect(previa.getByRole('row').nth(2)).toContainText('Sin cambio');
  // Another file replaces the preview: '8,300' is 8,300 pesos.
  await subirCsv(page, 'inventario-miles.csv', 'referencia;cantidad;precio\nMAN-BOT-NG;1;8,300\n');
  await expect(carga.getByText('Vista previa: 1 fila, 1 producto. Aún no se ha cargado nada.')).toBeVisible();
  await expect(previa.getByRole('row').nth(1)).toContainText('$8,300');
  await capturar(page, 'inventario-csv-previa-miles');
  await subirCsv(page, 'inventario-bueno.csv', 'referencia;cantidad;precio\nCOR-TEL-45;5;20,000\nBIS-CL-35;10;\n');
  await expect(carga.getByText('Vista previa: 2 filas, 2 productos. Aún no se ha cargado nada.')).toBeVisible();
  await capturar(page, 'inventario-csv-previa');
  // Nothing applied yet: the list behind the dialog (its row comes first) still shows 75.
  await expect(fila.first()).toContainText('75');
  // Enter twice on the confirm button loads once: the balance grows by 5, not 10. The load is held until both keys are
  // pressed, so the second Enter lands while the first load runs (a quick answer would close the dialog first and hand
  // the focus back to 'Cargar CSV', whose Enter rightly opens a new, empty dialog).
  let soltar = () => {};
  const pulsadas = new Promise<void>((resolver) => (soltar = resolver));
  let envios = 0;
  await page.route('**/api/inventarios/carga-masiva', async (ruta) => {
    envios += 1;
    await pulsadas;
    await ruta.continue();
  });
  await carga.getByRole('button', { name: 'Confirmar carga' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  soltar();
  await expect(page.getByText('Inventario cargado con éxito: 2 filas, 2 productos')).toBeVisible();
  await expect(carga).toBeHidden();
  expect(envios).toBe(1);
  await capturar(page, 'inventario-csv-bueno');
  await expect(fila).toContainText('80');
  await expect(fila).toContainText('$20,000');
  await fila.getByRole('button', { name: 'Kárdex de COR-TEL-45' }).click();
  await expect(kardex.getByRole('row').nth(1)).toContainText('Carga masiva');
  await expect(kardex.getByRole('row').nth(2)).toContainText('+15');
  await kardex.locator('.mantine-Modal-close').click();

  // Export: group required; then a real .xlsx with the store's products.
  await page.getByRole('button', { name: 'Exportar' }).click();
  const exportar = page.getByRole('dialog', { name: 'Exportar productos' });
  await exportar.getByRole('button', { name: 'Exportar' }).click();
  await expect(exportar.getByText('Debe seleccionar al menos un grupo')).toBeVisible();
  await elegir(page, 'Grupo', 'Herrajes');
  await elegir(page, 'Línea', 'Correderas');
  await capturar(page, 'inventario-exportar');
  const descarga = page.waitForEvent('download');
  await exportar.getByRole('button', { name: 'Exportar' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(/^productos-001-herrajes-correderas\.xlsx$/);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load((await readFile(await archivo.path())) as unknown as ArrayBuffer);
  const hoja = libro.getWorksheet('Productos')!;
  const filas = hoja.getSheetValues().filter(Boolean) as unknown[][];
  const corredera = filas.find((valores) => valores[1] === 'COR-TEL-45');
  expect(corredera).toEqual(expect.arrayContaining(['COR-TEL-45', 'Corredera telescópica 45 cm (par)', 'Herrajes', 'Correderas', 80, 20000]));
});

test('[INVENTARIO] agrega 2.5 m a un tapacanto y lo ve con sus decimales en la lista y en el kárdex', async ({ page }) => {
  await ingresar(page, 'bodega@tablero.test');
  await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();
  await page.goto('/#/inventario');
  // An edge band is sold by the metre (measure type ML): its stock keeps fractions (docs/decisions.md, Inventario).
  await page.getByLabel('Buscar').fill('TC-GG-22-FLX');
  const fila = page.getByRole('row', { name: /TC-GG-22-FLX/ });
  await expect(fila).toContainText('250');
  await fila.getByRole('button', { name: 'Agregar cantidad a TC-GG-22-FLX' }).click();
  const formulario = page.getByRole('dialog', { name: 'Agregar cantidad al inventario' });
  await formulario.getByLabel('Cantidad a agregar').fill('2.5');
  await capturar(page, 'inventario-agregar-metros');
  await formulario.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Inventario actualizado con éxito')).toBeVisible();
  await expect(fila).toContainText('252.5');
  await fila.getByRole('button', { name: 'Kárdex de TC-GG-22-FLX' }).click();
  const kardex = page.getByRole('dialog', { name: 'Kárdex del producto' });
  await expect(kardex.getByRole('row').nth(1)).toContainText('+2.5');
  await expect(kardex.getByRole('row').nth(1)).toContainText('252.5');
  await capturar(page, 'inventario-kardex-metros');
});

test('[INVENTARIO] la búsqueda de productos resalta los que no tienen existencias y selecciona con un clic', async ({ page }) => {
  await ingresar(page, 'bodega@tablero.test');
  await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();
  await page.goto('/#/inventario');
  await page.getByRole('button', { name: 'Agregar cantidad', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Seleccione el producto' });
  await modal.getByLabel('Buscar producto').fill('corredera');
  await expect(modal.getByRole('row')).toHaveCount(3);
  const sinStock = modal.getByRole('row', { name: /COR-TEL-50/ });
  await expect(sinStock).toHaveAttribute('data-sin-stock', 'true');
  await expect(modal.getByRole('row', { name: /COR-TEL-45/ })).not.toHaveAttribute('data-sin-stock', 'true');
  await capturar(page, 'inventario-busqueda-modal');
  await sinStock.click();
  await expect(page.getByRole('dialog', { name: 'Agregar cantidad al inventario' })).toContainText('COR-TEL-50');
});

test('[INVENTARIO] la vista previa de un CSV grande pagina sus filas y Cancelar no carga nada', async ({ page }) => {
  await ingresar(page, 'bodega@tablero.test');
  await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();
  await page.goto('/#/inventario');
  await page.getByLabel('Buscar').fill('COR-TEL-45');
  const fila = page.getByRole('row', { name: /COR-TEL-45/ }).first();
  // The row is whole once its reservation figures arrived (a request of their own, docs/decisions-reservas.md).
  await expect(fila.locator('[data-reservas]')).toHaveCount(1);
  const antes = (await fila.textContent()) ?? '';
  await page.getByRole('button', { name: 'Cargar CSV' }).click();
  const carga = page.getByRole('dialog', { name: 'Cargar inventario desde CSV' });
  const filas = Array.from({ length: 1200 }, (_, i) => `${i % 2 === 0 ? 'COR-TEL-45' : 'BIS-CL-35'};1;${i % 3 === 0 ? '1,250.50' : ''}`);
  await subirCsv(page, 'inventario-grande.csv', `referencia;cantidad;precio\n${filas.join('\n')}\n`);
  await expect(carga.getByText('Vista previa: 1,200 filas, 2 productos. Aún no se ha cargado nada.')).toBeVisible();
  await expect(carga.getByText('Mostrando 1–100 de 1,200')).toBeVisible();
  const previa = carga.getByRole('table', { name: 'Vista previa de la carga' });
  await expect(previa.getByRole('row')).toHaveCount(101);
  await carga.getByRole('button', { name: 'Página 2', exact: true }).click();
  await expect(carga.getByText('Mostrando 101–200 de 1,200')).toBeVisible();
  await expect(previa.getByRole('row').nth(1)).toContainText('102');
  await capturar(page, 'inventario-csv-previa-grande');
  await carga.getByRole('button', { name: 'Cancelar' }).click();
  await expect(carga).toBeHidden();
  await page.reload();
  await page.getByLabel('Buscar').fill('COR-TEL-45');
  await expect(fila).toHaveText(antes);
});
