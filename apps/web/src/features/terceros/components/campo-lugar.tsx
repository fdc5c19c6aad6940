import type { FieldValues } from 'react-hook-form';
import { CampoSelect, type CampoSelectProps } from '@/components/campos-formulario';
import { TEXTO_SIN_DATOS } from '@/components/tabla-paginada';

/**
 * A place chosen from the DANE lists (spec 001 §7: country, department, city): the third party's location and the
 * electronic invoice's issuer pick from the same lists, and their lists behave alike: searched without accents, never
 * emptied by a second click (the choice after it is cleared by the caller's `alCambiar`).
 */
export function CampoLugar<T extends FieldValues>(props: Omit<CampoSelectProps<T>, 'searchable' | 'allowDeselect' | 'numerico'>) {
  return <CampoSelect placeholder="Seleccione" nothingFoundMessage={TEXTO_SIN_DATOS} {...props} searchable allowDeselect={false} />;
}
