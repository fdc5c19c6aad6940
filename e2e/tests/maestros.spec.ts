import { expect, test, type Page } from '@playwright/test';
import { capturar, CLAVE_DEMO, elegirTienda, ingresar } from './apoyo';

async function elegirOpcion(page: Page, dialogo: ReturnType<Page['getByRole']>, campo: string, opcion: string) {
  await dialogo.getByRole('combobox', { name: campo }).click();
  await page.getByRole('option', { name: opcion, exact: true }).click();
}

test('[MAESTROS] crea un proveedor, un tipo de concepto y una máquina', async ({ page, request }) => {
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');

  const maestros = page.getByRole('group', { name: 'Maestros' });
  await expect(maestros.getByRole('link', { name: 'Proveedores', exact: true })).toBeVisible();
  await expect(maestros.getByRole('link', { name: 'Tipos de conceptos' })).toBeVisible();
  await expect(maestros.getByRole('link', { name: 'Máquinas' })).toBeVisible();

  // Proveedores: validations, the NIT taken by a demo supplier, then a supplier on credit.
  await maestros.getByRole('link', { name: 'Proveedores', exact: true }).click();
  await expect(page).toHaveURL(/#\/maestros\/proveedores$/);
  const demo = page.getByRole('row', { name: /Maderas y Tableros del Valle/ });
  await expect(demo).toContainText('900456789-4');
  await expect(demo).toContainText('Sí');
  await expect(demo).toContainText('30 días');
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeHidden();
  await capturar(page, 'maestros-proveedores-lista');

  await page.getByRole('button', { name: 'Crear proveedor' }).click();
  const proveedor = page.getByRole('dialog', { name: 'Registro de proveedor' });
  await proveedor.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(proveedor.getByText('Debe ingresar el nombre del proveedor')).toBeVisible();
  await expect(proveedor.getByText('Debe ingresar el NIT')).toBeVisible();
  await expect(proveedor.getByText('Debe ingresar un número telefónico')).toBeVisible();
  await expect(proveedor.getByText('Debe ingresar un correo electrónico')).toBeVisible();
  await expect(page.getByText('Faltan campos por ingresar')).toBeVisible();
  await expect(proveedor.getByLabel('Plazo crédito (días)')).toBeDisabled();

  await proveedor.getByLabel('Nombre proveedor').fill('Tableros Premium del Caribe S.A.S.');
  await proveedor.getByLabel('NIT').fill('900456789-4');
  await proveedor.getByLabel('Número telefónico').fill('3157778899');
  await proveedor.getByLabel('Correo electrónico').fill('compras@premiumcaribe.test');
  await proveedor.getByLabel('Dirección').fill('Vía 40 # 71-200, Barranquilla');
  await proveedor.getByRole('switch', { name: 'Crédito' }).check({ force: true });
  await proveedor.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(proveedor.getByText('Debe ingresar el plazo del crédito')).toBeVisible();
  await proveedor.getByLabel('Plazo crédito (días)').fill('60');
  await proveedor.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(proveedor.getByText('Ya existe un proveedor con ese NIT')).toBeVisible();
  await capturar(page, 'maestros-proveedor-nit-repetido');
  await proveedor.getByLabel('NIT').fill('900777111-9');
  await proveedor.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Proveedor creado con éxito')).toBeVisible();
  await expect(proveedor).toBeHidden();
  const nuevo = page.getByRole('row', { name: /Tableros Premium del Caribe/ });
  await expect(nuevo).toContainText('900777111-9');
  await expect(nuevo).toContainText('60 días');

  // Editing: credit off empties the term.
  await nuevo.getByRole('button', { name: 'Editar' }).click();
  const edicion = page.getByRole('dialog', { name: 'Registro de proveedor' });
  await expect(edicion.getByLabel('Plazo crédito (días)')).toHaveValue('60');
  await edicion.getByRole('switch', { name: 'Crédito' }).uncheck({ force: true });
  await expect(edicion.getByLabel('Plazo crédito (días)')).toHaveValue('');
  await edicion.getByLabel('Número telefónico').fill('3001112233');
  await edicion.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Proveedor actualizado con éxito')).toBeVisible();
  await expect(nuevo).toContainText('3001112233');
  await expect(nuevo).toContainText('No');
  await expect(nuevo).not.toContainText('días');
  await capturar(page, 'maestros-proveedores-editado');

  // Tipos de conceptos: required name, a repeated name without case, then a new one.
  await maestros.getByRole('link', { name: 'Tipos de conceptos' }).click();
  await expect(page.getByRole('cell', { name: 'Compra de tableros', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Crear tipo concepto' }).click();
  const concepto = page.getByRole('dialog', { name: 'Registro de tipo de concepto' });
  await concepto.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(concepto.getByText('Debe ingresar el nombre del tipo de concepto')).toBeVisible();
  await concepto.getByLabel('Nombre tipo concepto').fill('ARRIENDO');
  await concepto.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(concepto.getByText('Ya existe un tipo de concepto con ese nombre')).toBeVisible();
  await concepto.getByLabel('Nombre tipo concepto').fill('Publicidad y mercadeo');
  await concepto.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Tipo de concepto creado con éxito')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Publicidad y mercadeo', exact: true })).toBeVisible();
  await capturar(page, 'maestros-tipos-conceptos');

  // Máquinas: badges by state, the spec's messages, then a machine for Enchape under maintenance.
  await maestros.getByRole('link', { name: 'Máquinas' }).click();
  await expect(page).toHaveURL(/#\/maestros\/maquinas$/);
  await expect(page.getByRole('row', { name: /COR-01/ })).toContainText('Disponible');
  await expect(page.getByRole('row', { name: /ENC-02/ })).toContainText('Fuera de servicio');
  await page.getByRole('button', { name: 'Agregar máquina' }).click();
  const maquina = page.getByRole('dialog', { name: 'Registro de máquina' });
  await maquina.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(maquina.getByText('Debe ingresar una referencia')).toBeVisible();
  await expect(maquina.getByText('Debe ingresar un nombre')).toBeVisible();
  await expect(maquina.getByText('Debe seleccionar una opción')).toBeVisible();
  await capturar(page, 'maestros-maquina-validacion');
  await maquina.getByLabel('Referencia').fill('enc-01');
  await maquina.getByLabel('Nombre máquina').fill('Enchapadora de cantos preencolados');
  await elegirOpcion(page, maquina, 'Grupo servicio', 'Enchape');
  await elegirOpcion(page, maquina, 'Estado', 'En mantenimiento');
  await maquina.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(maquina.getByText('Ya existe una máquina con esa referencia')).toBeVisible();
  await maquina.getByLabel('Referencia').fill('ENC-03');
  await maquina.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Máquina creada con éxito')).toBeVisible();
  const enc03 = page.getByRole('row', { name: /ENC-03/ });
  await expect(enc03).toContainText('Enchape');
  await expect(enc03).toContainText('En mantenimiento');
  await capturar(page, 'maestros-maquinas-lista');

  // One more machine makes a second page: each arrow shows only when it leads somewhere.
  const ingreso = await request.post('/api/ingreso', { data: { email: 'superadmin@tablero.test', password: CLAVE_DEMO } });
  const token = (await ingreso.json()).data.token as string;
  const creada = await request.post('/api/maestros/maquinas/guardar', {
    headers: { authorization: `Bearer ${token}` },
    // Empaque is service group 6 (spec 002 §9).
    data: { referencia: 'EMP-03', nombre_maquina: 'Selladora de cajas', grupo_servicio_id: 6, estado_maquina_id: 1 },
  });
  expect(creada.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anterior' })).toBeHidden();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('row', { name: /EMP-03/ })).toContainText('Empaque');
  await expect(page.getByRole('button', { name: 'Anterior' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeHidden();
  await capturar(page, 'maestros-maquinas-pagina-2');

  // Editing a machine: put ENC-03 back to work.
  await page.getByRole('button', { name: 'Anterior' }).click();
  await page.getByRole('row', { name: /ENC-03/ }).getByRole('button', { name: 'Editar' }).click();
  const edicionMaquina = page.getByRole('dialog', { name: 'Registro de máquina' });
  await expect(edicionMaquina.getByLabel('Referencia')).toHaveValue('ENC-03');
  await elegirOpcion(page, edicionMaquina, 'Estado', 'Disponible');
  await edicionMaquina.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Máquina actualizada con éxito')).toBeVisible();
  await expect(page.getByRole('row', { name: /ENC-03/ })).toContainText('Disponible');
});

test('[MAESTROS] máquinas: orden y tamaño de página se conservan al guardar; un formulario pide confirmar antes de perder cambios', async ({ page }) => {
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('group', { name: 'Maestros' }).getByRole('link', { name: 'Máquinas' }).click();
  const tabla = page.getByRole('table', { name: 'Máquinas' });
  await expect(tabla.getByRole('row', { name: /COR-01/ })).toBeVisible();

  // Referencia: a first click sorts ascending, a second descending; the choice lives in the address.
  const encabezado = tabla.getByRole('columnheader', { name: 'Referencia' });
  await encabezado.getByRole('button').click();
  await expect(encabezado).toHaveAttribute('aria-sort', 'ascending');
  await encabezado.getByRole('button').click();
  await expect(encabezado).toHaveAttribute('aria-sort', 'descending');
  await page.getByLabel('Filas por página').selectOption('25');
  await expect(page).toHaveURL(/orden=referencia/);
  await expect(page).toHaveURL(/dir=desc/);
  await expect(page).toHaveURL(/filas=25/);
  const referencias = async () => (await tabla.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((texto) => texto.trim());
  await expect.poll(async () => (await referencias())[0]).toBe('ESP-02');
  // Every machine fits in one page of 25: no arrow leads anywhere. Waited for before reading the rows: the page of 10
  // that came before also starts with ESP-02, and shows Siguiente when other journeys have added machines.
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Anterior' })).toBeHidden();
  const ordenadas = await referencias();
  expect(ordenadas).toEqual([...ordenadas].sort().reverse());
  expect(ordenadas.length).toBeGreaterThanOrEqual(9);
  await capturar(page, 'maestros-maquinas-ordenadas');

  // Saving an edit: one toast, the dialog closes, the list keeps its sort and its size.
  await tabla.getByRole('row', { name: /ESP-02/ }).getByRole('button', { name: 'Editar' }).click();
  const edicion = page.getByRole('dialog', { name: 'Registro de máquina' });
  await edicion.getByLabel('Nombre máquina').fill('Taladro múltiple de 21 brocas');
  await edicion.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Máquina actualizada con éxito')).toHaveCount(1);
  await expect(edicion).toBeHidden();
  await expect(tabla.getByRole('row', { name: /ESP-02/ })).toContainText('Taladro múltiple de 21 brocas');
  await expect(encabezado).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByLabel('Filas por página')).toHaveValue('25');
  expect(await referencias()).toEqual(ordenadas);
  await capturar(page, 'maestros-maquinas-editada-mismo-orden');

  // Unsaved changes: Esc does nothing on a form, Cerrar asks first.
  await page.getByRole('button', { name: 'Agregar máquina' }).click();
  const nueva = page.getByRole('dialog', { name: 'Registro de máquina' });
  await nueva.getByLabel('Referencia').fill('COR-09');
  await page.keyboard.press('Escape');
  await expect(nueva).toBeVisible();
  await expect(nueva.getByLabel('Referencia')).toHaveValue('COR-09');
  await nueva.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  const aviso = page.getByRole('dialog', { name: 'Cambios sin guardar' });
  await expect(aviso).toBeVisible();
  await expect(aviso).toContainText('Hay cambios sin guardar');
  await capturar(page, 'maestros-maquina-cambios-sin-guardar');
  await aviso.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(aviso).toBeHidden();
  await expect(nueva.getByLabel('Referencia')).toHaveValue('COR-09');

  // The X asks too; Descartar cambios closes without saving.
  await nueva.getByRole('button', { name: 'Cerrar', exact: true }).first().click();
  await expect(aviso).toBeVisible();
  await aviso.getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(aviso).toBeHidden();
  await expect(nueva).toBeHidden();
  await expect(tabla.getByRole('row', { name: /COR-09/ })).toHaveCount(0);

  // A form closed without changes does not ask.
  await page.getByRole('button', { name: 'Agregar máquina' }).click();
  await nueva.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(nueva).toBeHidden();
  await expect(aviso).toBeHidden();
});

test('[MAESTROS] el operario lee las máquinas de un servicio pero no ve los maestros', async ({ page, request }) => {
  const ingreso = await request.post('/api/ingreso', { data: { email: 'operario@tablero.test', password: CLAVE_DEMO } });
  const token = (await ingreso.json()).data.token as string;
  // Service groups with the ids of spec 002 §9: 3 Servicios especiales, 6 Empaque.
  // (The journey above may have added EMP-03: the demo machines are checked, and every machine's group.)
  for (const [servicio, grupo, demo] of [
    [3, 'Servicios especiales', ['ESP-01', 'ESP-02']],
    [6, 'Empaque', ['EMP-01', 'EMP-02']],
  ] as const) {
    const maquinas = await request.post('/api/maquinas/produccion', { headers: { authorization: `Bearer ${token}` }, data: { servicio } });
    expect(maquinas.ok()).toBe(true);
    const lista = (await maquinas.json()).data.maquinas as { referencia: string; nombre_grupo_servicio: string }[];
    expect(lista.map((m) => m.referencia)).toEqual(expect.arrayContaining([...demo]));
    expect(lista.every((m) => m.nombre_grupo_servicio === grupo)).toBe(true);
  }
  const maestros = await request.get('/api/maestros/maquinas', { headers: { authorization: `Bearer ${token}` } });
  expect(maestros.status()).toBe(403);

  await ingresar(page, 'operario@tablero.test');
  await expect(page.getByRole('link', { name: 'Proveedores', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Máquinas' })).toHaveCount(0);
});
