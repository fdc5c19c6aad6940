import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { exportarProductosSchema } from '@tablero/domain';
import { CampoSelect } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { useGrupos, useLineas } from '@/features/productos';
import { descargar } from '@/lib/descargar';
import { useCrearEnlaceExportacion } from '../api/exportar-productos';

interface Valores {
  grupo_id: string | null;
  linea_id: string | null;
}

/** Product export dialog (spec 001: group required, line optional) → a real .xlsx of the store's products. */
export function ExportarProductosModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo="Exportar productos" size="md">
      {opened ? <Formulario /> : null}
    </ModalFormulario>
  );
}

function Formulario() {
  const crearEnlace = useCrearEnlaceExportacion();
  const form = useForm<Valores>({ resolver: zodResolver(exportarProductosSchema) as never, defaultValues: { grupo_id: null, linea_id: null } });
  const { control, setValue } = form;
  const grupo = useWatch({ control, name: 'grupo_id' });
  const grupos = useGrupos();
  const lineas = useLineas(grupo ? Number(grupo) : null);

  return (
    <FormularioModal
      form={form}
      textoGuardar="Exportar"
      textoCerrar="Cancelar"
      guardar={async (datos) => {
        descargar(await crearEnlace.mutateAsync(datos));
        return 'Descargando el archivo de productos';
      }}
    >
      <CampoSelect
        control={control}
        name="grupo_id"
        label="Grupo"
        withAsterisk
        data={(grupos.data ?? []).map((g) => ({ value: String(g.id), label: g.nombre_grupo }))}
        // Another group has other lines.
        alCambiar={() => setValue('linea_id', null)}
      />
      <CampoSelect
        control={control}
        name="linea_id"
        label="Línea"
        placeholder="Todas las líneas"
        clearable
        disabled={!grupo}
        data={(lineas.data ?? []).map((l) => ({ value: String(l.id), label: l.nombre_linea }))}
      />
    </FormularioModal>
  );
}
