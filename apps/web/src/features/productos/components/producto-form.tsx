import { useMemo, useRef } from 'react';
import { ActionIcon, Anchor, Button, Grid, Group, Paper, Stack, Tooltip } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconArrowLeft, IconSettings } from '@tabler/icons-react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { erroresMedidasTablero, numeroDesde, OPCIONES_TIPO_PRODUCTO, productoGuardarSchema, type Producto, type ProductoGuardarEntrada, type TipoProducto } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { CampoAreaTexto, CampoCantidad, CampoEntero, CampoMonto, CampoSelect, CampoTexto } from '@/components/campos-formulario';
import { useCategoriasProductos } from '@/features/categorias-productos';
import { useImpuestos } from '@/features/impuestos';
import { useTiposMedidas } from '@/features/tipos-medidas';
import { formatearPorcentaje } from '@/lib/formato';
import { aplicarErroresDelServidor, avisarFaltanCampos } from '@/lib/formularios';
import { notificarExito } from '@/lib/notificaciones';
import { useTienda } from '@/lib/sesion';
import { useCreateProducto } from '../api/create-producto';
import { useFuncionesProductos, useGrupos, useGruposServicio, useGruposTableros, useLineas, useProveedoresOpciones } from '../api/get-listas';
import { useUpdateProducto } from '../api/update-producto';
import { useVolverALista } from './volver-a-lista';

export type Catalogo = 'categorias' | 'impuestos' | 'tiposMedidas';

interface ProductoFormProps {
  /** The product being edited; none when creating. */
  producto: Producto | null;
  /** Opens a catalog's modal (spec 001: category, tax and measure-type modals open from this form). */
  onAbrirCatalogo: (catalogo: Catalogo) => void;
}

/** Values as the inputs hold them: selects as text ids, numbers as typed. */
interface Valores {
  referencia: string;
  prefijo: string;
  nombre_producto: string;
  descripcion_producto: string;
  precio_unitario: number | string;
  cantidad: number | string;
  impuesto_id: string | null;
  proveedor_id: string | null;
  grupo_id: string | null;
  linea_id: string | null;
  funcion_producto_id: string | null;
  grupo_servicio_id: string | null;
  categoria_producto_id: string | null;
  tipo_medida_id: string | null;
  medida_largo: number | string;
  medida_ancho: number | string;
  tipo_producto: TipoProducto;
}

const CAMPOS = [
  'referencia',
  'prefijo',
  'nombre_producto',
  'descripcion_producto',
  'precio_unitario',
  'cantidad',
  'impuesto_id',
  'proveedor_id',
  'grupo_id',
  'linea_id',
  'funcion_producto_id',
  'grupo_servicio_id',
  'categoria_producto_id',
  'tipo_medida_id',
  'medida_largo',
  'medida_ancho',
  'tipo_producto',
] as const satisfies readonly (keyof Valores)[];

const texto = (valor: number | null | undefined) => (valor == null ? null : String(valor));
// A select's id or a field's number, read as the schemas read it (numeros.ts): blank is null, a refused text NaN.
const numero = (valor: unknown): number | null => {
  const leido = numeroDesde(typeof valor === 'number' ? valor : String(valor ?? ''));
  return typeof leido === 'number' ? leido : null;
};

function valoresIniciales(producto: Producto | null): Valores {
  return {
    referencia: producto?.referencia ?? '',
    prefijo: producto?.prefijo ?? '',
    nombre_producto: producto?.nombre_producto ?? '',
    descripcion_producto: producto?.descripcion_producto ?? '',
    precio_unitario: producto?.precio_unitario ?? '',
    cantidad: producto?.cantidad ?? '',
    impuesto_id: texto(producto?.impuesto_id),
    proveedor_id: texto(producto?.proveedor_id),
    grupo_id: texto(producto?.grupo_id),
    linea_id: texto(producto?.linea_id),
    funcion_producto_id: texto(producto?.funcion_producto_id),
    grupo_servicio_id: texto(producto?.grupo_servicio_id),
    categoria_producto_id: texto(producto?.categoria_producto_id),
    tipo_medida_id: texto(producto?.tipo_medida_id),
    medida_largo: producto?.medida_largo ?? '',
    medida_ancho: producto?.medida_ancho ?? '',
    tipo_producto: producto?.tipo_producto ?? 'Product',
  };
}

