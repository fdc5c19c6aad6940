import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generarCertificadoPrueba } from '@tablero/dian';
import { MENSAJES_CONFIGURACION_FE, MENSAJES_NUMERACION } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';

/** A self-signed .p12 valid `dias` days, written where the file picker can take it. */
function certificadoEnDisco(nombre: string, dias: number): { archivo: string; clave: string } {
  const { p12, clave } = generarCertificadoPrueba({ diasVigencia: dias, sujeto: `Tableros y Cortes ${nombre}` });
  const archivo = path.join(tmpdir(), `tablero-${nombre}-${process.pid}.p12`);
  writeFileSync(archivo, p12);
  return { archivo, clave };
}

async function elegir(page: Page, combo: string, opcion: string, escribir?: string): Promise<void> {
  const campo = page.getByRole('combobox', { name: combo, exact: true });
  await campo.click();
  if (escribir) await campo.fill(escribir);
  await page.getByRole('option', { name: opcion, exact: true }).click();
}

/** 'DD/MM/YYYY', in Colombia, of a day `dias` from now. */
function fechaEn(dias: number): string {
  return new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Date.now() + dias * 86_400_000));
}

test('[MAESTROS] configura la factura electrónica: emisor, certificado de firma y clave técnica de un rango', async ({ page }) => {
  const razonSocial = `Tableros y Cortes de Colombia S.A.S. ${Date.now() % 100_000}`;
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('group', { name: 'Maestros' }).getByRole('link', { name: 'Factura electrónica' }).click();
  await expect(page).toHaveURL(/#\/maestros\/factura-electronica$/);
  await expect(page.getByRole('heading', { name: 'Factura electrónica' })).toBeVisible();

  // The demo issuer, in habilitación with no provider: the notice on top says nothing leaves the machine.
  await expect(page.getByLabel('NIT')).toHaveValue('900123456');
  await expect(page.getByRole('status').filter({ hasText: 'Pendiente para enviar' }).getByText(MENSAJES_CONFIGURACION_FE.sinProveedor)).toBeVisible();
  await capturar(page, 'factura-electronica-inicial');

  // A wrong check digit is refused on its field before anything is sent.
  await page.getByLabel('DV').fill('7');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText(MENSAJES_CONFIGURACION_FE.dvNoCorresponde)).toBeVisible();
  await expect(page.getByText('Faltan campos por ingresar')).toBeVisible();
  await expect(page.getByText('Calculado: 8')).toBeVisible();
  await page.getByLabel('DV').fill('8');

  // The legal name and the municipality change; the department's change empties the municipality first.
  await page.getByLabel('Razón social').fill(razonSocial);
  await elegir(page, 'Departamento', 'Antioquia', 'antio');
  await expect(page.getByRole('combobox', { name: 'Municipio', exact: true })).toHaveValue('');
  await elegir(page, 'Municipio', 'Medellín', 'medell');

  // A certificate that expires in 20 days: uploaded, shown with its date and a yellow warning.
  const porVencer = certificadoEnDisco('por-vencer', 20);
  const seccion = page.getByRole('region', { name: 'Certificado de firma' });
  await seccion.locator('input[type="file"]').setInputFiles(porVencer.archivo);
  // A wrong password first: said on its field, nothing stored.
  await seccion.getByLabel('Contraseña del certificado').fill(`${porVencer.clave}x`);
  await seccion.getByRole('button', { name: 'Cargar certificado' }).click();
  await expect(seccion.getByText('La contraseña del certificado no es correcta')).toBeVisible();
  await seccion.getByLabel('Contraseña del certificado').fill(porVencer.clave);
  // Enter in the password uploads the certificate (it does not save the settings).
  await seccion.getByLabel('Contraseña del certificado').press('Enter');
  await expect(page.getByText(MENSAJES_CONFIGURACION_FE.certificadoCargado)).toBeVisible();
  const cargado = seccion.getByRole('status');
  await expect(cargado).toContainText(`Vence el ${fechaEn(20)}`);
  await expect(cargado).toContainText('Vence en 20 días');
  await expect(cargado).toContainText('CN=Tableros y Cortes por-vencer');
  await expect(page.getByText(new RegExp(`El certificado de firma vence el ${fechaEn(20)}`)).first()).toBeVisible();
  // The edits of the form survived the upload.
  await expect(page.getByLabel('Razón social')).toHaveValue(razonSocial);
  await capturar(page, 'factura-electronica-certificado-por-vencer');

  // A certificate valid one year replaces it: green, and the warning goes.
  const vigente = certificadoEnDisco('vigente', 365);
  await seccion.locator('input[type="file"]').setInputFiles(vigente.archivo);
  await seccion.getByLabel('Contraseña del certificado').fill(vigente.clave);
  await seccion.getByRole('button', { name: 'Cargar certificado' }).click();
  await expect(cargado).toContainText(`Vence el ${fechaEn(365)}`);
  await expect(cargado).toContainText('Vigente');
  await expect(page.getByRole('status').filter({ hasText: 'Pendiente para enviar' }).getByText(/El certificado de firma vence/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText(MENSAJES_CONFIGURACION_FE.guardado)).toBeVisible();
  await capturar(page, 'factura-electronica-guardado');

  // After a reload the values are the stored ones.
  await page.reload();
  await expect(page.getByLabel('Razón social')).toHaveValue(razonSocial);
  await expect(page.getByRole('combobox', { name: 'Departamento', exact: true })).toHaveValue('Antioquia');
  await expect(page.getByRole('combobox', { name: 'Municipio', exact: true })).toHaveValue('Medellín');
  await expect(page.getByRole('region', { name: 'Certificado de firma' }).getByRole('status')).toContainText(`Vence el ${fechaEn(365)}`);
  await expect(page.getByLabel('PIN del software')).toHaveValue('');

  // An invoice range registered without its technical key is marked; setting the key clears the mark.
  const prefijo = `CT${Date.now() % 100_000}`;
  await page.getByRole('group', { name: 'Maestros' }).getByRole('link', { name: 'Numeración' }).click();
  await page.getByRole('button', { name: 'Nuevo rango' }).click();
  const nuevo = page.getByRole('dialog', { name: 'Nuevo rango de numeración' });
  await nuevo.getByRole('combobox', { name: 'Tienda' }).click();
  await page.getByRole('option', { name: '002 - Norte', exact: true }).click();
  await nuevo.getByLabel('Prefijo').fill(prefijo);
  await nuevo.getByLabel('Número desde').fill('1');
  await nuevo.getByLabel('Número hasta').fill('50');
  await nuevo.getByLabel('Resolución DIAN No.').fill('18764000000777');
  const anio = new Date().getFullYear();
  await nuevo.getByLabel('Fecha de la resolución').fill(`01/01/${anio}`);
  await nuevo.getByLabel('Vigente desde').fill(`01/01/${anio}`);
  await nuevo.getByLabel('Vigente hasta').fill(`31/12/${anio + 1}`);
  await nuevo.getByLabel('Vigente hasta').press('Tab');
  // Inactive: the stores' billing keeps its demo ranges.
  await nuevo.getByLabel('Activo').uncheck();
  await nuevo.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText(MENSAJES_NUMERACION.guardado)).toBeVisible();
  const fila = page.getByRole('row', { name: new RegExp(prefijo) });
  await expect(fila.getByText('Sin clave técnica')).toBeVisible();
  await capturar(page, 'factura-electronica-rango-sin-clave');

  await fila.getByRole('button', { name: `Editar rango ${prefijo}` }).click();
  const edicion = page.getByRole('dialog', { name: `Rango de numeración ${prefijo}` });
  await edicion.getByLabel('Clave técnica').fill('fc8eac422eba16e22ffd8c6f94b3f40a6e38162c');
  await capturar(page, 'factura-electronica-clave-tecnica');
  await edicion.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText(MENSAJES_NUMERACION.actualizado)).toBeVisible();
  await expect(edicion).toBeHidden();
  await expect(fila.getByText('Sin clave técnica')).toHaveCount(0);
  await fila.getByRole('button', { name: `Editar rango ${prefijo}` }).click();
  await expect(edicion.getByLabel('Clave técnica')).toHaveValue('fc8eac422eba16e22ffd8c6f94b3f40a6e38162c');
});
