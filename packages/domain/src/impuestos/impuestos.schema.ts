import { z } from 'zod';
import { idOpcional, numeroRequerido, textoRequerido } from '../campos';
import { listaCerrada } from '../listas';
import { formatearPorcentaje } from '../numeros';

/** spec 001 §5 Tax; §9 tax percentage 0–100, step 0.1. */
export const MENSAJES_IMPUESTO = {
  nombre: 'Debe ingresar un nombre de impuesto',
  nombreLargo: 'El nombre del impuesto admite hasta 100 caracteres',
  porcentaje: 'Debe ingresar un porcentaje de impuesto',
  porcentajeRango: 'El porcentaje de impuesto debe estar entre 0 y 100',
  porcentajePaso: 'El porcentaje de impuesto admite un solo decimal',
  clase: 'Debe elegir la clase del impuesto (IVA u Otro impuesto)',
  siigoNoExiste: 'El impuesto del sistema contable no existe o no está activo',
  claseTributaria: 'Debe elegir si el impuesto es gravado, exento o excluido',
  codigoDian: 'Debe elegir el tipo de impuesto de la DIAN',
  sinTarifa: 'Un impuesto exento o excluido debe tener 0 %',
  gravadoSinTarifa: 'Un impuesto gravado debe tener un porcentaje mayor a 0',
  soloIva: 'Un impuesto exento o excluido es de IVA',
} as const;

/**
 * spec 000 §3 / 001 §3 "tax kind Taxed/Exempt/Excluded", with the codes the accounting system uses (Siigo's
 * tax_classification), shown in Spanish (docs/decisions-factura-electronica.md, "Clase tributaria"). An excluded line
 * carries no IVA at all; an exempt one carries IVA at 0 % on its base.
 */
const clasesTributarias = listaCerrada({ Taxed: 'Gravado', Exempt: 'Exento', Excluded: 'Excluido' });
export const CLASES_TRIBUTARIAS = clasesTributarias.claves;
export type ClaseTributaria = (typeof CLASES_TRIBUTARIAS)[number];
export const NOMBRES_CLASE_TRIBUTARIA = clasesTributarias.nombres;
export const OPCIONES_CLASE_TRIBUTARIA = clasesTributarias.opciones;

/**
 * The DIAN tax (TipoImpuesto-2.1) a tax is written as in an electronic document. Only the taxes a sale's line or order
 * carries as a percentage: the retentions (05–08) go in WithholdingTaxTotal, and the per-unit ones (20–26) are no
 * percentage of a base (docs/decisions-factura-electronica.md, "Clase tributaria").
 */
const impuestosDian = listaCerrada({ '01': '01 · IVA', '04': '04 · INC', '03': '03 · ICA', '02': '02 · IC' });
export const CODIGOS_IMPUESTO_DIAN = impuestosDian.claves;
export type CodigoImpuestoDian = (typeof CODIGOS_IMPUESTO_DIAN)[number];
export const NOMBRES_CODIGO_IMPUESTO_DIAN = impuestosDian.nombres;
export const OPCIONES_CODIGO_IMPUESTO_DIAN = impuestosDian.opciones;
export const CODIGO_IVA_DIAN: CodigoImpuestoDian = '01';
export const CODIGO_INC_DIAN: CodigoImpuestoDian = '04';

/** DIAN's TarifaImpuestoIVA-2.1 and TarifaImpuestoINC-2.1 (the 0.00 of the IVA list is the exempt rate). */
export const TARIFAS_IVA_DIAN = [0, 5, 16, 19] as const;
export const TARIFAS_INC_DIAN = [2, 4, 8, 16] as const;

function listaTarifas(tarifas: readonly number[]): string {
  const textos = tarifas.map((t) => formatearPorcentaje(t));
  return `${textos.slice(0, -1).join(', ')} o ${textos.at(-1)}`;
}

/** The rates a taxed tax of `codigo` may have (null: any above 0). */
export function tarifasGravadas(codigo: CodigoImpuestoDian): readonly number[] | null {
  if (codigo === CODIGO_IVA_DIAN) return TARIFAS_IVA_DIAN.filter((t) => t > 0);
  if (codigo === CODIGO_INC_DIAN) return TARIFAS_INC_DIAN;
  return null;
}

/** 'El IVA gravado admite las tarifas de la DIAN: 5 %, 16 % o 19 %'. */
export function mensajeTarifaDian(codigo: CodigoImpuestoDian): string {
  const tarifas = tarifasGravadas(codigo);
  const nombre = codigo === CODIGO_IVA_DIAN ? 'El IVA gravado' : 'El INC gravado';
  return `${nombre} admite las tarifas de la DIAN: ${listaTarifas(tarifas ?? [])}`;
}

/**
 * The rules between a tax's kind, DIAN code and rate (docs/decisions-factura-electronica.md, "Clase tributaria"): an
 * exempt or excluded tax is IVA at 0 %; a taxed one is above 0, and an IVA or INC one at one of DIAN's rates. Each error
 * on the field to correct. Shared by the form and the server.
 */
