import { expect, test, type Locator, type Page } from '@playwright/test';
import { capturar, elegirTienda, ingresar } from './apoyo';

// [PRODUCCIÓN TABLETA] (spec 002 §2.15–§2.18; docs/decisions-produccion.md, "Tableta"): the production screens on a
// tablet held upright (820 × 1180) and on the office screen (1366 × 768): the page never scrolls sideways and each
// screen's main action is on screen without scrolling. As the Operario (Preparación, Gestionar) and as the
// SuperAdministrador (Panel, Generar OP, Indicadores). Nothing is saved: the journey only looks. Screenshots at the
// tablet size (the other production journeys take the 1366 × 768 ones).

const TAMANOS = [
  { nombre: 'tableta', width: 820, height: 1180 },
  { nombre: 'oficina', width: 1366, height: 768 },
] as const;

/** The page does not scroll sideways: what is wider (a table) scrolls inside its own box. */
async function sinDesbordeLateral(page: Page, pantalla: string) {
  const { ancho, visible } = await page.evaluate(() => ({ ancho: document.documentElement.scrollWidth, visible: document.documentElement.clientWidth }));
  expect(ancho, `${pantalla}: sin desplazamiento lateral`).toBeLessThanOrEqual(visible);
}

/** The action is entirely inside the window, without scrolling the page either way. */
async function aLaVista(page: Page, accion: Locator, pantalla: string) {
  await expect(accion, `${pantalla}: la acción principal a la vista`).toBeVisible();
  await expect(accion, `${pantalla}: la acción principal a la vista`).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollX), `${pantalla}: sin desplazarse`).toBe(0);
}

