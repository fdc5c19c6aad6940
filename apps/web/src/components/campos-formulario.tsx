import type { ComponentType } from 'react';
import {
  MultiSelect,
  PasswordInput,
  Select,
  Switch,
  Textarea,
  TextInput,
  type MultiSelectProps,
  type PasswordInputProps,
  type SelectProps,
  type SwitchProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { FormaPago } from '@tablero/domain';
import { filtroSinAcentos } from '@/lib/filtro-opciones';
import { EntradaCantidad, EntradaEntero, EntradaMonto, EntradaNumero, type EntradaNumeroProps, type ValorNumerico } from './entradas-numericas';

/**
 * The one form binding of Tablero: a field of a react-hook-form form, given by its `control` and `name`,
 * showing its own message (the schema's or the server's). What the field does besides storing its value (clearing
 * another field) goes in `alCambiar`. The Mantine props pass through.
 */
export interface Vinculo<T extends FieldValues> {
  // `any`: the form's transformed (output) type does not matter to a field, as in react-hook-form's own props.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  name: Path<T>;
}

/** The props a bound field takes from its binding instead of the caller. */
type Ligadas = 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'checked' | 'defaultValue';

/** Binds a text entry (TextInput, Textarea, PasswordInput) to a text field; an invalid save focuses it, as `register` did. */
function campoDeTexto<P extends TextInputProps | TextareaProps | PasswordInputProps>(Entrada: ComponentType<P>) {
  return function CampoDeTexto<T extends FieldValues>({ control, name, ...props }: Vinculo<T> & Omit<P, Ligadas>) {
    const { field, fieldState } = useController({ control, name });
    const entrada = {
      ...props,
      ref: field.ref,
      name: field.name,
      value: (field.value as string | null | undefined) ?? '',
      onChange: field.onChange,
      onBlur: field.onBlur,
      error: fieldState.error?.message,
    } as unknown as P;
    return <Entrada {...entrada} />;
  };
}

/** A one-line text. */
export const CampoTexto = campoDeTexto<TextInputProps>(TextInput);
/** A text of several lines. */
export const CampoAreaTexto = campoDeTexto<TextareaProps>(Textarea);
/** A password. */
export const CampoClave = campoDeTexto<PasswordInputProps>(PasswordInput);

export type CampoNumeroProps<T extends FieldValues> = Vinculo<T> & Omit<EntradaNumeroProps, Ligadas> & { alCambiar?: (valor: number | '') => void };

/** Binds one of the numeric entries (EntradaNumero and its kinds) to a field. */
function campoNumerico<P extends Omit<EntradaNumeroProps, 'decimales'>>(Entrada: ComponentType<P>) {
  return function CampoNumerico<T extends FieldValues>({ control, name, alCambiar, ...props }: Vinculo<T> & Omit<P, Ligadas> & { alCambiar?: (valor: number | '') => void }) {
    const { field, fieldState } = useController({ control, name });
    const entrada = {
      ...props,
      value: (field.value as ValorNumerico) ?? '',
      onChange: (valor: number | '') => {
        field.onChange(valor);
        alCambiar?.(valor);
      },
      onBlur: field.onBlur,
      error: fieldState.error?.message,
    } as unknown as P;
    return <Entrada {...entrada} />;
  };
}

/** A number with the decimals told (`decimales`), e.g. a percentage with one decimal. */
export const CampoNumero = campoNumerico(EntradaNumero);
/** A money amount ('$ 1,250.50'; `decimales={0}` for whole pesos). */
export const CampoMonto = campoNumerico(EntradaMonto);
/** A whole number (days, millimetres). */
export const CampoEntero = campoNumerico(EntradaEntero);
/** A stock quantity in the product's unit (2 decimals: the metres of an edge band). */
export const CampoCantidad = campoNumerico(EntradaCantidad);

export type CampoSelectProps<T extends FieldValues> = Vinculo<T> &
  Omit<SelectProps, Ligadas> & {
    /** The field holds the chosen id as a number (the options' values are its text). */
    numerico?: boolean;
    alCambiar?: (valor: string | null) => void;
  };

/** A select bound to a field holding the chosen value (null when none); searchable ones ignore accents and case. */
export function CampoSelect<T extends FieldValues>({ control, name, numerico = false, alCambiar, ...props }: CampoSelectProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const valor: unknown = field.value;
  return (
    <Select
      filter={props.searchable ? filtroSinAcentos : undefined}
      {...props}
      value={numerico ? (valor == null ? null : String(valor)) : (valor as string | null) || null}
      onChange={(elegido) => {
        field.onChange(numerico ? (elegido ? Number(elegido) : null) : elegido);
        alCambiar?.(elegido);
      }}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/**
 * The 'Forma de pago' choice of a form that takes one method (the advance, a cash movement, an account payment), bound
 * to the method's id; `formas` are the methods the use offers.
 */
export function CampoFormaPago<T extends FieldValues>({ formas, ...props }: Omit<CampoSelectProps<T>, 'data' | 'numerico' | 'label'> & { formas: FormaPago[] }) {
  return (
    <CampoSelect
      {...props}
      numerico
      label="Forma de pago"
      data={formas.map((forma) => ({ value: String(forma.id), label: forma.nombre_forma_pago }))}
      allowDeselect={false}
      searchable
    />
  );
}

export type CampoMultiSelectProps<T extends FieldValues> = Vinculo<T> & Omit<MultiSelectProps, Ligadas>;

/** A multiple choice bound to a field holding the chosen values. */
export function CampoMultiSelect<T extends FieldValues>({ control, name, ...props }: CampoMultiSelectProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return <MultiSelect {...props} value={(field.value as string[] | null | undefined) ?? []} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />;
}

export type CampoSwitchProps<T extends FieldValues> = Vinculo<T> & Omit<SwitchProps, Ligadas> & { alCambiar?: (activo: boolean) => void };

/** A switch bound to a yes/no field. */
export function CampoSwitch<T extends FieldValues>({ control, name, alCambiar, ...props }: CampoSwitchProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Switch
      {...props}
      checked={Boolean(field.value)}
      onChange={(evento) => {
        const activo = evento.currentTarget.checked;
        field.onChange(activo);
        alCambiar?.(activo);
      }}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
