import { expect, test, type Page } from '@playwright/test';
import { capturar, ingresar } from './apoyo';

/** Chooses an option of a Mantine Select by its label. */
async function elegir(page: Page, etiqueta: string, opcion: string) {
  await page.getByRole('combobox', { name: etiqueta, exact: true }).click();
  await page.getByRole('option', { name: opcion, exact: true }).click();
}

test('[PRODUCTOS] crea un tablero (largo y ancho aparecen para un grupo de tableros), lo edita y lo encuentra sin tildes', async ({ page }) => {
  await ingresar(page, 'bodega@tablero.test');
  await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();

  await page.getByRole('link', { name: 'Productos', exact: true }).first().click();
  await expect(page).toHaveURL(/#\/productos$/);
  await expect(page.getByRole('heading', { name: 'Productos' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'MAN-BOT-NG', exact: true })).toBeVisible();
  await capturar(page, 'productos-lista');

  await page.getByRole('link', { name: 'Agregar producto' }).click();
  await expect(page).toHaveURL(/#\/productos\/crear$/);
  await expect(page.getByRole('heading', { name: 'Crear productos' })).toBeVisible();
  await expect(page.getByLabel('Medida largo (mm)')).toHaveCount(0);

  // A board group shows length and width and makes them required.
  await elegir(page, 'Grupo', 'Tableros melamina');
  await expect(page.getByLabel('Medida largo (mm)')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Debe ingresar una referencia')).toBeVisible();
  await expect(page.getByText('Debe seleccionar una línea')).toBeVisible();
  await expect(page.getByText('Debe ingresar un valor')).toHaveCount(2);
  await expect(page.getByText('Faltan campos por ingresar').first()).toBeVisible();
  await capturar(page, 'productos-validacion');

  await page.getByLabel('Referencia').fill('MEL-AZP-15');
  await page.getByLabel('Nombre producto').fill('Tablero Melamína Azul Petróleo 15 mm 2440 x 2150');
  await page.getByLabel('Precio unitario').fill('198500');
  await page.getByRole('textbox', { name: 'Cantidad', exact: true }).fill('14');
  await elegir(page, 'Impuesto', 'IVA 19% (19 %)');
  await elegir(page, 'Línea', 'Colores lisos');
  await elegir(page, 'Proveedor', 'Maderas y Tableros del Valle S.A.S.');
  await page.getByLabel('Medida largo (mm)').fill('2440');
  await page.getByLabel('Medida ancho (mm)').fill('2150');

  // Choosing another group clears the line and reloads lines; a hardware group hides the sizes.
  await elegir(page, 'Grupo', 'Herrajes');
  await expect(page.getByRole('combobox', { name: 'Línea', exact: true })).toHaveValue('');
  await expect(page.getByLabel('Medida largo (mm)')).toHaveCount(0);
  await elegir(page, 'Grupo', 'Tableros melamina');
  await elegir(page, 'Línea', 'Colores lisos');
  await page.getByLabel('Medida largo (mm)').fill('2440');
  await page.getByLabel('Medida ancho (mm)').fill('2150');
  await expect(page.getByLabel('Precio unitario')).toHaveValue('$ 198,500');
  // spec 000 §3: product type Product/Service; a board is a good, the default.
  await expect(page.getByRole('combobox', { name: 'Tipo de producto', exact: true })).toHaveValue('Producto');
  await elegir(page, 'Tipo de producto', 'Servicio');
  await elegir(page, 'Tipo de producto', 'Producto');
  await capturar(page, 'productos-formulario');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Producto creado con éxito')).toBeVisible();
  await expect(page).toHaveURL(/#\/productos$/);

  // Accent-less, lower-case search finds it; price with tax is price + 19 %.
  await page.getByLabel('Buscar').fill('tablero melamina azul petroleo');
  const fila = page.getByRole('row', { name: /MEL-AZP-15/ });
  await expect(fila).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(fila).toContainText('$198,500');
  await expect(fila).toContainText('$236,215');
  await expect(fila).toContainText('14');
  await capturar(page, 'productos-busqueda');

  await fila.getByRole('link', { name: 'Editar MEL-AZP-15' }).click();
  await expect(page.getByRole('heading', { name: 'Editar productos' })).toBeVisible();
  // One rule for every typed number: whole millimetres are grouped with ',' like any other integer.
  await expect(page.getByLabel('Medida largo (mm)')).toHaveValue('2,440');
  await page.getByLabel('Nombre producto').fill('Tablero Melamína Azul Petróleo Mate 15 mm 2440 x 2150');
  await page.getByLabel('Precio unitario').fill('205000');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Producto actualizado con éxito')).toBeVisible();
  // Back to the list as it was left: the same search.
  await expect(page).toHaveURL(/#\/productos\?buscar=tablero/);
  await expect(page.getByLabel('Buscar')).toHaveValue('tablero melamina azul petroleo');

  await page.getByLabel('Buscar').fill('AZUL PETROLEO MATE');
  await expect(page.getByRole('row', { name: /MEL-AZP-15/ })).toContainText('$205,000');
  await page.getByRole('button', { name: 'Ver MEL-AZP-15' }).click();
  const detalle = page.getByRole('dialog', { name: 'Detalle del producto' });
  await expect(detalle).toContainText('Tablero Melamína Azul Petróleo Mate 15 mm');
  await expect(detalle).toContainText('2440 × 2150');
  await expect(detalle).toContainText('Tipo de productoProducto');
  await expect(detalle).toContainText('Tipo de impuestoGravado');
  await capturar(page, 'productos-detalle');
});

test('[PRODUCTOS] ordena, pasa a la página 2, edita un producto y al guardar vuelve a la misma página y orden; Atrás también', async ({ page }) => {
  await ingresar(page, 'bodega@tablero.test');
  await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();
  await page.getByRole('link', { name: 'Productos', exact: true }).first().click();
  const tabla = page.getByRole('table', { name: 'Productos' });
  await expect(tabla.getByRole('row').nth(1)).toBeVisible();

  // Sort by reference (ascending), then the second page.
  const referencia = tabla.getByRole('columnheader', { name: 'Referencia' });
  await referencia.getByRole('button').click();
  await expect(referencia).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/orden=referencia/);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText(/^Página 2 de \d+$/)).toBeVisible();
  await expect(page).toHaveURL(/pagina=2/);
  // Read the rows once the list has its answer (the previous page stays on screen while the next one loads).
  await expect(tabla).toHaveAttribute('aria-busy', 'false');
  const referencias = await tabla.locator('tbody tr td:first-child').allInnerTexts();
  // The server sorts references without accents or case, character by character.
  const clave = (texto: string) => texto.toLowerCase();
  expect(referencias).toEqual([...referencias].sort((a, b) => (clave(a) < clave(b) ? -1 : clave(a) > clave(b) ? 1 : 0)));
  // At 1366 × 768 the actions column is in sight, beside the last data column: no row's actions lie beyond the window's
  // right edge (wherever the page scrolled vertically: board names wrap, so the rows are tall).
  for (const referenciaFila of referencias) {
    const caja = await tabla.getByRole('link', { name: `Editar ${referenciaFila}` }).boundingBox();
    expect(caja!.x + caja!.width, referenciaFila).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
  await capturar(page, 'productos-lista-ordenada-pagina-2');

  // Edit the first product of page 2 and save: back on page 2, sorted the same way.
  await tabla.getByRole('link', { name: `Editar ${referencias[0]}` }).click();
  await expect(page.getByRole('heading', { name: 'Editar productos' })).toBeVisible();
  const nombre = page.getByLabel('Nombre producto');
  const nuevoNombre = `${await nombre.inputValue()} editado`;
  await nombre.fill(nuevoNombre);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Producto actualizado con éxito')).toBeVisible();
  await expect(page).toHaveURL(/#\/productos\?.*pagina=2/);
  await expect(page).toHaveURL(/orden=referencia/);
  await expect(referencia).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText(/^Página 2 de \d+$/)).toBeVisible();
  await expect(tabla.getByRole('row', { name: new RegExp(referencias[0]!) })).toContainText(nuevoNombre);
  await capturar(page, 'productos-vuelve-a-pagina-2');

  // Cancelar returns the same way; so does the browser's Back after another screen.
  await tabla.getByRole('link', { name: `Editar ${referencias[1]}` }).click();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText(/^Página 2 de \d+$/)).toBeVisible();
  await page.getByRole('link', { name: 'Inventario', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Inventario de productos' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(referencia).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText(/^Página 2 de \d+$/)).toBeVisible();

  // Price sorts descending on a second click, from page 1.
  const precio = tabla.getByRole('columnheader', { name: 'Precio unitario' });
  await precio.getByRole('button').click();
  await precio.getByRole('button').click();
  await expect(precio).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText(/^Página 1 de \d+$/)).toBeVisible();
  await expect(tabla).toHaveAttribute('aria-busy', 'false');
  const precios = (await tabla.locator('tbody tr td:nth-child(5)').allInnerTexts()).map((texto) => Number(texto.replace(/[^0-9.]/g, '')));
  expect(precios).toEqual([...precios].sort((a, b) => b - a));
});

test('[PRODUCTOS] administra impuestos desde el formulario y muestra el texto de lista vacía', async ({ page }) => {
  await ingresar(page, 'bodega@tablero.test');
  await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();
  await page.goto('/#/productos/crear');
  await page.getByRole('button', { name: 'Administrar impuesto' }).click();
  const modal = page.getByRole('dialog', { name: 'Impuestos' });
  await expect(modal.getByRole('cell', { name: 'IVA 19%', exact: true })).toBeVisible();
  // Each tax has its class (docs/decisions.md "Pedidos"): the products' IVA, or another tax an order adds.
  await expect(modal.getByRole('row').filter({ hasText: 'IVA 19%' }).getByRole('cell', { name: 'IVA', exact: true })).toBeVisible();
  await expect(modal.getByRole('row').filter({ hasText: 'Impuesto al consumo 8%' }).getByRole('cell', { name: 'Otro impuesto', exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Agregar impuesto' }).click();
  await expect(modal.getByRole('combobox', { name: 'Clase' })).toHaveValue('IVA');
  await modal.getByLabel('Porcentaje impuesto').fill('');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Debe ingresar un nombre de impuesto')).toBeVisible();
  await expect(modal.getByText('Debe ingresar un porcentaje de impuesto')).toBeVisible();
  await modal.getByLabel('Nombre impuesto').fill('Impoconsumo');
  await modal.getByLabel('Porcentaje impuesto').fill('8');
  // A taxed tax is IVA unless told, and IVA has DIAN's rates only (docs/decisions-factura-electronica.md, Clase tributaria).
  await expect(modal.getByRole('combobox', { name: 'Tipo de impuesto' })).toHaveValue('Gravado');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('El IVA gravado admite las tarifas de la DIAN: 5 %, 16 % o 19 %')).toBeVisible();
  await capturar(page, 'productos-impuestos-tarifa-dian');
  await modal.getByRole('combobox', { name: 'Impuesto DIAN' }).click();
  await page.getByRole('option', { name: '04 · INC', exact: true }).click();
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Impuesto creado con éxito')).toBeVisible();
  const inc = modal.getByRole('row').filter({ hasText: 'Impoconsumo' });
  await expect(inc.getByRole('cell', { name: 'Gravado 04 · INC', exact: true })).toBeVisible();

  // An exempt tax: choosing the kind sets 0 % and IVA.
  await modal.getByRole('button', { name: 'Agregar impuesto' }).click();
  await modal.getByLabel('Nombre impuesto').fill('Exento exportación');
  await modal.getByLabel('Porcentaje impuesto').fill('19');
  await modal.getByRole('combobox', { name: 'Tipo de impuesto' }).click();
  await page.getByRole('option', { name: 'Exento', exact: true }).click();
  await expect(modal.getByLabel('Porcentaje impuesto')).toHaveValue('0 %');
  await expect(modal.getByRole('combobox', { name: 'Impuesto DIAN' })).toHaveValue('01 · IVA');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Impuesto creado con éxito').first()).toBeVisible();
  const exento = modal.getByRole('row').filter({ hasText: 'Exento exportación' });
  await expect(exento.getByRole('cell', { name: 'Exento 01 · IVA', exact: true })).toBeVisible();
  await expect(modal.getByRole('row').filter({ hasText: /^Excluido/ }).getByRole('cell', { name: 'Excluido 01 · IVA', exact: true })).toBeVisible();
  await capturar(page, 'productos-impuestos');
  await modal.locator('.mantine-Modal-close').click();
  await elegir(page, 'Impuesto', 'Impoconsumo (8 %)');

  await page.goto('/#/productos');
  // A service says so beside its name (spec 000 §3 product type).
  await page.getByLabel('Buscar').fill('servicio de corte por tablero');
  const servicio = page.getByRole('row', { name: /SERVICOR1/ });
  await expect(servicio.locator('.mantine-Badge-root')).toHaveText('Servicio');
  await capturar(page, 'productos-servicio');
  await page.getByLabel('Buscar').fill('no existe ningún producto así');
  await expect(page.getByText('No se encontraron productos agregados. Para crear uno')).toBeVisible();
  await expect(page.getByRole('link', { name: 'click aquí' })).toBeVisible();
});

test('[PRODUCTOS] Vendedor no ve Productos ni Inventario en el menú', async ({ page }) => {
  await ingresar(page, 'operario@tablero.test');
  await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Productos' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Inventario' })).toHaveCount(0);
  await page.goto('/#/inventario');
  await expect(page.getByRole('dialog', { name: 'Acceso no permitido' })).toBeVisible();
});
