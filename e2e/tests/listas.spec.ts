import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { capturar, CLAVE_DEMO, elegirTienda, ingresar } from './apoyo';

/** The demo store the journeys work in (seed: '001 - Principal'). */
const TIENDA = '001';

async function sesionApi(request: APIRequestContext): Promise<Record<string, string>> {
  const ingreso = await request.post('/api/ingreso', { data: { email: 'superadmin@tablero.test', password: CLAVE_DEMO } });
  expect(ingreso.ok()).toBe(true);
  const token = (await ingreso.json()).data.token as string;
  return { authorization: `Bearer ${token}`, 'x-codigo-tienda': TIENDA };
}

/**
 * `cantidad` customers named '<prefijo> NN' (two digits, so sorting by name is their number), created through the
 * API as the screen would; answers their ids in that order.
 */
async function crearClientes(request: APIRequestContext, cabeceras: Record<string, string>, prefijo: string, cantidad: number): Promise<number[]> {
  const base = Date.now() % 1_000_000_000;
  const ids: number[] = [];
  for (let n = 0; n < cantidad; n++) {
    const numero = String(n).padStart(2, '0');
    const respuesta = await request.post('/api/terceros/crear', {
      headers: cabeceras,
      data: {
        tipo_documento_id: 1,
        numero_documento: String(base + n),
        nombres: `${prefijo} ${numero}`,
        apellidos: 'Lista',
        correo_electronico: `${prefijo.toLowerCase()}${numero}.${base}@prueba.test`,
        numero_celular: '3001234567',
        tipo_tercero: 'C',
        tipo_persona: 'Person',
        responsable_iva: false,
        responsabilidad_fiscal: 'R-99-PN',
        direccion_residencia: 'Calle 10 # 43-20',
        country_code: 'CO',
        state_code: '05',
        city_code: '05001',
      },
    });
    expect(respuesta.ok(), await respuesta.text()).toBe(true);
    ids.push((await respuesta.json()).data.tercero.id as number);
  }
  return ids;
}

async function abrirClientes(page: Page) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Clientes' }).click();
  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
}

const tabla = (page: Page) => page.getByRole('table', { name: 'Clientes' });

