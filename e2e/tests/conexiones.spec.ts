import { expect, test } from '@playwright/test';
import { capturar, CLAVE_DEMO, elegirTienda, ingresar } from './apoyo';

test('[CONEXIONES] renombra y revoca la conexión de otro usuario', async ({ page, request }) => {
  // The seller logs in from a second machine: that is the connection to manage.
  const ingreso = await request.post('/api/ingreso', {
    data: { email: 'vendedor@tablero.test', password: CLAVE_DEMO },
    headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' },
  });
  expect(ingreso.ok()).toBe(true);
  const tokenVendedor = (await ingreso.json()).data.token as string;

  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('link', { name: 'Conexiones' }).click();
  await expect(page).toHaveURL(/#\/conexiones$/);

  // The seller's connections, newest first. Journeys run alongside this one log the seller in too (from this Linux
  // browser): the one opened from Windows above is told apart by the browser and system it is named after.
  await page.getByLabel('Buscar').fill('vendedor@tablero.test');
  const fila = page.getByRole('row', { name: /vendedor@tablero\.test - Valentina Vendedora/ }).filter({ hasText: 'Chrome en Windows' });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText('Chrome en Windows');
  await capturar(page, 'conexiones-lista');

  await fila.getByRole('button', { name: 'Editar' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Nombre de la conexión').fill('');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Debe ingresar un nombre')).toBeVisible();
  await modal.getByLabel('Nombre de la conexión').fill('Caja mostrador Norte');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Conexión actualizada con éxito')).toBeVisible();

  const renombrada = page.getByRole('row', { name: /Caja mostrador Norte/ });
  await expect(renombrada).toContainText('Activa');
  await renombrada.getByRole('button', { name: 'Revocar' }).click();
  const confirmacion = page.getByRole('dialog', { name: 'Revocar conexión' });
  // A static confirmation: Esc leaves it open, only its buttons answer it.
  await page.keyboard.press('Escape');
  await expect(confirmacion).toBeVisible();
  await capturar(page, 'conexiones-confirmar-revocar');
  await confirmacion.getByRole('button', { name: 'Revocar' }).click();
  await expect(page.getByText('Conexión revocada con éxito')).toHaveCount(1);
  await expect(confirmacion).toBeHidden();
  await expect(page.getByRole('row', { name: /Caja mostrador Norte/ })).toContainText('Cerrada');
  await capturar(page, 'conexiones-revocada');

  // The revoked token is refused at once.
  const despues = await request.get('/api/parametros/LISTA_GRUPOS_TABLEROS', {
    headers: { authorization: `Bearer ${tokenVendedor}` },
  });
  expect(despues.status()).toBe(401);
});