test('[PRODUCCIÓN TABLETA] el operario prepara y gestiona en una tableta sin desplazarse de lado', async ({ page }) => {
  test.setTimeout(60_000);
  await ingresar(page, 'operario@tablero.test');
  // Home settled (the store chosen), so the address typed next is not replaced by the start-up's own.
  await expect(page.getByText('Tienda: 001 - Principal')).toBeVisible();
  for (const tamano of TAMANOS) {
    await page.setViewportSize(tamano);

    // Preparación: Buscar and each OP's Despiece / Preparar material on screen.
    await page.goto('/#/produccion/preparar');
    await expect(page.getByRole('heading', { name: 'Preparación orden producción' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buscar' })).toBeVisible();
    const preparar = page.getByRole('button', { name: /^Preparar material OP \d+$/ }).first();
    await aLaVista(page, (await preparar.count()) > 0 ? preparar : page.getByRole('button', { name: 'Buscar' }), `Preparación ${tamano.nombre}`);
    await sinDesbordeLateral(page, `Preparación ${tamano.nombre}`);
    // The quantity per unit is read beside the pinned actions, not under them.
    const cantidad = await page.getByRole('columnheader', { name: 'Cantidad', exact: true }).boundingBox();
    const acciones = await page.getByRole('columnheader', { name: 'Acciones', exact: true }).boundingBox();
    expect(cantidad!.x + cantidad!.width, `Preparación ${tamano.nombre}: Cantidad bajo Acciones`).toBeLessThanOrEqual(acciones!.x + 1);
    if (tamano.nombre === 'tableta') await capturar(page, `produccion-tableta-preparacion-${tamano.nombre}`);

    // Gestionar: operator, Corte, a machine that may be used, a waiting stage: Iniciar etapa on screen (not pressed).
    await page.goto('/#/produccion/gestion-etapa');
    await page.getByRole('combobox', { name: 'Operario' }).click();
    await page.getByRole('option').first().click();
    await page.getByTestId('gestion-servicio-1').click();
    // The cards appear once it is known which machines are busy (those are disabled).
    const libre = page.locator('[data-testid^="gestion-maquina-"]:not([disabled])').filter({ hasText: 'Disponible' }).first();
    const maquina = page.getByTestId((await libre.getAttribute('data-testid'))!);
    await maquina.click();
    await expect(maquina).toHaveAttribute('aria-pressed', 'true');
    const etapa = page.locator('[data-testid^="gestion-etapa-pendiente-"]').first();
    await etapa.getByRole('button', { name: /^(Seleccionar|Continuar)$/ }).click();
    const iniciar = page.getByTestId('gestion-iniciar');
    await aLaVista(page, iniciar, `Gestionar ${tamano.nombre}`);
    await sinDesbordeLateral(page, `Gestionar ${tamano.nombre}`);
    if (tamano.nombre === 'tableta') await capturar(page, `produccion-tableta-gestion-${tamano.nombre}`);
    // Etapas en proceso of the demo's operator with a stage running: his cards, their buttons, no sideways scroll.
    await page.getByTestId('gestion-modo').getByText('Etapas en proceso').click();
    await page.getByRole('combobox', { name: 'Operario' }).click();
    await page.getByRole('option', { name: /Óscar Operario$/ }).click();
    await expect(page.getByRole('button', { name: 'Finalizar etapa' }).first()).toBeVisible();
    await sinDesbordeLateral(page, `Gestionar en proceso ${tamano.nombre}`);
    if (tamano.nombre === 'tableta') await capturar(page, `produccion-tableta-gestion-proceso-${tamano.nombre}`);
  }
});

test('[PRODUCCIÓN TABLETA] el superadministrador ve el panel, genera OP e indicadores sin desplazarse de lado', async ({ page }) => {
  test.setTimeout(90_000);
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  for (const tamano of TAMANOS) {
    await page.setViewportSize(tamano);

    // Panel: the first OP's actions (the column stays at the table's right edge) and the filters' Buscar.
    await page.goto('/#/produccion');
    await expect(page.getByTestId('panel-tabla')).toBeVisible();
    const despiece = page.getByRole('button', { name: /^Despiece OP \d+$/ }).first();
    await aLaVista(page, (await despiece.count()) > 0 ? despiece : page.getByRole('button', { name: 'Buscar' }), `Panel ${tamano.nombre}`);
    await sinDesbordeLateral(page, `Panel ${tamano.nombre}`);
    if (tamano.nombre === 'tableta') await capturar(page, `produccion-tableta-panel-${tamano.nombre}`);

    // Generar OP: each sale's Crear OP on screen.
    await page.goto('/#/produccion/generar');
    await expect(page.getByRole('button', { name: 'Pendientes producción' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buscar' })).toBeVisible();
    const crear = page.getByRole('button', { name: /^Crear OP venta \d+$/ }).first();
    await aLaVista(page, (await crear.count()) > 0 ? crear : page.getByRole('button', { name: 'Buscar' }), `Generar OP ${tamano.nombre}`);
    await sinDesbordeLateral(page, `Generar OP ${tamano.nombre}`);
    const estado = await page.getByRole('columnheader', { name: 'Estado', exact: true }).boundingBox();
    const accionesGenerar = await page.getByRole('columnheader', { name: 'Acciones', exact: true }).boundingBox();
    expect(estado!.x + estado!.width, `Generar OP ${tamano.nombre}: Estado bajo Acciones`).toBeLessThanOrEqual(accionesGenerar!.x + 1);
    if (tamano.nombre === 'tableta') await capturar(page, `produccion-tableta-generar-${tamano.nombre}`);

    // Indicadores: its range and Exportar on screen.
    await page.goto('/#/produccion/indicadores');
    await expect(page.getByRole('heading', { name: 'Indicadores producción' })).toBeVisible();
    await aLaVista(page, page.getByRole('button', { name: 'Exportar' }), `Indicadores ${tamano.nombre}`);
    await sinDesbordeLateral(page, `Indicadores ${tamano.nombre}`);
    if (tamano.nombre === 'tableta') await capturar(page, `produccion-tableta-indicadores-${tamano.nombre}`);

    // Despachos (the Producción group's third screen) and the SuperAdministrador's own Preparación: the first action on
    // screen, nothing to scroll sideways.
    await page.goto('/#/despachos');
    await expect(page.getByRole('heading', { name: 'Despachos' })).toBeVisible();
    await aLaVista(page, page.getByRole('button', { name: 'Buscar' }), `Despachos ${tamano.nombre}`);
    await sinDesbordeLateral(page, `Despachos ${tamano.nombre}`);
    if (tamano.nombre === 'tableta') await capturar(page, `produccion-tableta-despachos-${tamano.nombre}`);
    await page.goto('/#/produccion/preparar');
    await expect(page.getByRole('heading', { name: 'Preparación orden producción' })).toBeVisible();
    await aLaVista(page, page.getByRole('button', { name: 'Buscar' }), `Preparación (SuperAdministrador) ${tamano.nombre}`);
    await sinDesbordeLateral(page, `Preparación (SuperAdministrador) ${tamano.nombre}`);
  }
});
