import { expect, test } from '@playwright/test';
import { MENSAJES_RETAL } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { sesionApi, valorParametro } from './apoyo-ventas';

// In the 'serie' project (playwright.config.ts): it breaks a base price parameter for a moment, and every offcut
// calculator open meanwhile, in any journey, would read it broken.

test('[RETALES] con un precio base que no es un valor, la calculadora lo dice y no crea la venta', async ({ page, request }) => {
  const superadmin = await sesionApi(request, 'superadmin@tablero.test');
  const original = await valorParametro(request, superadmin, 'VALOR_BASE_CANTO_FLEXIBLE');
  const editar = (valor: string) => request.put('/api/parametros/VALOR_BASE_CANTO_FLEXIBLE/editar', { headers: superadmin, data: { valor_parametro: valor } });
  expect((await editar('tres mil')).ok()).toBe(true);
  try {
    await page.setViewportSize({ width: 1366, height: 768 });
    await ingresar(page, 'vendedor@tablero.test');
    await elegirTienda(page, '001 - Principal');
    await page.getByRole('main').getByRole('button', { name: 'Retales' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Calculadora de retales' });
    await expect(dialogo.getByText(MENSAJES_RETAL.sinPrecios)).toBeVisible();
    await expect(dialogo.getByText(/VALOR_BASE_CANTO_FLEXIBLE\. Un SuperAdministrador/)).toBeVisible();
    await dialogo.getByLabel('Base (mm)').fill('600');
    await dialogo.getByLabel('Altura (mm)').fill('400');
    await expect(dialogo.getByRole('button', { name: 'Crear venta' })).toBeDisabled();
    await expect(dialogo.getByRole('cell', { name: 'Total con IVA', exact: true })).toHaveText('—');
    await capturar(page, 'retales-sin-precios');
  } finally {
    expect((await editar(original)).ok()).toBe(true);
  }
});
