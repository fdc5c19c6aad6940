import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const CLAVE_DEMO = 'demo1234';

/** Saves a full-page screenshot under e2e/screenshots/ to be looked at after the run. */
export async function capturar(page: Page, nombre: string): Promise<void> {
  await page.screenshot({ path: path.join(import.meta.dirname, '..', 'screenshots', `${nombre}.png`), fullPage: true });
}

/** Logs in through the login page, as a user would. */
export async function ingresar(page: Page, email: string, clave = CLAVE_DEMO): Promise<void> {
  await page.goto('/#/inicio-sesion');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
}

/** Chooses a store in the 'Ingreso a tiendas' dialog that opens for a user with several stores. */
export async function elegirTienda(page: Page, tienda: string): Promise<void> {
  const dialogo = page.getByRole('dialog', { name: 'Ingreso a tiendas' });
  await expect(dialogo).toBeVisible();
  await dialogo.getByRole('combobox', { name: 'Tienda' }).click();
  await page.getByRole('option', { name: tienda }).click();
  await dialogo.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('button', { name: tienda })).toBeVisible();
}
