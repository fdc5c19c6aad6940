import { createContext, useContext, useEffect, useRef, useState, type ComponentType, type Key, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, type MantineColor, type ModalProps } from '@mantine/core';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { aplicarErroresDelServidor, avisarFaltanCampos } from '@/lib/formularios';
import { notificarExito } from '@/lib/notificaciones';
import clases from './modal-formulario.module.css';

interface CierreModal {
  /** The user asks to close (Cerrar, the X): asks first when the form has unsaved changes. */
  solicitarCierre: () => void;
  /** Closes without asking (after a save). */
  cerrar: () => void;
  /** The form tells whether it has unsaved changes. */
  marcarCambios: (hayCambios: boolean) => void;
}

const ContextoModal = createContext<CierreModal | null>(null);

/** The closing of the dialog a form sits in; outside a ModalFormulario, closing is the caller's business. */
export function useCierreModal(): CierreModal | null {
  return useContext(ContextoModal);
}

/**
 * The footer of a dialog that only shows data: its own actions, then Cerrar, on the right. Cerrar closes without
 * asking, since nothing there is unsaved.
 */
export function PieCerrar({ children, mt }: { children?: ReactNode; mt?: 'xs' }) {
  const cierre = useCierreModal();
  return (
    <PieDialogo mt={mt}>
      {children}
      <Button variant="default" onClick={() => cierre?.cerrar()}>
        Cerrar
      </Button>
    </PieDialogo>
  );
}

/** A dialog's actions, on the right, kept in sight at the dialog's bottom while its body scrolls. */
export function PieDialogo({ children, mt = 'xs' }: { children: ReactNode; mt?: 'xs' }) {
  return (
    <Group justify="flex-end" gap="xs" mt={mt} className={clases.pie}>
      {children}
    </Group>
  );
}

interface ModalFormularioProps {
  opened: boolean;
  onClose: () => void;
  titulo: ReactNode;
  size?: ModalProps['size'];
  /** A dialog that only shows data: Esc and a click outside close it. A form is static (spec): only its buttons close it. */
  soloLectura?: boolean;
  /** false: no X in the title bar, only the dialog's own buttons close it (a choice that must be made, e.g. the store). */
  conCierre?: boolean;
  children: ReactNode;
}

/**
 * Every dialog of Tablero. A form inside (FormularioModal) reports its unsaved changes, and closing then asks
 * 'Hay cambios sin guardar' before dropping them; after a save the form closes it without asking.
 */
