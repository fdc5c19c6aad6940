import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const CLAVE_DEMO = 'demo1234';

/** Saves a full-page screenshot under e2e/screenshots/ to be looked at after the run. */
export async function capturar(page: Page, nombre: string): Promise<void> {
  await page.screenshot({ path: path.join(import.meta.dirname, '..', 'screenshots', `${nombre}.png`), fullPage: true });
}

/**
 * Logs in as `email` the way a returning user arrives: the session comes from the login API and is stored where the
 * app keeps it, and the app opens on home. The login page itself is walked, click by click, by the [SESIÓN] journeys
 * (`ingresarConFormulario`); skipping it elsewhere saves a page and a form per journey. A user with several stores then
 * sees 'Ingreso a tiendas', as after the form.
 */
export async function ingresar(page: Page, email: string, clave = CLAVE_DEMO): Promise<void> {
  const respuesta = await page.request.post('/api/ingreso', { data: { email, password: clave } });
  expect(respuesta.status(), `ingreso de ${email}`).toBe(200);
  const sesion = JSON.stringify(((await respuesta.json()) as { data: unknown }).data);
  // A small page of the same origin first, so the app starts afresh with the stored session even when it was open.
  await page.goto('/api/salud');
  await page.evaluate((valor) => localStorage.setItem('tablero.sesion', valor), sesion);
  await page.goto('/#/');
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
}

/** Logs in through the login page, as a user would. */
export async function ingresarConFormulario(page: Page, email: string, clave = CLAVE_DEMO): Promise<void> {
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