export function erroresClaseTributaria(datos: { clase_tributaria: ClaseTributaria; codigo_impuesto_dian: CodigoImpuestoDian; porcentaje_impuesto: number }): Record<string, string[]> {
  const { clase_tributaria: clase, codigo_impuesto_dian: codigo, porcentaje_impuesto: porcentaje } = datos;
  if (clase !== 'Taxed') {
    return {
      ...(codigo !== CODIGO_IVA_DIAN ? { codigo_impuesto_dian: [MENSAJES_IMPUESTO.soloIva] } : {}),
      ...(porcentaje !== 0 ? { porcentaje_impuesto: [MENSAJES_IMPUESTO.sinTarifa] } : {}),
    };
  }
  if (porcentaje <= 0) return { porcentaje_impuesto: [MENSAJES_IMPUESTO.gravadoSinTarifa] };
  const tarifas = tarifasGravadas(codigo);
  if (tarifas && !tarifas.some((t) => Math.abs(t - porcentaje) < 1e-9)) return { porcentaje_impuesto: [mensajeTarifaDian(codigo)] };
  return {};
}

/**
 * How a sale's line is taxed: a line with a rate is taxed; a line at 0 % is exempt when its tax is, excluded otherwise.
 * The line keeps the rate it was sold at, and its product's tax may have changed since, so the rate decides first.
 */
export function claseTributariaDeLinea(porcentajeLinea: number | string, claseImpuesto: ClaseTributaria | null | undefined): ClaseTributaria {
  if (Number(porcentajeLinea) > 0) return 'Taxed';
  return claseImpuesto === 'Exempt' ? 'Exempt' : 'Excluded';
}

/**
 * The class of a tax (docs/decisions.md "Pedidos"): IVA (what products carry: the 19 %, the 5 %, excluded) or another
 * tax an order may add in 'Otros impuestos'. An order never adds a tax of a class its lines already carry.
 */
export const CLASES_IMPUESTO = ['IVA', 'OTRO'] as const;
export type ClaseImpuesto = (typeof CLASES_IMPUESTO)[number];
export const NOMBRES_CLASE_IMPUESTO: Record<ClaseImpuesto, string> = { IVA: 'IVA', OTRO: 'Otro impuesto' };

export const impuestoGuardarSchema = z
  .object({
    nombre_impuesto: textoRequerido(MENSAJES_IMPUESTO.nombre, 100, MENSAJES_IMPUESTO.nombreLargo),
    porcentaje_impuesto: numeroRequerido(MENSAJES_IMPUESTO.porcentaje).pipe(
      z
        .number()
        .min(0, MENSAJES_IMPUESTO.porcentajeRango)
        .max(100, MENSAJES_IMPUESTO.porcentajeRango)
        .refine((valor) => Math.abs(valor * 10 - Math.round(valor * 10)) < 1e-9, MENSAJES_IMPUESTO.porcentajePaso),
    ),
    /** Optional tax of the accounting system it maps to (only active ones are offered). */
    siigo_impuesto_id: idOpcional().optional().default(null),
    /** spec 000 §3 Tax: active flag. An inactive tax is not offered to products any more (they keep theirs). */
    activo: z.boolean().optional().default(true),
    clase_impuesto: z.enum(CLASES_IMPUESTO, { error: MENSAJES_IMPUESTO.clase }).optional().default('IVA'),
    /** Taxed IVA unless told, as every tax was before the kinds (migration 202612030100). */
    clase_tributaria: z.enum(CLASES_TRIBUTARIAS, { error: MENSAJES_IMPUESTO.claseTributaria }).optional().default('Taxed'),
    codigo_impuesto_dian: z.enum(CODIGOS_IMPUESTO_DIAN, { error: MENSAJES_IMPUESTO.codigoDian }).optional().default('01'),
  })
  .superRefine(
    (datos, ctx) => {
      for (const [campo, mensajes] of Object.entries(erroresClaseTributaria(datos))) {
        for (const message of mensajes) ctx.addIssue({ code: 'custom', path: [campo], message });
      }
    },
    // Only on fields that passed: a rate out of range or a kind outside the list already has its one message.
    { when: (payload) => payload.issues.length === 0 },
  );
export type ImpuestoGuardar = z.output<typeof impuestoGuardarSchema>;

/** spec 001 §3 Impuesto (and 000 §3 Tax: id, porcentaje_impuesto, name, active). */
export const impuestoSchema = z.object({
  id: z.number().int(),
  nombre_impuesto: z.string(),
  porcentaje_impuesto: z.number(),
  siigo_impuesto_id: z.number().int().nullable(),
  activo: z.boolean(),
  clase_impuesto: z.enum(CLASES_IMPUESTO),
  clase_tributaria: z.enum(CLASES_TRIBUTARIAS),
  codigo_impuesto_dian: z.enum(CODIGOS_IMPUESTO_DIAN),
});
export type Impuesto = z.infer<typeof impuestoSchema>;

/** GET impuestos. */
export const impuestosRespuestaSchema = z.object({ impuestos: z.array(impuestoSchema) });