export function ModalFormulario({ opened, onClose, titulo, size = 'md', soloLectura = false, conCierre = true, children }: ModalFormularioProps) {
  const hayCambios = useRef(false);
  const [confirmando, setConfirmando] = useState(false);

  const cerrar = () => {
    hayCambios.current = false;
    setConfirmando(false);
    onClose();
  };
  const cierre: CierreModal = {
    solicitarCierre: () => (hayCambios.current ? setConfirmando(true) : cerrar()),
    cerrar,
    marcarCambios: (valor) => {
      hayCambios.current = valor;
    },
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={cierre.solicitarCierre}
        title={titulo}
        size={size}
        closeOnClickOutside={soloLectura}
        closeOnEscape={soloLectura}
        withCloseButton={conCierre}
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <ContextoModal.Provider value={cierre}>{children}</ContextoModal.Provider>
      </Modal>
      <Modal opened={confirmando} onClose={() => setConfirmando(false)} title="Cambios sin guardar" size="sm" zIndex={400} centered>
        <Stack gap="sm">
          <Text size="sm">Hay cambios sin guardar. Si cierra, se perderán.</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirmando(false)} data-autofocus>
              Seguir editando
            </Button>
            <Button color="red" onClick={cerrar}>
              Descartar cambios
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** What every form dialog takes from its screen besides the row: whether it shows and how to close it. */
export interface PropsModal {
  opened: boolean;
  onClose: () => void;
}

interface OpcionesModalDeFormulario<T> {
  /** The dialog's title; a function of the row (null when creating) when it depends on it. */
  titulo: ReactNode | ((fila: T | null) => ReactNode);
  size?: ModalProps['size'];
  /** What tells one row from another (its `id` unless told): each opening starts from the row chosen, or empty. */
  clave?: (fila: T) => Key;
}

type ConId = { id: Key };
const claveDe = (fila: object, clave?: (fila: never) => Key): Key => (clave ? clave(fila as never) : (fila as ConId).id);

/**
 * The dialog of a create/edit form: `modalDeFormulario('maquina', MaquinaFormulario, { titulo: 'Registro de máquina' })`
 * is the component `<X opened onClose maquina={fila o null} />` that shows `<MaquinaFormulario maquina={…} />` in a
 * ModalFormulario, remounted for each row (so it starts from that row's values, or empty for a new one).
 */
export function modalDeFormulario<K extends string, T extends object>(prop: K, Formulario: ComponentType<Record<K, T | null>>, opciones: OpcionesModalDeFormulario<T>) {
  return function ModalDeFormulario(props: PropsModal & Record<K, T | null>) {
    const fila = (props as Record<K, T | null>)[prop];
    const campos = { [prop]: fila } as Record<K, T | null>;
    return (
      <ModalFormulario opened={props.opened} onClose={props.onClose} titulo={tituloDe(opciones.titulo, fila)} size={opciones.size}>
        <Formulario key={fila ? claveDe(fila, opciones.clave) : '__nuevo__'} {...campos} />
      </ModalFormulario>
    );
  };
}

/** The same for a form that only edits: without a row the dialog is empty (it is closed then). */
export function modalDeEdicion<K extends string, T extends object>(prop: K, Formulario: ComponentType<Record<K, T>>, opciones: OpcionesModalDeFormulario<T>) {
  return function ModalDeEdicion(props: PropsModal & Record<K, T | null>) {
    const fila = (props as Record<K, T | null>)[prop];
    return (
      <ModalFormulario opened={props.opened} onClose={props.onClose} titulo={tituloDe(opciones.titulo, fila)} size={opciones.size}>
        {fila ? <Formulario key={claveDe(fila, opciones.clave)} {...({ [prop]: fila } as Record<K, T>)} /> : null}
      </ModalFormulario>
    );
  };
}

function tituloDe<T>(titulo: OpcionesModalDeFormulario<T>['titulo'], fila: T | null): ReactNode {
  return typeof titulo === 'function' ? titulo(fila) : titulo;
}

interface FormularioModalProps<Entrada extends FieldValues, Salida> {
  form: UseFormReturn<Entrada, unknown, Salida>;
  /** Saves the valid data and answers the success message to show (the server's). Throws on failure. */
  guardar: (datos: Salida) => Promise<string>;
  /** Fields that may carry the server's per-field messages (422 `errors`). */
  camposServidor?: readonly Path<Entrada>[];
  /** What an invalid submit says besides the field messages (default 'Faltan campos por ingresar'). */
  alInvalido?: (errores: FieldErrors<Entrada>) => void;
  textoGuardar?: string;
  /** The save button's colour, e.g. 'red' for a confirmation that ends something (revoking a connection). */
  colorGuardar?: MantineColor;
  textoCerrar?: string;
  /** Buttons before Cerrar (e.g. 'Limpiar'). */
  botonesExtra?: ReactNode;
  /** Whether saving is possible at all (e.g. a role that may only read). */
  deshabilitado?: boolean;
  children: ReactNode;
}

/**
 * The form of a dialog: submit disabled while saving, Enter or a second click cannot save twice, on success one
 * toast and the dialog closes (the mutation refreshes its list), on failure it stays open with the server's
 * field messages, and its unsaved changes are reported so closing asks first.
 */
export function FormularioModal<Entrada extends FieldValues, Salida>({
  form,
  guardar,
  camposServidor = [],
  alInvalido = avisarFaltanCampos,
  textoGuardar = 'Guardar',
  colorGuardar,
  textoCerrar = 'Cerrar',
  botonesExtra,
  deshabilitado = false,
  children,
}: FormularioModalProps<Entrada, Salida>) {
  const cierre = useCierreModal();
  const [guardando, setGuardando] = useState(false);
  // A ref, not state: a second Enter can arrive before the re-render that disables the button.
  const enCurso = useRef(false);
  const { isDirty } = form.formState;

  useEffect(() => {
    cierre?.marcarCambios(isDirty);
  }, [cierre, isDirty]);

  const guardarValidos = async (datos: Salida) => {
    if (enCurso.current) return;
    enCurso.current = true;
    setGuardando(true);
    try {
      const mensaje = await guardar(datos);
      notificarExito(mensaje);
      cierre?.cerrar();
    } catch (error) {
      aplicarErroresDelServidor(error, form.setError, camposServidor);
    } finally {
      enCurso.current = false;
      setGuardando(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(evento) => {
        evento.preventDefault();
        if (!enCurso.current && !deshabilitado) void form.handleSubmit(guardarValidos, alInvalido)(evento);
      }}
    >
      <Stack gap="sm">
        {children}
        <PieDialogo>
          {botonesExtra}
          <Button variant="default" onClick={() => cierre?.solicitarCierre()} disabled={guardando}>
            {textoCerrar}
          </Button>
          <Button type="submit" color={colorGuardar} loading={guardando} disabled={guardando || deshabilitado}>
            {textoGuardar}
          </Button>
        </PieDialogo>
      </Stack>
    </form>
  );
}
