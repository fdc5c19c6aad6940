import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

export const CLAVE_DEMO = 'demo1234';

/** The WCAG 2.1 A and AA rules: the level every screen must meet (docs/architecture.md §7). */
const REGLAS_WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Impacts that fail a journey; 'moderate' and 'minor' findings are left to review, not to the build. */
const IMPACTOS_GRAVES = new Set(['serious', 'critical']);

/**
 * Where this run remembers the screen states it has already captured and checked: one empty file per state, created
 * exclusively, so the two workers never both claim one. The global setup (e2e/global-setup.ts) empties the
 * screenshots folder, and with it this record, at the start of a run.
 */
const CARPETA_REVISADAS = path.join(import.meta.dirname, '..', 'screenshots', '.revisadas');

/**
 * A screen state, as the accessibility check and a person reviewing the screenshots tell them apart: the route (with
 * its ids and documents as ':n'), the open dialogs by name, and the set of kinds of element shown (tag, role, Mantine
 * part, variant, invalid, disabled, checked, expanded). The same list with more or other rows is the same state; the
 * list empty, with an error under a field, a new badge or alert, or a dialog open over it is another.
 */
async function estadoDePantalla(page: Page): Promise<string> {
  return page.evaluate(() => {
    const ruta = location.hash.replace(/^#/, '').split('?')[0]!.replace(/\/[^/]*\d[^/]*/g, '/:n');
    const dialogos = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
      .map((d) => d.getAttribute('aria-label') ?? document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent ?? '')
      .sort();
    const clases = new Set<string>();
    for (const el of document.body.querySelectorAll('*')) {
      const caja = el.getBoundingClientRect();
      if (caja.width === 0 && caja.height === 0) continue;
      const partes = [...el.classList].filter((c) => c.startsWith('mantine-')).sort().join('.');
      const atributos = ['role', 'data-variant', 'aria-invalid', 'data-disabled', 'aria-checked', 'aria-expanded', 'aria-selected']
        .map((a) => (el.hasAttribute(a) ? `${a}=${el.getAttribute(a)}` : ''))
        .join(',');
      clases.add(`${el.tagName}|${partes}|${atributos}`);
    }
    return JSON.stringify([ruta, dialogos, [...clases].sort()]);
  });
}

/** Claims `estado` for this run: true the first time any worker shows it, false after. */
async function esNuevo(estado: string): Promise<boolean> {
  await mkdir(CARPETA_REVISADAS, { recursive: true });
  const huella = createHash('sha256').update(estado).digest('hex').slice(0, 32);
  try {
    await writeFile(path.join(CARPETA_REVISADAS, huella), '', { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Evidence and accessibility of a screen a journey shows. The first time a screen state appears in the run (see
 * `estadoDePantalla`), a full-page screenshot is saved under e2e/screenshots/ to be looked at after the run, and
 * axe-core checks the screen: a serious or critical WCAG A/AA violation fails the journey with the rule, its help and
 * where it happens. A state already captured and checked in this run (by this journey or another) is not taken
 * again: the screenshot and the scan would be the same. A failing step gets its own screenshot from Playwright
 * (`screenshot: 'only-on-failure'`).
 */
export async function capturar(page: Page, nombre: string): Promise<void> {
  // The screen as the user reads it: no list still reading (a list being read again keeps its rows dimmed, which
  // neither the picture nor axe's contrast check should see). A list that keeps reading (a live screen) is taken as it is.
  await expect(page.locator('[aria-busy="true"]'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  if (!(await esNuevo(await estadoDePantalla(page)))) return;
  await page.screenshot({ path: path.join(import.meta.dirname, '..', 'screenshots', `${nombre}.png`), fullPage: true });
  await revisarAccesibilidad(page, nombre);
}

/** Runs axe-core on the page as it is and fails on serious or critical violations. */
export async function revisarAccesibilidad(page: Page, nombre: string): Promise<void> {
  // The check's time is added to the journey's budget: a long journey on a busy machine does not time out because its
  // screens are also checked (each journey's own timeout stays what it needs for its steps). While axe runs, a
  // 30-second allowance; after it, exactly the time it took.
  const { timeout } = test.info();
  const inicio = Date.now();
  if (timeout > 0) test.info().setTimeout(timeout + 30_000);
  // Only the violations' details are built (not every passing node's). Legacy mode runs axe.run() in the page itself:
  // the default mode runs each frame apart and then merges the parts in a blank page it opens and closes for every
  // scan, which costs a new renderer each time (0.7–1.1 s a scan against 0.3 s, measured on the product list) for
  // frames of other origins that Tablero's screens do not have. The rules and their findings are the same.
  const resultado = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(REGLAS_WCAG)
    .options({ resultTypes: ['violations'] })
    .analyze();
  if (timeout > 0) test.info().setTimeout(timeout + (Date.now() - inicio));
  const graves = resultado.violations.filter((v) => IMPACTOS_GRAVES.has(v.impact ?? ''));
  const detalle = graves.map(
    (v) =>
      `- ${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 3)
        .map((n) => `    ${n.target.join(' ')}`)
        .join('\n') +
      (v.nodes.length > 3 ? `\n    … y ${v.nodes.length - 3} más` : ''),
  );
  expect(detalle, `Accesibilidad (axe-core) en «${nombre}»`).toEqual([]);
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
  // Choosing reloads the page (spec 000 §2.4): the store's name shows before the reload, so wait for the new page, or
  // the next click lands on the page being left and is lost.
  const recargada = page.waitForEvent('load');
  await dialogo.getByRole('button', { name: 'Ingresar' }).click();
  await recargada;
  await expect(page.getByRole('button', { name: tienda })).toBeVisible();
}
