import { expect, test, type Page } from '@playwright/test';
import { capturar, elegirTienda, ingresar } from './apoyo';

const LISTA_PARAMETROS = '**/api/parametros';
const EDITAR_PARAMETRO = '**/api/parametros/*/editar';

async function entrarComoSuperadmin(page: Page): Promise<void> {
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
}

/** The toasts on screen with the given text (Mantine renders each toast as an alert). */
function toasts(page: Page, texto: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: texto });
}

test('[ERRORES] una pantalla que falla al dibujarse muestra el aviso en español y conserva la sesión', async ({ page }) => {
  await entrarComoSuperadmin(page);
  // A list with a row that is not an object: the screen throws while rendering it.
  await page.route(LISTA_PARAMETROS, (ruta) =>
    ruta.request().method() === 'GET'
      ? ruta.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: { parametros: [null] } }) })
      : ruta.fallback(),
  );

  await page.getByRole('link', { name: 'Parámetros' }).click();
  await expect(page.getByRole('heading', { name: 'Algo salió mal' })).toBeVisible();
  await expect(page.getByText('Ocurrió un error inesperado al mostrar esta pantalla', { exact: false })).toBeVisible();
  // Never the router's English page nor a stack trace.
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  const texto = await page.locator('body').innerText();
  expect(texto).not.toMatch(/TypeError|Cannot read|Hey developer|\bat \S+ \(/);
  // The frame stays: top bar, menu and session.
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Parámetros' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tablero.sesion'))).not.toBeNull();
  await capturar(page, 'errores-pantalla-fallida');

  await page.getByRole('button', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { name: 'Algo salió mal' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
});

test('[ERRORES] el código de una pantalla que no se pudo descargar muestra el mismo aviso', async ({ page }) => {
  await entrarComoSuperadmin(page);
  // As after a new version is deployed while the page is open: the screen's file is gone.
  await page.route('**/assets/maquinas-*.js', (ruta) => ruta.abort('failed'));
  await page.getByRole('link', { name: 'Máquinas' }).click();
  await expect(page.getByRole('heading', { name: 'Algo salió mal' })).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await capturar(page, 'errores-pantalla-sin-descargar');
  await page.getByRole('button', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/#\/$/);
});

test('[ERRORES] dos llamadas que fallan seguidas muestran un solo aviso de error', async ({ page }) => {
  await entrarComoSuperadmin(page);
  await page.getByRole('link', { name: 'Parámetros' }).click();
  const fila = page.getByRole('row', { name: /LISTA_GRUPOS_TABLEROS/ });
  await expect(fila).toBeVisible();

  // The save fails with a 500, held until the loading overlay is seen, so it shows and then ends.
  let soltar = () => {};
  let liberada = Promise.resolve();
  await page.route(EDITAR_PARAMETRO, async (ruta) => {
    await liberada;
    await ruta.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Falla simulada del servidor' }) });
  });
  await fila.getByRole('button', { name: 'Editar' }).click();
  const modal = page.getByRole('dialog');
  const cargando = page.getByLabel('Cargando');
  for (let intento = 1; intento <= 2; intento += 1) {
    liberada = new Promise<void>((resolver) => (soltar = resolver));
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await expect(cargando).toBeVisible();
    soltar();
    // The toast is shown before the call rejects, so once the overlay is gone it is on screen;
    // counted at once (no retrying) so an old toast closing by itself cannot hide a duplicate.
    await expect(cargando).toBeHidden();
    expect(await toasts(page, 'Falla simulada del servidor').count()).toBe(1);
  }
  expect(await toasts(page, 'Error').count()).toBe(1);
  await capturar(page, 'errores-un-solo-aviso');
});

test('[ERRORES] una llamada sin respuesta termina la espera con un mensaje en español', async ({ page }) => {
  // Only in this journey: the timeout is short so it can be seen without waiting 30 s.
  await page.addInitScript('window.__tableroEsperaApiMs = 2000;');
  await entrarComoSuperadmin(page);
  await page.getByRole('link', { name: 'Parámetros' }).click();
  const fila = page.getByRole('row', { name: /LISTA_GRUPOS_TABLEROS/ });
  await expect(fila).toBeVisible();

  // The server never answers the save.
  await page.route(EDITAR_PARAMETRO, () => undefined);
  await fila.getByRole('button', { name: 'Editar' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  const cargando = page.getByLabel('Cargando');
  await expect(cargando).toBeVisible();
  await expect(toasts(page, 'El servidor tardó demasiado en responder. Intente de nuevo')).toHaveCount(1);
  await expect(cargando).toBeHidden();
  await expect(modal).toBeVisible();
  await capturar(page, 'errores-tiempo-agotado');

  // The connection fails: another Spanish message, which replaces the previous error.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.route(EDITAR_PARAMETRO, (ruta) => ruta.abort('failed'));
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(toasts(page, 'No se pudo conectar con el servidor. Revise su conexión e intente de nuevo')).toHaveCount(1);
  // Well before its own 6 s are over: it was replaced, not left to close by itself.
  await expect(toasts(page, 'El servidor tardó demasiado en responder')).toHaveCount(0, { timeout: 1000 });
  await expect(cargando).toBeHidden();

  // The server is back: the save works and its success clears the pending error.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(toasts(page, 'Parámetro actualizado con éxito')).toHaveCount(1);
  await expect(toasts(page, 'No se pudo conectar con el servidor')).toHaveCount(0, { timeout: 1000 });
  await expect(modal).toBeHidden();
  await capturar(page, 'errores-exito-limpia-error');
});
