import { expect, test, type Locator, type Page } from '@playwright/test';
import { MENSAJE_DV_NIT } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';

/** Chooses an option of a searchable select by typing part of it. */
async function elegir(page: Page, dialogo: Locator, campo: RegExp, texto: string, opcion: string) {
  const combo = dialogo.getByRole('combobox', { name: campo });
  await combo.click();
  await combo.fill(texto);
  await page.getByRole('option', { name: opcion, exact: true }).click();
}

test('[TERCEROS] crea un cliente en Medellín, le registra un abono y lo ve en el historial', async ({ page }) => {
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Clientes' }).click();
  await expect(page).toHaveURL(/#\/terceros$/);
  // Staff and customers, each with its profile. (Found by search: other journeys add customers, and the list is
  // newest first, so which page holds the demo's is not this journey's to know.)
  await page.getByLabel('Buscar').fill('didier valencia');
  await expect(page.getByRole('row', { name: /Didier Valencia/ })).toContainText('Mensajero');
  await page.getByLabel('Buscar').fill('carpinteria el roble');
  await expect(page.getByRole('row', { name: /Carpintería El Roble S.A.S./ })).toContainText('Cliente');
  await page.getByRole('button', { name: 'Limpiar búsqueda' }).click();
  // spec 001: Previous/Next paging on this screen.
  const paginacion = page.getByRole('navigation', { name: 'Paginación' });
  await paginacion.getByRole('button', { name: 'Siguiente' }).click();
  await expect(paginacion.getByText('Página 2 de')).toBeVisible();
  await capturar(page, 'terceros-lista');
  await paginacion.getByRole('button', { name: 'Anterior' }).click();
  await expect(paginacion.getByText('Página 1 de')).toBeVisible();

  await page.getByRole('button', { name: 'Agregar tercero' }).click();
  const modal = page.getByRole('dialog', { name: 'Agregar tercero' });
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Debe ingresar un número de documento')).toBeVisible();
  await expect(modal.getByText('Debe ingresar un nombre')).toBeVisible();
  await expect(modal.getByText('Debe ingresar una dirección de residencia')).toBeVisible();
  await expect(page.getByText('Faltan campos por ingresar').first()).toBeVisible();
  await capturar(page, 'terceros-validacion');

  await modal.getByLabel('Número de documento').fill('1036999888');
  await modal.getByLabel('Nombres').fill('Natalia');
  await modal.getByLabel('Apellidos').fill('Gaviria Mejía');
  await modal.getByLabel('Correo electrónico').fill('natalia.gaviria@correo.test');
  await modal.getByLabel('Número celular').fill('3126667788');
  await modal.getByLabel('Dirección de residencia').fill('Carrera 43A # 1-50, El Poblado');
  await elegir(page, modal, /^País/, 'Colom', 'Colombia');
  await elegir(page, modal, /^Departamento/, 'Antio', 'Antioquia');
  await elegir(page, modal, /^Ciudad/, 'Medel', 'Medellín');
  // spec 001 §4: changing the department clears the city.
  await elegir(page, modal, /^Departamento/, 'Cundina', 'Cundinamarca');
  await expect(modal.getByRole('combobox', { name: /^Ciudad/ })).toHaveValue('');
  await elegir(page, modal, /^Departamento/, 'Antio', 'Antioquia');
  // Typed without the accent: every searchable select forgives it.
  await elegir(page, modal, /^Ciudad/, 'medellin', 'Medellín');
  // A NIT with a wrong check digit says so, on the field and in the toast, not 'Faltan campos por ingresar'.
  const tipoDocumento = modal.getByRole('combobox', { name: /^Tipo de documento/ });
  await tipoDocumento.click();
  await page.getByRole('option', { name: 'NIT', exact: true }).click();
  await modal.getByLabel('Número de documento').fill('800197268-5');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText(MENSAJE_DV_NIT)).toBeVisible();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: MENSAJE_DV_NIT })).toBeVisible();
  await capturar(page, 'terceros-nit-digito-verificacion');
  await tipoDocumento.click();
  await page.getByRole('option', { name: 'Cédula de ciudadanía', exact: true }).click();
  await modal.getByLabel('Número de documento').fill('1036999888');
  await capturar(page, 'terceros-formulario-cliente');
  // The list read again once she is saved (its first page, the one with her).
  const recargada = page.waitForResponse(
    async (r) => r.request().method() === 'GET' && /\/api\/terceros\?/.test(r.url()) && (await r.text()).includes('"1036999888"'),
  );
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tercero creado con éxito')).toBeVisible();
  await expect(modal).toBeHidden();
  // Newest first: the customer just created heads page 1. Journeys run alongside this one create customers too: one
  // saved between her and the list's reading comes above her, and only such a one may.
  const primeraPagina = (await (await recargada).json()).data.terceros.data as { id: number; numero_documento: string; nombres: string; apellidos: string | null }[];
  const posicion = primeraPagina.findIndex((t) => t.numero_documento === '1036999888');
  expect(primeraPagina.slice(0, posicion).every((t) => t.id > primeraPagina[posicion]!.id)).toBe(true);
  const filasClientes = page.getByRole('table', { name: 'Clientes' }).locator('tbody tr');
  await expect(filasClientes.first()).toContainText([primeraPagina[0]!.nombres, primeraPagina[0]!.apellidos].filter(Boolean).join(' '));
  await expect(filasClientes.nth(posicion)).toContainText('Natalia Gaviria Mejía');

  await page.getByLabel('Buscar').fill('gaviria mej');
  await expect(page.getByRole('row')).toHaveCount(2);
  const fila = page.getByRole('row', { name: /Natalia Gaviria Mejía/ });
  await expect(fila).toContainText('1036999888');
  await expect(fila).toContainText('Cliente');
  await expect(fila).toContainText('Activo');

  // spec 001 §5: with no movements yet the history closes at once with 'No se encontraron datos'.
  await fila.getByRole('button', { name: 'Historial de abonos de Natalia Gaviria Mejía' }).click();
  await expect(page.getByText('No se encontraron datos').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Natalia Gaviria Mejía' })).toBeHidden();

  await fila.getByRole('button', { name: 'Agregar abono a Natalia Gaviria Mejía' }).click();
  const abono = page.getByRole('dialog', { name: 'Abono de Natalia Gaviria Mejía' });
  await abono.getByRole('button', { name: 'Guardar' }).click();
  await expect(abono.getByText('Debe ingresar un valor de abono válido')).toBeVisible();
  await abono.getByLabel('Valor a abonar').fill('250000');
  await expect(abono.getByLabel('Valor a abonar')).toHaveValue('$ 250,000');
  // Enter twice in a row saves once: two submits in the same instant (before the screen can show the first one
  // saving) leave one abono, and the balance below is 250,000, not 500,000.
  await abono.locator('form').evaluate((formulario) => {
    const envio = formulario as unknown as { requestSubmit: () => void };
    envio.requestSubmit();
    envio.requestSubmit();
  });
  await expect(page.getByText('Abono registrado con éxito')).toBeVisible();
  await expect(page.getByRole('row', { name: /Natalia Gaviria Mejía/ })).toContainText('$250,000');

  await page.getByRole('button', { name: 'Historial de abonos de Natalia Gaviria Mejía' }).click();
  const historial = page.getByRole('dialog', { name: 'Natalia Gaviria Mejía' });
  const movimiento = historial.getByRole('row', { name: /Abono/ }).last();
  await expect(movimiento).toContainText('$250,000');
  await expect(movimiento).toContainText('Sara Administradora General');
  await capturar(page, 'terceros-historial-abono');
  await historial.getByRole('button', { name: 'Cerrar' }).click();
  await expect(historial).toBeHidden();
});

