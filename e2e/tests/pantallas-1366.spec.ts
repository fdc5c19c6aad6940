/// <reference lib="dom" />
// page.evaluate bodies run in the browser: they read the document and the window.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { capturar, elegirTienda, ingresar } from './apoyo';

/** The demo users, one per role (apps/server/src/db/seed/demo.ts), and whether they choose among several stores. */
const USUARIOS = [
  { rol: 'SuperAdministrador', email: 'superadmin@tablero.test', variasTiendas: true },
  { rol: 'Administrador', email: 'admin@tablero.test', variasTiendas: false },
  { rol: 'Vendedor', email: 'vendedor@tablero.test', variasTiendas: true },
  { rol: 'Bodega', email: 'bodega@tablero.test', variasTiendas: false },
  { rol: 'Operario', email: 'operario@tablero.test', variasTiendas: false },
] as const;

/** English, or a program's value, that must never reach the screen's visible text (whole words). */
const PALABRAS_PROHIBIDAS = ['Loading', 'Submit', 'Error:', 'undefined', 'null', 'NaN', 'Cancel', 'Close', 'Search', 'Nothing found', 'Invalid Date'];

/** With PANTALLAS_1366_CAPTURAS=1 every screen visited is also saved (pantallas-1366-<rol>-<entrada>.png) for review. */
const CAPTURAR_CADA_PANTALLA = process.env.PANTALLAS_1366_CAPTURAS === '1';

const CARPETA_CAPTURAS = path.join(import.meta.dirname, '..', 'screenshots');

/** The page's sideways overflow (the document wider than the window) and the forbidden words in its visible text. */
async function revisar(page: Page): Promise<{ ancho: number | null; prohibidas: string[] }> {
  return page.evaluate((prohibidas) => {
    const raiz = document.documentElement;
    const texto = document.body.innerText;
    const escapar = (palabra: string) => palabra.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return {
      ancho: raiz.scrollWidth > raiz.clientWidth + 1 ? raiz.scrollWidth : null,
      prohibidas: prohibidas.filter((palabra) => new RegExp(`(^|[^\\p{L}])${escapar(palabra)}($|[^\\p{L}])`, 'u').test(texto)),
    };
  }, PALABRAS_PROHIBIDAS);
}

// The five roles are independent (nothing is written): they run on both workers.
test.describe.configure({ mode: 'parallel' });

for (const usuario of USUARIOS) {
  test(`[DISEÑO] a 1366 × 768 el ${usuario.rol} abre cada entrada de su menú: sin desborde lateral, con su título y sin inglés`, async ({ page }) => {
    await ingresar(page, usuario.email);
    if (usuario.variasTiendas) await elegirTienda(page, '001 - Principal');
    // The store chosen by hand reloads the page and then says so; a user with one store has it chosen in place.
    if (usuario.variasTiendas) await expect(page.getByText('Tienda seleccionada')).toBeVisible();
    await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();

    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    const entradas = await menu
      .getByRole('link')
      .evaluateAll((enlaces) => enlaces.map((enlace) => ({ etiqueta: enlace.textContent?.replace(/\d+$/, '').trim() ?? '', href: enlace.getAttribute('href') ?? '' })));
    expect(entradas.length).toBeGreaterThan(1);
    // Each screen waits only for its title: a second or two each, up to five on a machine shared with other work.
    test.setTimeout(30_000 + entradas.length * 5_000);
    // The first screen and the menu as the role finds them, within the window.
    await page.screenshot({ path: path.join(CARPETA_CAPTURAS, `pantallas-1366-${usuario.rol}.png`) });
    await capturar(page, `pantallas-1366-${usuario.rol}-inicio`);

    const problemas: string[] = [];
    for (const { etiqueta, href } of entradas) {
      await page.goto(`/${href}`);
      // The screen's own title: the one of the screen before was marked once checked, and leaves with its screen. A
      // screen's first visit loads its code, slow on a busy machine.
      const titulo = page.getByRole('main').getByRole('heading', { level: 2 }).and(page.locator(':not([data-revisada])')).first();
      await expect(titulo, `el título de ${etiqueta}`).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Cargando…')).toHaveCount(0);
      await titulo.evaluate((elemento) => elemento.setAttribute('data-revisada', ''));
      const { ancho, prohibidas } = await revisar(page);
      if (ancho !== null) problemas.push(`${etiqueta}: la página mide ${ancho} px de ancho`);
      if (prohibidas.length > 0) problemas.push(`${etiqueta}: ${prohibidas.join(', ')}`);
      if (CAPTURAR_CADA_PANTALLA) await page.screenshot({ path: path.join(CARPETA_CAPTURAS, `pantallas-1366-${usuario.rol}-${etiqueta.replace(/\s+/g, '-')}.png`) });
    }
    expect(problemas).toEqual([]);
  });
}

test('[DISEÑO] a 1366 × 768 el día del SuperAdministrador está a la vista en el menú, y el menú avisa que sigue abajo', async ({ page }) => {
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  // Sales, the shop floor and the day's money without scrolling the menu.
  for (const entrada of ['Pedidos', 'Pendiente por facturar', 'Panel control producción', 'Créditos', 'Anticipos', 'Cuadre de caja', 'Cierre de mes']) {
    await expect(menu.getByRole('link', { name: entrada, exact: true }), entrada).toBeInViewport({ ratio: 1 });
  }
  await expect(menu.getByRole('group', { name: 'Dinero' }).getByRole('link')).toHaveText(['Créditos', 'Anticipos', 'Cuadre de caja', 'Cierre de mes', 'Pago a proveedores', 'Caja']);
  // The setup is last, below the fold: the foot of the menu fades over a chevron until it is scrolled to its end.
  const pista = page.getByTestId('menu-mas-abajo');
  await expect(pista).toBeVisible();
  // The fade sits below the day's last entry: 'Cierre de mes' reads undimmed.
  const cierre = await menu.getByRole('link', { name: 'Cierre de mes', exact: true }).getByText('Cierre de mes').boundingBox();
  expect(cierre!.y + cierre!.height).toBeLessThanOrEqual((await pista.boundingBox())!.y + 1);
  await expect(menu.getByRole('link', { name: 'Cajas', exact: true })).not.toBeInViewport();
  await menu.getByRole('link', { name: 'Cajas', exact: true }).scrollIntoViewIfNeeded();
  await expect(pista).toBeHidden();
  await expect(menu.getByRole('link', { name: 'Cajas', exact: true })).toBeInViewport();
  await page.screenshot({ path: path.join(CARPETA_CAPTURAS, 'pantallas-1366-menu-al-final.png') });
});
