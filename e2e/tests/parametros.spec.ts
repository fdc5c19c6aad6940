import { expect, test } from '@playwright/test';
import { capturar, elegirTienda, ingresar } from './apoyo';

test('[PARÁMETROS] crea y edita un parámetro con sus validaciones', async ({ page }) => {
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');

  await page.getByRole('link', { name: 'Parámetros' }).click();
  await expect(page).toHaveURL(/#\/parametros$/);
  await expect(page.getByRole('cell', { name: 'LISTA_GRUPOS_TABLEROS', exact: true })).toBeVisible();
  await capturar(page, 'parametros-lista');

  await page.getByRole('button', { name: 'Agregar parámetro' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Debe ingresar un codigo de parametro')).toBeVisible();
  await expect(modal.getByText('Debe ingresar un valor del parametro')).toBeVisible();
  await capturar(page, 'parametros-validacion');

  await modal.getByLabel('Código parámetro').fill('DIAS_VIGENCIA_COTIZACION');
  await modal.getByLabel('Valor parámetro').fill('15');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Parámetro creado con éxito')).toBeVisible();
  await expect(modal).toBeHidden();

  const fila = page.getByRole('row', { name: /DIAS_VIGENCIA_COTIZACION/ });
  await expect(fila).toContainText('15');
  await fila.getByRole('button', { name: 'Editar' }).click();
  const edicion = page.getByRole('dialog');
  await expect(edicion.getByLabel('Código parámetro')).toHaveValue('DIAS_VIGENCIA_COTIZACION');
  await expect(edicion.getByLabel('Código parámetro')).not.toBeEditable();
  await edicion.getByLabel('Valor parámetro').fill('');
  await edicion.getByRole('button', { name: 'Guardar' }).click();
  await expect(edicion.getByText('Debe ingresar un valor del parametro')).toBeVisible();
  await edicion.getByLabel('Valor parámetro').fill('30');
  await edicion.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Parámetro actualizado con éxito')).toBeVisible();
  await expect(page.getByRole('row', { name: /DIAS_VIGENCIA_COTIZACION/ })).toContainText('30');
  await capturar(page, 'parametros-editado');
});

test('[PARÁMETROS] pagina de a 10 filas y busca por código', async ({ page, request }) => {
  const ingreso = await request.post('/api/ingreso', { data: { email: 'superadmin@tablero.test', password: 'demo1234' } });
  const token = (await ingreso.json()).data.token as string;
  for (let numero = 1; numero <= 6; numero++) {
    const creado = await request.post('/api/parametros/crear', {
      headers: { authorization: `Bearer ${token}` },
      data: { codigo_parametro: `ZONA_DESPACHO_${numero}`, valor_parametro: `Zona ${numero}` },
    });
    expect(creado.ok()).toBe(true);
  }

  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/parametros');
  await expect(page.getByRole('row')).toHaveCount(11); // header + 10 rows
  // spec 001 §9: page links with first and last (boundary) links.
  await expect(page.getByRole('button', { name: 'Primera' })).toBeDisabled();
  await page.getByRole('button', { name: 'Página 2' }).click();
  await expect(page.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Primera' })).toBeEnabled();
  // Other journeys and migrations add parameters too: the second page starts at 11 whatever the total.
  await expect(page.getByText(/Mostrando 11–\d+ de \d+/)).toBeVisible();
  // The codes are in order, so the last page (this one, or a later one when other journeys added parameters) ends with
  // the ZONA_ ones.
  const ultima = page.getByRole('button', { name: 'Última' });
  if (await ultima.isEnabled()) await ultima.click();
  await expect(ultima).toBeDisabled();
  await expect(page.getByRole('cell', { name: 'ZONA_DESPACHO_6', exact: true })).toBeVisible();
  await capturar(page, 'parametros-ultima-pagina');

  await page.getByLabel('Buscar').fill('zona_despacho_3');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Buscar').fill('NO_EXISTE_ESTE_CODIGO');
  await expect(page.getByText('No se encontraron datos')).toBeVisible();
});
