import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import { useController, type FieldValues } from 'react-hook-form';
import type { Vinculo } from './campos-formulario';

/** Reads a typed date as staff write it, day first ('31/12/2026'), into 'YYYY-MM-DD'; null when it is no date. */
function leerFechaEscrita(texto: string): string | null {
  const partes = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(texto);
  if (!partes) return null;
  const [, dia = '', mes = '', anio = ''] = partes;
  const fecha = `${anio}-${mes.padStart(2, '0')}-${dia.padStart(2, '0')}`;
  const comprobada = new Date(`${fecha}T00:00:00Z`);
  return !Number.isNaN(comprobada.getTime()) && comprobada.toISOString().startsWith(fecha) ? fecha : null;
}

export interface EntradaFechaProps extends Omit<DateInputProps, 'value' | 'onChange' | 'dateParser' | 'valueFormat'> {
  /** 'YYYY-MM-DD' or null. */
  value: string | null;
  onChange: (valor: string | null) => void;
}

/**
 * A calendar date, day first, typed or picked (spec 002 §5: payment and advance dates have "max today": `maxDate`).
 * Spanish calendar, week from Monday.
 */
export function EntradaFecha({ value, onChange, ...props }: EntradaFechaProps) {
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <DateInput
        valueFormat="DD/MM/YYYY"
        dateParser={leerFechaEscrita}
        placeholder="DD/MM/AAAA"
        leftSection={<IconCalendar size={16} />}
        popoverProps={{ withinPortal: true }}
        {...props}
        value={value}
        onChange={(valor) => onChange(valor ?? null)}
      />
    </DatesProvider>
  );
}

/** The same date bound to a form field holding 'YYYY-MM-DD' or null, with the field's message. */
export function CampoFecha<T extends FieldValues>({ control, name, ...props }: Vinculo<T> & Omit<EntradaFechaProps, 'value' | 'onChange' | 'error'>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <EntradaFecha
      {...props}
      value={(field.value as string | null | undefined) ?? null}
      onChange={(valor) => field.onChange(valor)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