/** Product form page (spec 001 Product form page; §4 Product; §5 Product). */
export function ProductoForm({ producto, onAbrirCatalogo }: ProductoFormProps) {
  const volver = useVolverALista();
  const tienda = useTienda();
  const crear = useCreateProducto();
  const editar = useUpdateProducto();
  const guardando = crear.isPending || editar.isPending;

  const gruposTableros = useGruposTableros();
  const tableros = useMemo(() => gruposTableros.data ?? [], [gruposTableros.data]);

  // The schema checks the fields; the board rule needs LISTA_GRUPOS_TABLEROS, so it is added here (the server checks both).
  const resolver = useMemo<Resolver<Valores>>(() => {
    const base = zodResolver(productoGuardarSchema) as unknown as Resolver<Valores>;
    return async (valores, contexto, opciones) => {
      const resultado = await base(valores, contexto, opciones);
      const medidas = erroresMedidasTablero(
        { grupo_id: numero(valores.grupo_id), medida_largo: numero(valores.medida_largo), medida_ancho: numero(valores.medida_ancho) },
        tableros,
      );
      if (Object.keys(medidas).length === 0) return resultado;
      const errores: FieldErrors<Valores> = { ...resultado.errors };
      for (const [campo, mensajes] of Object.entries(medidas)) errores[campo as 'medida_largo'] = { type: 'required', message: mensajes[0] };
      return { values: {}, errors: errores };
    };
  }, [tableros]);

  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<Valores>({ resolver, defaultValues: valoresIniciales(producto) });

  const grupoId = numero(useWatch({ control, name: 'grupo_id' }));
  const esTablero = grupoId !== null && tableros.includes(grupoId);

  const impuestos = useImpuestos();
  const proveedores = useProveedoresOpciones();
  const grupos = useGrupos();
  const lineas = useLineas(grupoId);
  const funciones = useFuncionesProductos();
  const gruposServicio = useGruposServicio();
  const categorias = useCategoriasProductos();
  const tiposMedidas = useTiposMedidas();

  // A ref, not the mutation's state: a second Enter can come before the render that disables Guardar.
  const enCurso = useRef(false);
  const guardarValidos = (valores: Valores) => {
    if (enCurso.current) return;
    enCurso.current = true;
    const datos = {
      ...(valores as unknown as ProductoGuardarEntrada),
      ...(esTablero ? {} : { medida_largo: null, medida_ancho: null }),
      ...(tienda ? { codigo_tienda: tienda.codigo_tienda } : {}),
    } as ProductoGuardarEntrada;
    // spec 001: saving returns to the products list, here to the same search, page and sort it was left on.
    const alGuardar = (mensaje: string) => {
      notificarExito(mensaje);
      volver();
    };
    const alFallar = (error: unknown) => {
      enCurso.current = false;
      aplicarErroresDelServidor(error, setError, CAMPOS);
    };
    if (producto) editar.mutate({ id: producto.id, datos }, { onSuccess: alGuardar, onError: alFallar });
    else crear.mutate(datos, { onSuccess: alGuardar, onError: alFallar });
  };

  const opciones = <T,>(lista: T[] | undefined, valor: (t: T) => number, etiqueta: (t: T) => string) =>
    (lista ?? []).map((item) => ({ value: String(valor(item)), label: etiqueta(item) }));

  const selector = (
    nombre: keyof Valores,
    etiqueta: string,
    data: { value: string; label: string }[],
    extra: { requerido?: boolean; catalogo?: Catalogo; alCambiar?: (valor: string | null) => void } = {},
  ) => (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <CampoSelect
        control={control}
        name={nombre}
        style={{ flex: 1 }}
        label={etiqueta}
        withAsterisk={extra.requerido}
        data={data}
        searchable
        clearable={!extra.requerido}
        nothingFoundMessage="No se encontraron datos"
        alCambiar={extra.alCambiar}
      />
      {extra.catalogo ? (
        <Tooltip label={`Administrar ${etiqueta.toLowerCase()}`}>
          <ActionIcon variant="default" size="lg" mb={errors[nombre] ? 22 : 0} aria-label={`Administrar ${etiqueta.toLowerCase()}`} onClick={() => onAbrirCatalogo(extra.catalogo!)}>
            <IconSettings size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );

  // Every number of the form follows the one input rule (components/entradas-numericas): the price is money with
  // 2 decimals, the quantity is in the product's unit (2 decimals for metres; docs/decisions.md, Inventario) and the
  // board sizes in mm are whole numbers that refuse a typed decimal separator.
  const numerico = (nombre: 'precio_unitario' | 'cantidad' | 'medida_largo' | 'medida_ancho', etiqueta: string, Campo: typeof CampoMonto) => (
    <Campo control={control} name={nombre} label={etiqueta} withAsterisk />
  );

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo={producto ? 'Editar productos' : 'Crear productos'}
        acciones={
          <Anchor component="button" type="button" onClick={volver} size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} /> Volver
            </Group>
          </Anchor>
        }
      />
      <Paper withBorder p="md" radius="sm" maw={1100}>
        <form
          noValidate
          // handleSubmit runs from the submit event, so the ref that keeps a second Enter out is read only then.
          onSubmit={(evento) => void handleSubmit(guardarValidos, avisarFaltanCampos)(evento)}
        >
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <CampoTexto control={control} name="referencia" label="Referencia" withAsterisk maxLength={50} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 2 }}>
              <CampoTexto control={control} name="prefijo" label="Prefijo" maxLength={20} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <CampoTexto control={control} name="nombre_producto" label="Nombre producto" withAsterisk maxLength={200} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {numerico('precio_unitario', 'Precio unitario', CampoMonto)}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 2 }}>
              {numerico('cantidad', 'Cantidad', CampoCantidad)}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              {selector(
                'impuesto_id',
                'Impuesto',
                // spec 000 §3 Tax: only active taxes are offered; an edited product keeps showing its own.
                opciones(
                  impuestos.data?.filter((i) => i.activo || i.id === producto?.impuesto_id),
                  (i) => i.id,
                  (i) => `${i.nombre_impuesto} (${formatearPorcentaje(i.porcentaje_impuesto)})`,
                ),
                { requerido: true, catalogo: 'impuestos' },
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {selector('grupo_id', 'Grupo', opciones(grupos.data, (g) => g.id, (g) => g.nombre_grupo), {
                requerido: true,
                // spec 001 §4: choosing a group clears the line and reloads lines.
                alCambiar: () => setValue('linea_id', null),
              })}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {selector('linea_id', 'Línea', opciones(lineas.data, (l) => l.id, (l) => l.nombre_linea), { requerido: true })}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {selector('proveedor_id', 'Proveedor', opciones(proveedores.data, (p) => p.id, (p) => p.nombre_proveedor), { requerido: true })}
            </Grid.Col>
            {esTablero ? (
              <>
                <Grid.Col span={{ base: 12, sm: 3 }}>{numerico('medida_largo', 'Medida largo (mm)', CampoEntero)}</Grid.Col>
                <Grid.Col span={{ base: 12, sm: 3 }}>{numerico('medida_ancho', 'Medida ancho (mm)', CampoEntero)}</Grid.Col>
              </>
            ) : null}
            <Grid.Col span={{ base: 12, sm: esTablero ? 6 : 4 }}>
              {selector('funcion_producto_id', 'Función producto', opciones(funciones.data, (f) => f.id, (f) => f.nombre_funcion_producto))}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {selector('grupo_servicio_id', 'Grupo servicio', opciones(gruposServicio.data, (g) => g.id, (g) => g.nombre_grupo_servicio), {
                // A product of a production service group is a service (migration 202612030100 read them so).
                alCambiar: (valor) => {
                  if (valor) setValue('tipo_producto', 'Service');
                },
              })}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {selector('categoria_producto_id', 'Categoría', opciones(categorias.data, (c) => c.id, (c) => c.nombre_categoria_producto), { catalogo: 'categorias' })}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {selector('tipo_medida_id', 'Tipo de medida', opciones(tiposMedidas.data, (t) => t.id, (t) => `${t.nombre_corto_tipo_medida} - ${t.nombre_tipo_medida}`), {
                catalogo: 'tiposMedidas',
              })}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {/* spec 000 §3, 001 §3: product type Product/Service. */}
              {selector('tipo_producto', 'Tipo de producto', [...OPCIONES_TIPO_PRODUCTO], { requerido: true })}
            </Grid.Col>
            <Grid.Col span={12}>
              <CampoAreaTexto control={control} name="descripcion_producto" label="Descripción producto" autosize minRows={2} maxRows={5} maxLength={1000} />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end" gap="xs" mt="md">
            <Button variant="default" onClick={volver} disabled={guardando}>
              Cancelar
            </Button>
            <Button type="submit" loading={guardando} disabled={guardando}>
              Guardar
            </Button>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}
