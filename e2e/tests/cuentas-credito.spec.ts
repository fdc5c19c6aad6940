import { expect, test } from '@playwright/test';
import { capturar, elegirTienda, ingresar } from './apoyo';

test('[CUENTAS CRÉDITO] crea una cuenta para un cliente, edita su cupo y registra un pago', async ({ page }) => {
  // The quota and the payments are of the roles that manage credit (docs/decisions.md "Quién mueve el dinero de un crédito").
  await ingresar(page, 'superadmin@tablero.test');
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
  // The term a credit sale of the account is due after (docs/decisions-factura-electronica.md, "Venta a crédito"):
  // 30 days unless changed, whole days from 1 to 365.
  const plazo = modal.getByLabel(/^Plazo \(días\)/);
  await expect(plazo).toHaveValue('30');
  await plazo.fill('400');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('El plazo debe ser un número entero de días entre 1 y 365')).toBeVisible();
  await plazo.fill('45');
  await capturar(page, 'cuentas-credito-crear');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cuenta crédito creada con éxito')).toBeVisible();
  const fila = page.getByRole('row', { name: /María Fernanda Ospina Gómez/ });
  await expect(fila).toContainText('$2,000,000');
  await expect(fila).toContainText('45 días');

  await fila.getByRole('button', { name: 'Editar' }).click();
  const edicion = page.getByRole('dialog', { name: 'Editar cuenta crédito' });
  await expect(edicion.getByLabel(/^Plazo \(días\)/)).toHaveValue('45');
  await edicion.getByLabel('Total cupo permitido').fill('2500000');
  await edicion.getByLabel(/^Plazo \(días\)/).fill('60');
  await edicion.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cuenta crédito actualizada con éxito')).toBeVisible();
  await expect(page.getByRole('row', { name: /María Fernanda Ospina Gómez/ })).toContainText('$2,500,000');
  await expect(page.getByRole('row', { name: /María Fernanda Ospina Gómez/ })).toContainText('60 días');
  await capturar(page, 'cuentas-credito-lista');

  // Creating again for the same customer is refused, typed without accents; the quota stays as it was.
  await page.getByRole('button', { name: 'Crear cuenta crédito' }).click();
  await modal.getByRole('combobox', { name: /^Cliente/ }).fill('ospina gomez');
  await page.getByRole('option', { name: '43876512 - María Fernanda Ospina Gómez' }).click();
  await modal.getByLabel('Total cupo permitido').fill('100');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('El cliente ya tiene una cuenta crédito. Use Editar en su fila para cambiar el cupo').first()).toBeVisible();
  await capturar(page, 'cuentas-credito-ya-existe');
  // The refused dialog still holds what was typed: closing it asks before dropping it.
  await modal.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('dialog', { name: 'Cambios sin guardar' }).getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('row', { name: /María Fernanda Ospina Gómez/ })).toContainText('$2,500,000');

  await page.getByRole('row', { name: /María Fernanda Ospina Gómez/ }).getByRole('link', { name: 'Pagos' }).click();
  await expect(page).toHaveURL(/#\/cuentas-credito\/43876512$/);
  await expect(page.getByRole('heading', { name: 'Total crédito: $0' })).toBeVisible();
  await expect(page.getByText('No se han registrado créditos')).toBeVisible();
  await expect(page.getByText('No se han registrado pagos')).toBeVisible();
  await page.getByRole('link', { name: 'Volver' }).click();

  // A customer whose account already has credit used (demo data: three credit invoices billed in store 001, one of them
  // partly paid) receives a payment, applied to the oldest pending invoices first. More than the debt is refused.
  await page.getByRole('row', { name: /Carpintería El Roble/ }).getByRole('link', { name: 'Pagos' }).click();
  await expect(page.getByRole('heading', { name: 'Total crédito: $2,199,739' })).toBeVisible();
  await page.getByRole('button', { name: 'Realizar pago' }).click();
  const pago = page.getByRole('dialog', { name: 'Realizar pago' });
  await pago.getByLabel('Valor a pagar').fill('2199740');
  await pago.getByRole('button', { name: 'Pagar' }).click();
  await expect(pago.getByText('Debe ingresar un valor de pago válido')).toBeVisible();
  await pago.getByLabel('Valor a pagar').fill('300000');
  await pago.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByText('Pago registrado con éxito')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Total crédito: $1,899,739' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Sara Administradora General/ }).first()).toBeVisible();
  await capturar(page, 'cuentas-credito-detalle-pago');
});