test('[TERCEROS] crea un vendedor con contraseña, sale e ingresa como ese vendedor', async ({ page }) => {
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/terceros');

  await page.getByRole('button', { name: 'Agregar tercero' }).click();
  const modal = page.getByRole('dialog', { name: 'Agregar tercero' });
  const tipo = modal.getByRole('combobox', { name: /^Tipo de tercero/ });
  await tipo.click();
  await page.getByRole('option', { name: 'Vendedor', exact: true }).click();
  await expect(modal.getByLabel('Contraseña')).toBeVisible();
  await modal.getByLabel('Número de documento').fill('1017555444');
  await modal.getByLabel('Nombres').fill('Sebastián');
  await modal.getByLabel('Apellidos').fill('Uribe Vendedor');
  await modal.getByLabel('Correo electrónico').fill('sebastian.uribe@tablero.test');
  await modal.getByLabel('Número celular').fill('3157778899');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Debe ingresar una contraseña')).toBeVisible();
  await modal.getByLabel('Contraseña').fill('Ventas-2026');
  await expect(modal.getByText('001 - Principal')).toBeVisible();
  await capturar(page, 'terceros-formulario-vendedor');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tercero creado con éxito')).toBeVisible();
  await expect(page.getByRole('row', { name: /Sebastián Uribe Vendedor/ })).toContainText('Vendedor');

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/#\/inicio-sesion$/);
  await ingresar(page, 'sebastian.uribe@tablero.test', 'Ventas-2026');
  await expect(page.getByText('Sebastián Uribe Vendedor').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Clientes' })).toBeVisible();
  await capturar(page, 'terceros-vendedor-ingresa');
});

test('[TERCEROS] Clientes en el inicio y el menú solo para SuperAdministrador y Vendedor; Cuentas crédito para todos', async ({ page }) => {
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  // Vendedor: the Clientes home button and menu entry, Cuentas crédito, no Maestros group.
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await expect(menu.getByRole('link', { name: 'Clientes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Clientes' })).toHaveCount(2);
  await expect(menu.getByRole('link', { name: 'Cuentas crédito' })).toBeVisible();
  await expect(menu.getByText('Maestros', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();

  // Bodega: neither the home button nor the menu entry, but Cuentas crédito; its Maestros group (the menu by daily use,
  // docs/decisions.md) holds Productos and Inventario.
  await ingresar(page, 'bodega@tablero.test');
  await expect(menu.getByRole('link', { name: 'Cuentas crédito' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Clientes' })).toHaveCount(0);
  await expect(menu.getByRole('group', { name: 'Maestros' }).getByRole('link', { name: 'Inventario' })).toBeVisible();
});


test('[TERCEROS] un Vendedor ve al personal en modo lectura (sin contraseña ni Guardar) y edita clientes', async ({ page }) => {
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.goto('/#/terceros');

  // A staff member with a user account: the row offers 'Ver', reachable and opened with the keyboard.
  await page.getByLabel('Buscar').fill('bernardo bodega');
  const fila = page.getByRole('row', { name: /Bernardo Bodega/ });
  await expect(fila).toContainText('Bodega');
  await expect(fila.getByRole('button', { name: 'Editar Bernardo Bodega' })).toHaveCount(0);
  const ver = fila.getByRole('button', { name: 'Ver Bernardo Bodega' });
  await ver.focus();
  await page.keyboard.press('Enter');
  const lectura = page.getByRole('dialog', { name: 'Ver tercero' });
  await expect(lectura.getByText('Solo un administrador puede editar este tercero')).toBeVisible();
  await expect(lectura.getByLabel('Nombres')).toHaveValue('Bernardo');
  await expect(lectura.getByLabel('Nombres')).toBeDisabled();
  await expect(lectura.getByLabel('Correo electrónico')).toBeDisabled();
  await expect(lectura.getByRole('combobox', { name: /^Tipo de documento/ })).toBeDisabled();
  await expect(lectura.getByLabel('Tipo de tercero')).toHaveValue('Bodega');
  await expect(lectura.getByLabel('Tipo de tercero')).toBeDisabled();
  await expect(lectura.getByLabel('Contraseña')).toHaveCount(0);
  await expect(lectura.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
  await capturar(page, 'terceros-vendedor-ve-personal');
  const cerrar = lectura.locator('form').getByRole('button', { name: 'Cerrar' });
  await cerrar.scrollIntoViewIfNeeded();
  await capturar(page, 'terceros-vendedor-ve-personal-pie');
  await cerrar.click();
  await expect(lectura).toBeHidden();

  // A customer stays editable: the full form, and saving it is accepted.
  await page.getByLabel('Buscar').fill('carpinteria el roble');
  await page.getByRole('button', { name: 'Editar Carpintería El Roble S.A.S.' }).click();
  const edicion = page.getByRole('dialog', { name: 'Editar tercero' });
  await expect(edicion.getByLabel('Nombres')).toHaveValue('Carpintería El Roble');
  await expect(edicion.getByLabel('Nombres')).toBeEnabled();
  await expect(edicion.getByLabel('Dirección de residencia')).toBeEnabled();
  await expect(edicion.getByText('Solo un administrador puede editar este tercero')).toHaveCount(0);
  await edicion.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tercero actualizado con éxito')).toBeVisible();
  await expect(edicion).toBeHidden();
});
