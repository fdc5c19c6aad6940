import { z } from 'zod';
import { textoRequerido } from '../campos';
import { sinAcentos } from '../texto';

/** spec 001 §5 Measure type. */
export const MENSAJES_TIPO_MEDIDA = {
  nombreCorto: 'Debe ingresar un nombre corto',
  nombreCortoLargo: 'El nombre corto admite hasta 20 caracteres',
  nombre: 'Debe ingresar un nombre del tipo de medida',
  nombreLargo: 'El nombre del tipo de medida admite hasta 100 caracteres',
} as const;

export const tipoMedidaGuardarSchema = z.object({
  nombre_corto_tipo_medida: textoRequerido(MENSAJES_TIPO_MEDIDA.nombreCorto, 20, MENSAJES_TIPO_MEDIDA.nombreCortoLargo),
  nombre_tipo_medida: textoRequerido(MENSAJES_TIPO_MEDIDA.nombre, 100, MENSAJES_TIPO_MEDIDA.nombreLargo),
});
export type TipoMedidaGuardar = z.output<typeof tipoMedidaGuardarSchema>;

export const tipoMedidaSchema = z.object({
  id: z.number().int(),
  nombre_corto_tipo_medida: z.string(),
  nombre_tipo_medida: z.string(),
});
export type TipoMedida = z.infer<typeof tipoMedidaSchema>;

/** GET maestros/tipos-medidas. */
export const tiposMedidasRespuestaSchema = z.object({ tipos_medidas: z.array(tipoMedidaSchema) });

/** Short names of the length and area units (without accents, case, spaces or dots; '²' read as '2'). */
const CORTOS_FRACCIONARIOS = new Set(['m', 'ml', 'mt', 'mts', 'mtr', 'mtrs', 'cm', 'mm', 'm2', 'mt2', 'mts2', 'cm2']);

/**
 * Whether products of this measure type are sold by length or area and keep fractional stock (docs/decisions.md,
 * Inventario: "Existencias en la unidad del producto"). Measure types are free text (spec 001 §3 Tipo de medida), so
 * the rule reads them: a short name that is a length or area unit ('ML', 'm²') or a name that says metres ('Metro
 * lineal', 'Metro cuadrado'). Any other measure type ('UND', 'Lámina') counts whole units.
 */
export function esMedidaFraccionaria(tipo: { nombre_corto_tipo_medida: string; nombre_tipo_medida: string }): boolean {
  const corto = sinAcentos(tipo.nombre_corto_tipo_medida).replaceAll('²', '2').replace(/[\s.]/g, '');
  return CORTOS_FRACCIONARIOS.has(corto) || /metro/.test(sinAcentos(tipo.nombre_tipo_medida));
}
