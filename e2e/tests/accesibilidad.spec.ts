import { expect, test, type Locator, type Page } from '@playwright/test';
import { MENSAJES_EGRESOS_INGRESOS } from '@tablero/domain';
import { capturar, ingresar } from './apoyo';

// [ACCESIBILIDAD] (docs/decisions-operacion.md, accessibility): a seller and a cashier do a real task with the keyboard
// only (Tab, Enter, Escape and the arrows; no click, no fill), and every dialog they open gives the focus back to the
// button that opened it. The screens they pass are checked by axe-core through `capturar`, as in every journey.

/** Presses Tab until `objetivo` has the focus: it fails when the element is not reachable by keyboard within `maximo`. */
async function tabularHasta(page: Page, objetivo: Locator, maximo = 80): Promise<void> {
  await expect(objetivo).toBeVisible();
  for (let i = 0; i < maximo; i++) {
    if (await objetivo.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(objetivo, `alcanzable con Tab en ${maximo} pulsaciones`).toBeFocused({ timeout: 1 });
}

/**
 * Waits for a dialog's own first focus (its autofocus field, else its first field), which it gives a moment after it
 * shows: a key pressed before it lands somewhere the focus then leaves (a combobox just opened closes under it).
 */
async function esperarFocoEn(dialogo: Locator): Promise<void> {
  await expect(dialogo).toBeVisible();
  await expect.poll(() => dialogo.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

/** Opens a combobox from the keyboard and moves with the arrows to `opcion`, then chooses it with Enter. */
async function elegirConFlechas(page: Page, combo: Locator, opcion: string): Promise<void> {
  await tabularHasta(page, combo);
  await page.keyboard.press('ArrowDown');
  const buscada = page.getByRole('option', { name: opcion, exact: true });
  await expect(buscada).toBeVisible();
  for (let i = 0; i < 20 && (await buscada.getAttribute('data-combobox-selected')) === null; i++) await page.keyboard.press('ArrowDown');
  await expect(buscada).toHaveAttribute('data-combobox-selected');
  await page.keyboard.press('Enter');
  await expect(combo).toHaveValue(opcion);
}

/** The 'Ingreso a tiendas' dialog of a user with several stores, answered with the keyboard. */
async function elegirTiendaConTeclado(page: Page, tienda: string): Promise<void> {
  const dialogo = page.getByRole('dialog', { name: 'Ingreso a tiendas' });
  await esperarFocoEn(dialogo);
  await elegirConFlechas(page, dialogo.getByRole('combobox', { name: 'Tienda' }), tienda);
  await tabularHasta(page, dialogo.getByRole('button', { name: 'Ingresar' }));
  // Choosing reloads the page: the next key must reach the new one (apoyo's elegirTienda).
  const recargada = page.waitForEvent('load');
  await page.keyboard.press('Enter');
  await recargada;
  await expect(page.getByRole('button', { name: tienda })).toBeVisible();
}

/** Reaches a side-menu entry with Tab and opens it with Enter. */
async function abrirDelMenu(page: Page, entrada: string): Promise<void> {
  await tabularHasta(page, page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: entrada }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: entrada, exact: true })).toBeVisible();
}

test('[ACCESIBILIDAD] un vendedor busca un cliente y abre y cierra su ficha con el teclado; el foco vuelve al botón de la fila', async ({ page }) => {
  test.setTimeout(120_000);
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTiendaConTeclado(page, '001 - Principal');
  await abrirDelMenu(page, 'Clientes');

  // The search box filters the list as typed.
  await tabularHasta(page, page.getByRole('textbox', { name: 'Buscar' }));
  await page.keyboard.type('Roble');
  const fila = page.getByRole('row', { name: /Carpintería El Roble S\.A\.S\./ });
  await expect(fila).toBeVisible();
  await expect(page.getByRole('table', { name: 'Clientes' }).locator('tbody tr')).toHaveCount(1);

  // The row's button opens the customer's form; the focus moves into the dialog.
  const abrir = fila.getByRole('button', { name: /^(Editar|Ver) Carpintería El Roble S\.A\.S\.$/ });
  await tabularHasta(page, abrir);
  await page.keyboard.press('Enter');
  const dialogo = page.getByRole('dialog', { name: /^(Editar|Ver) tercero$/ });
  await expect(dialogo.getByRole('textbox', { name: /^Nombres/ })).toHaveValue(/Carpintería El Roble/);
  await esperarFocoEn(dialogo);
  // Tab stays inside the dialog (focus trap): twenty presses never leave it.
  for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
  expect(await dialogo.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await capturar(page, 'accesibilidad-vendedor-ficha');

  // A form dialog is static (spec 000 §9, docs/architecture.md): Escape does not drop it; its Cerrar button does, and
  // the focus returns to the row's button, so the seller goes on from where they were.
  const titulo = await dialogo.getByRole('heading').first().textContent();
  if (titulo === 'Editar tercero') {
    await page.keyboard.press('Escape');
    await expect(dialogo).toBeVisible();
  }
  await tabularHasta(page, dialogo.getByRole('button', { name: 'Cerrar' }).last());
  await page.keyboard.press('Enter');
  await expect(dialogo).toBeHidden();
  await expect(abrir).toBeFocused();
});

test('[ACCESIBILIDAD] un cajero registra un egreso con el teclado; el foco vuelve a «Agregar egreso» y luego al botón de la fila', async ({ page }) => {
  // Two dialogs walked a key at a time: over the default minute on a busy machine.
  test.setTimeout(150_000);
  const descripcion = `Tinta para la impresora ${Date.now() % 100_000}`;
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTiendaConTeclado(page, '001 - Principal');
  await abrirDelMenu(page, 'Cuadre de caja');

  const agregar = page.getByRole('button', { name: 'Agregar egreso' });
  await tabularHasta(page, agregar);
  await page.keyboard.press('Enter');
  const egreso = page.getByRole('dialog', { name: 'Agregar egreso' });
  await esperarFocoEn(egreso);
  await elegirConFlechas(page, egreso.getByRole('combobox', { name: 'Forma de pago' }), 'Efectivo');
  await tabularHasta(page, egreso.getByLabel('Valor'));
  await page.keyboard.type('4321');
  await tabularHasta(page, egreso.getByLabel('Descripción'));
  await page.keyboard.type(descripcion);
  await capturar(page, 'accesibilidad-cajero-egreso');
  // Enter in a field saves the form.
  await tabularHasta(page, egreso.getByLabel('Valor'));
  await page.keyboard.press('Enter');
  await expect(page.getByText(MENSAJES_EGRESOS_INGRESOS.egresoRegistrado)).toHaveCount(1);
  await expect(egreso).toBeHidden();
  await expect(agregar).toBeFocused();

  // The new expense's row: its Editar button opens it by keyboard, and the X closes it back onto that button.
  const fila = page.getByRole('table', { name: 'Egresos' }).locator('tbody tr').filter({ hasText: descripcion });
  await expect(fila).toContainText('$4,321');
  const editar = fila.getByRole('button', { name: `Editar egreso ${descripcion}` });
  await tabularHasta(page, editar);
  await page.keyboard.press('Enter');
  const edicion = page.getByRole('dialog', { name: 'Editar egreso' });
  await expect(edicion.getByLabel('Descripción')).toHaveValue(descripcion);
  await esperarFocoEn(edicion);
  await page.keyboard.press('Escape');
  await expect(edicion).toBeVisible();
  await tabularHasta(page, edicion.getByRole('button', { name: 'Cerrar' }).first());
  await page.keyboard.press('Enter');
  await expect(edicion).toBeHidden();
  await expect(editar).toBeFocused();
});