test('[CUENTAS CRÉDITO] un vendedor ve las cuentas y su detalle, sin crear, editar cupos ni registrar pagos', async ({ page }) => {
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('link', { name: 'Cuentas crédito' }).click();
  const fila = page.getByRole('row', { name: /Carpintería El Roble/ });
  await expect(fila).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear cuenta crédito' })).toHaveCount(0);
  await expect(fila.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await capturar(page, 'cuentas-credito-lista-vendedor');
  await fila.getByRole('link', { name: 'Pagos' }).click();
  await expect(page.getByRole('heading', { name: /^Total crédito: / })).toBeVisible();
  await expect(page.getByText('Pagos realizados')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Realizar pago' })).toHaveCount(0);
});

test('[CUENTAS CRÉDITO] un cliente sin cuenta vuelve a la lista con su mensaje', async ({ page }) => {
  await ingresar(page, 'superadmin@tablero.test');
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
  // The detail has every answer it asked for (its credits and its payments, both empty) and stays open.
  await expect(page.getByText('No se han registrado créditos')).toBeVisible();
  await expect(page.getByText('No se han registrado pagos')).toBeVisible();
  await expect(page).toHaveURL(/#\/cuentas-credito\/98562314$/);
});

test('[CUENTAS CRÉDITO] dos clientes con el mismo número (CC y NIT): la pantalla pregunta cuál y abre la cuenta de cada uno', async ({ page }) => {
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');

  // The spec's route by document number: CC 52345678 and NIT 52345678 (demo data) both have an account.
  await page.goto('/#/cuentas-credito/52345678');
  const selector = page.getByRole('dialog', { name: 'Seleccione el cliente' });
  await expect(selector).toBeVisible();
  await expect(selector.getByText('Hay 2 clientes con el número de documento 52345678')).toBeVisible();
  const filaCc = selector.getByRole('row', { name: /Cédula de ciudadanía/ });
  const filaNit = selector.getByRole('row', { name: /NIT/ });
  await expect(filaCc).toContainText('52345678');
  await expect(filaCc).toContainText('Gloria Patricia Henao Ruiz');
  await expect(filaNit).toContainText('52345678');
  await expect(filaNit).toContainText('Ebanistería Henao E.U.');
  await capturar(page, 'cuentas-credito-elegir-cliente');

  await filaNit.getByRole('button', { name: /^Ver cuenta de Ebanistería Henao/ }).click();
  await expect(selector).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Total crédito: $700,672' })).toBeVisible();
  await expect(page.getByText('NIT 52345678 - Ebanistería Henao E.U.')).toBeVisible();
  await expect(page).toHaveURL(/#\/cuentas-credito\/52345678$/);
  await capturar(page, 'cuentas-credito-detalle-nit');

  // The other customer's account, and a payment that changes only hers.
  await page.getByRole('button', { name: 'Cambiar cliente' }).click();
  await selector.getByRole('button', { name: /^Ver cuenta de Gloria Patricia Henao Ruiz/ }).click();
  await expect(page.getByRole('heading', { name: 'Total crédito: $534,072' })).toBeVisible();
  await expect(page.getByText('Cédula de ciudadanía 52345678 - Gloria Patricia Henao Ruiz')).toBeVisible();
  await page.getByRole('button', { name: 'Realizar pago' }).click();
  const pago = page.getByRole('dialog', { name: 'Realizar pago' });
  await pago.getByLabel('Valor a pagar').fill('100000');
  await pago.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByText('Pago registrado con éxito')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Total crédito: $434,072' })).toBeVisible();
  await page.getByRole('button', { name: 'Cambiar cliente' }).click();
  await selector.getByRole('button', { name: /^Ver cuenta de Ebanistería Henao/ }).click();
  await expect(page.getByRole('heading', { name: 'Total crédito: $700,672' })).toBeVisible();

  // From the list each row already names its customer: Pagos opens that account without asking.
  await page.getByRole('link', { name: 'Volver' }).click();
  await page.getByLabel('Buscar').fill('52345678');
  await expect(page.getByRole('row', { name: /52345678/ })).toHaveCount(2);
  await page.getByRole('row', { name: /Gloria Patricia Henao Ruiz/ }).getByRole('link', { name: 'Pagos' }).click();
  await expect(page).toHaveURL(/#\/cuentas-credito\/52345678$/);
  await expect(page.getByRole('heading', { name: 'Total crédito: $434,072' })).toBeVisible();
  await expect(selector).toBeHidden();
  await capturar(page, 'cuentas-credito-detalle-desde-lista');

  // A number with one account opens it directly; a number that is not a document gives the spec's empty state.
  await page.goto('/#/cuentas-credito/900456789');
  await expect(page.getByText('NIT 900456789 - Carpintería El Roble S.A.S.')).toBeVisible();
  await expect(selector).toBeHidden();
  await page.goto('/#/cuentas-credito/abc');
  await expect(page.getByText('El tercero no tiene una cuenta crédito')).toBeVisible();
  await expect(page).toHaveURL(/#\/cuentas-credito$/);
});