test('[LISTAS] Clientes ordenados en la página 2: guardar un cliente y volver desde otra pantalla los deja igual', async ({ page, request }) => {
  const cabeceras = await sesionApi(request);
  await crearClientes(request, cabeceras, 'Ordenado', 30);
  await abrirClientes(page);

  await page.getByLabel('Buscar').fill('ordenado lista');
  await expect(page.getByText('Mostrando 1–10 de 30')).toBeVisible();
  const nombres = tabla(page).getByRole('columnheader', { name: 'Nombres completos' });
  await nombres.getByRole('button').click();
  await expect(nombres).toHaveAttribute('aria-sort', 'ascending');
  await expect(tabla(page).locator('tbody tr').first()).toContainText('Ordenado 00 Lista');
  await page.getByRole('navigation', { name: 'Paginación' }).getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Página 2 de 3')).toBeVisible();
  await expect(tabla(page).locator('tbody tr').first()).toContainText('Ordenado 10 Lista');

  // Edit the first customer of page 2 and save: one toast, the dialog closes, the list stays sorted on page 2.
  await page.getByRole('button', { name: 'Editar Ordenado 10 Lista' }).click();
  const edicion = page.getByRole('dialog', { name: 'Editar tercero' });
  await expect(edicion.getByLabel('Nombres')).toHaveValue('Ordenado 10');
  await edicion.getByLabel('Número telefónico').fill('6045551010');
  await capturar(page, 'listas-clientes-editar-en-pagina-2');
  await edicion.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tercero actualizado con éxito')).toBeVisible();
  await expect(edicion).toBeHidden();
  await expect(page.getByText('Tercero actualizado con éxito')).toHaveCount(1);
  await expect(page).toHaveURL(/pagina=2/);
  await expect(page).toHaveURL(/orden=nombres/);
  await expect(nombres).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText('Página 2 de 3')).toBeVisible();
  await expect(page.getByRole('row', { name: /Ordenado 10 Lista/ })).toContainText('6045551010');
  await capturar(page, 'listas-clientes-guardado-pagina-2');

  // Another screen from the menu, then Back: the same search, sort and page.
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Cuentas crédito' }).click();
  await expect(page.getByRole('heading', { name: 'Cuentas crédito' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(page).toHaveURL(/orden=nombres/);
  await expect(page.getByLabel('Buscar')).toHaveValue('ordenado lista');
  await expect(nombres).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText('Página 2 de 3')).toBeVisible();
  await expect(tabla(page).locator('tbody tr').first()).toContainText('Ordenado 10 Lista');
  await capturar(page, 'listas-clientes-volver-atras');
});

test('[LISTAS] Enter dos veces seguidas en el abono registra un solo abono', async ({ page, request }) => {
  const cabeceras = await sesionApi(request);
  const [id] = await crearClientes(request, cabeceras, 'Abonado', 1);
  await abrirClientes(page);

  await page.getByLabel('Buscar').fill('abonado 00');
  await page.getByRole('button', { name: 'Agregar abono a Abonado 00 Lista' }).click();
  const abono = page.getByRole('dialog', { name: 'Abono de Abonado 00 Lista' });
  const valor = abono.getByLabel('Valor a abonar');
  await valor.fill('75000');
  await capturar(page, 'listas-abono-antes-de-enter');
  // Two Enter presses as fast as the keyboard sends them, the second while the first is saving: the save is held
  // until both are pressed. (Were it over before the second key, that Enter would fall on the row's 'Agregar abono'
  // button, which the closed dialog gives the focus back to, and rightly open the dialog again.)
  let soltar = () => {};
  const pulsadas = new Promise<void>((resolver) => (soltar = resolver));
  let envios = 0;
  await page.route(`**/api/terceros/${id}/abono`, async (ruta) => {
    envios += 1;
    await pulsadas;
    await ruta.continue();
  });
  await valor.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  soltar();
  await expect(page.getByText('Abono registrado con éxito')).toBeVisible();
  await expect(abono).toBeHidden();
  await expect(page.getByText('Abono registrado con éxito')).toHaveCount(1);
  expect(envios).toBe(1);
  await expect(page.getByRole('row', { name: /Abonado 00 Lista/ })).toContainText('$75,000');

  const historial = await request.get(`/api/terceros/${id}/abono/historial`, { headers: cabeceras });
  expect((await historial.json()).data.abonos_terceros.total).toBe(1);
  const tercero = await request.get(`/api/terceros/${id}?solo_info=1`, { headers: cabeceras });
  expect((await tercero.json()).data.tercero.saldo_abono).toBe(75000);

  // The history is a read-only dialog: it shows the one movement and Esc closes it.
  await page.getByRole('button', { name: 'Historial de abonos de Abonado 00 Lista' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Abonado 00 Lista' });
  await expect(dialogo.getByText('Mostrando 1–1 de 1')).toBeVisible();
  await expect(dialogo.getByRole('row', { name: /Abono/ })).toContainText('$75,000');
  await capturar(page, 'listas-historial-un-abono');
  await page.keyboard.press('Escape');
  await expect(dialogo).toBeHidden();
});

test('[LISTAS] el historial de un cliente sin abonos dice No se encontraron datos', async ({ page, request }) => {
  const cabeceras = await sesionApi(request);
  await crearClientes(request, cabeceras, 'Sinabono', 1);
  await abrirClientes(page);

  await page.getByLabel('Buscar').fill('sinabono 00');
  await page.getByRole('button', { name: 'Historial de abonos de Sinabono 00 Lista' }).click();
  // spec 001 §5: with no movements at all the history closes with 'No se encontraron datos'.
  await expect(page.getByText('No se encontraron datos').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sinabono 00 Lista' })).toBeHidden();
  await capturar(page, 'listas-historial-vacio');
  // Escape afterwards leaves the list as it was.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: /Sinabono 00 Lista/ })).toBeVisible();
});

test('[LISTAS] Clientes de a 25 filas por página', async ({ page, request }) => {
  const cabeceras = await sesionApi(request);
  await crearClientes(request, cabeceras, 'Veinticinco', 30);
  await abrirClientes(page);

  await page.getByLabel('Buscar').fill('veinticinco lista');
  await expect(page.getByText('Mostrando 1–10 de 30')).toBeVisible();
  await expect(tabla(page).locator('tbody tr')).toHaveCount(10);
  await page.getByLabel('Filas por página').selectOption('25');
  await expect(page).toHaveURL(/filas=25/);
  await expect(tabla(page).locator('tbody tr')).toHaveCount(25);
  await expect(page.getByText('Mostrando 1–25 de 30')).toBeVisible();
  await expect(page.getByText('Página 1 de 2')).toBeVisible();
  await capturar(page, 'listas-clientes-25-filas');
  await page.getByRole('navigation', { name: 'Paginación' }).getByRole('button', { name: 'Siguiente' }).click();
  await expect(tabla(page).locator('tbody tr')).toHaveCount(5);
});
