import { expect, test } from '@playwright/test';
import { capturar, elegirTienda, ingresar } from './apoyo';

test('[CUENTAS CRÉDITO] crea una cuenta para un cliente, edita su cupo y registra un pago', async ({ page }) => {
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('link', { name: 'Cuentas crédito' }).click();
  await expect(page).toHaveURL(/#\/cuentas-credito$/);
  await expect(page.getByRole('cell', { name: 'Carpintería El Roble S.A.S.' })).toBeVisible();

  await page.getByRole('button', { name: 'Crear cuenta crédito' }).click();
  const modal = page.getByRole('dialog', { name: 'Crear cuenta crédito' });
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Debe seleccionar un tercero')).toBeVisible();
  await expect(modal.getByText('Debe ingresar un valor')).toBeVisible();
  const cliente = modal.getByRole('combobox', { name: /^Cliente/ });
  await cliente.fill('Ospina');
  await page.getByRole('option', { name: '43876512 - María Fernanda Ospina Gómez' }).click();
  await modal.getByLabel('Total cupo permitido').fill('2000000');
  await capturar(page, 'cuentas-credito-crear');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cuenta crédito creada con éxito')).toBeVisible();
  const fila = page.getByRole('row', { name: /María Fernanda Ospina Gómez/ });
  await expect(fila).toContainText('$2,000,000');

  await fila.getByRole('button', { name: 'Editar' }).click();
  const edicion = page.getByRole('dialog', { name: 'Editar cuenta crédito' });
  await edicion.getByLabel('Total cupo permitido').fill('2500000');
  await edicion.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cuenta crédito actualizada con éxito')).toBeVisible();
  await expect(page.getByRole('row', { name: /María Fernanda Ospina Gómez/ })).toContainText('$2,500,000');
  await capturar(page, 'cuentas-credito-lista');

  await page.getByRole('row', { name: /María Fernanda Ospina Gómez/ }).getByRole('link', { name: 'Pagos' }).click();
  await expect(page).toHaveURL(/#\/cuentas-credito\/43876512$/);
  await expect(page.getByRole('heading', { name: 'Total crédito: $0' })).toBeVisible();
  await expect(page.getByText('No se han registrado créditos')).toBeVisible();
  await expect(page.getByText('No se han registrado pagos')).toBeVisible();
  await page.getByRole('link', { name: 'Volver' }).click();

  // A customer whose account already has credit used (demo data) receives a payment.
  await page.getByRole('row', { name: /Carpintería El Roble/ }).getByRole('link', { name: 'Pagos' }).click();
  await expect(page.getByRole('heading', { name: 'Total crédito: $1,990,000' })).toBeVisible();
  await page.getByRole('button', { name: 'Realizar pago' }).click();
  const pago = page.getByRole('dialog', { name: 'Realizar pago' });
  await pago.getByLabel('Valor a pagar').fill('1990000');
  await pago.getByRole('button', { name: 'Pagar' }).click();
  await expect(pago.getByText('Debe ingresar un valor de pago válido')).toBeVisible();
  await pago.getByLabel('Valor a pagar').fill('300000');
  await pago.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByText('Pago registrado con éxito')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Total crédito: $1,690,000' })).toBeVisible();
  const fila_pago = page.getByRole('row', { name: /\$300,000/ });
  await expect(fila_pago).toContainText('Valentina Vendedora');
  await capturar(page, 'cuentas-credito-detalle-pago');
});

test('[CUENTAS CRÉDITO] un cliente sin cuenta vuelve a la lista con su mensaje', async ({ page }) => {
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/cuentas-credito/98562314');
  await expect(page.getByText('El tercero no tiene una cuenta crédito')).toBeVisible();
  await expect(page).toHaveURL(/#\/cuentas-credito$/);

  // Once the account exists, its detail opens (the earlier answer is not reused).
  await page.getByRole('button', { name: 'Crear cuenta crédito' }).click();
  const modal = page.getByRole('dialog', { name: 'Crear cuenta crédito' });
  await modal.getByRole('combobox', { name: /^Cliente/ }).fill('98562314');
  await page.getByRole('option', { name: /^98562314 - / }).click();
  await modal.getByLabel('Total cupo permitido').fill('1000000');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cuenta crédito creada con éxito')).toBeVisible();
  await page.getByRole('row', { name: /98562314/ }).getByRole('link', { name: 'Pagos' }).click();
  await expect(page.getByRole('heading', { name: 'Total crédito: $0' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/#\/cuentas-credito\/98562314$/);
});
