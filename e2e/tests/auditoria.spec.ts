import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { capturar, elegirTienda, ingresar } from './apoyo';

test('[AUDITORÍA] un cambio de configuración aparece con quién, desde dónde, antes y después, y se exporta', async ({ page }) => {
  const codigo = `PLAZO_AUDITORIA_${Date.now()}`;
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');

  // A setting created and then changed through its own screen.
  await page.getByRole('link', { name: 'Parámetros' }).click();
  await page.getByRole('button', { name: 'Agregar parámetro' }).click();
  const alta = page.getByRole('dialog');
  await alta.getByLabel('Código parámetro').fill(codigo);
  await alta.getByLabel('Valor parámetro').fill('15');
  await alta.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Parámetro creado con éxito')).toBeVisible();
  // Found by its code: the list pages by code, and a new one may fall on any page.
  await page.getByRole('textbox', { name: 'Buscar' }).fill(codigo);
  await page.getByRole('row', { name: new RegExp(codigo) }).getByRole('button', { name: 'Editar' }).click();
  const edicion = page.getByRole('dialog');
  await edicion.getByLabel('Valor parámetro').fill('20');
  await edicion.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Parámetro actualizado con éxito')).toBeVisible();

  await page.getByRole('link', { name: 'Auditoría' }).click();
  await expect(page).toHaveURL(/#\/maestros\/auditoria$/);
  await expect(page.getByRole('heading', { name: 'Auditoría' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await capturar(page, 'auditoria-lista');

  // The module found without its accent, and the record by its code.
  await page.getByRole('combobox', { name: 'Módulo' }).fill('parametros');
  await page.getByRole('option', { name: 'Parámetros' }).click();
  await page.getByRole('textbox', { name: 'Registro' }).fill(codigo);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const filas = page.getByRole('row').filter({ hasText: codigo });
  await expect(filas).toHaveCount(2);
  const cambio = filas.nth(0);
  await expect(cambio).toContainText('Sara Administradora General');
  await expect(cambio).toContainText('SuperAdministrador');
  await expect(cambio).toContainText('Cambio');
  await expect(cambio).toContainText('Valor: 15 → 20');
  await expect(filas.nth(1)).toContainText('Creación');
  await capturar(page, 'auditoria-filtrada');
  // The applied filters live in the address: a reload finds the same two changes.
  await expect(page).toHaveURL(/[?&]modulo=parametros/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Módulo' })).toHaveValue('Parámetros');
  await expect(page.getByRole('textbox', { name: 'Registro' })).toHaveValue(codigo);
  await expect(filas).toHaveCount(2);

  // The detail: every field before and after; Escape closes it and the focus goes back to the row's button.
  const ver = cambio.getByRole('button', { name: `Ver detalle Parámetro ${codigo}` });
  await ver.click();
  const detalle = page.getByRole('dialog', { name: `Parámetro ${codigo}` });
  await expect(detalle).toBeVisible();
  const valor = detalle.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Valor', exact: true }) });
  await expect(valor.getByRole('cell').nth(1)).toHaveText('15');
  await expect(valor.getByRole('cell').nth(2)).toHaveText('20');
  await expect(detalle).toContainText('Parámetros');
  await capturar(page, 'auditoria-detalle');
  await page.keyboard.press('Escape');
  await expect(detalle).toBeHidden();
  await expect(ver).toBeFocused();

  // The export holds the same two changes.
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(/^Auditoría \d{4}-\d{2}-\d{2} a \d{4}-\d{2}-\d{2}\.xlsx$/);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile(await archivo.path());
  const hoja = libro.getWorksheet('Auditoría')!;
  expect(hoja.rowCount).toBe(3);
  expect(hoja.getRow(2).getCell(9).value).toBe('Cambio');
  expect(String(hoja.getRow(2).getCell(10).value)).toBe('Valor: 15');
  expect(String(hoja.getRow(2).getCell(11).value)).toBe('Valor: 20');

  // A filter that finds nothing says so.
  await page.getByRole('textbox', { name: 'Registro' }).fill('NO_EXISTE');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('No hay cambios con los filtros ingresados')).toBeVisible();
});
