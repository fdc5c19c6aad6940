import { useRef, useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconCertificate, IconUpload } from '@tabler/icons-react';
import { DIAS_AVISO_CERTIFICADO, MENSAJES_CONFIGURACION_FE as M, TAMANO_MAXIMO_CERTIFICADO, type CertificadoFeResumen } from '@tablero/domain';
import { ApiError } from '@/lib/api-error';
import { formatearFecha } from '@/lib/formato';
import { notificarExito } from '@/lib/notificaciones';
import { useCargarCertificado } from '../api/configuracion';
import { estadoCertificado, leerComoBase64 } from './formulario.logica';

interface CertificadoFirmaProps {
  certificado: CertificadoFeResumen | null;
  /** The settings save's message when DIAN needs a certificate and there is none. */
  error?: string | undefined;
}

/**
 * 'Certificado de firma': the stored certificate (subject, issuer, expiry coloured by how near it is) and the upload
 * of a new one (.p12/.pfx and its password). It is its own save, apart from the settings form it sits in: its button
 * is not a submit, and Enter in its password uploads instead of saving the settings.
 */
export function CertificadoFirma({ certificado, error }: CertificadoFirmaProps) {
  const cargar = useCargarCertificado();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [clave, setClave] = useState('');
  const [errores, setErrores] = useState<{ archivo?: string; clave?: string }>({});
  const enCurso = useRef(false);

  const subir = async () => {
    if (enCurso.current) return;
    const faltan: { archivo?: string; clave?: string } = {};
    if (!archivo) faltan.archivo = M.certificadoArchivo;
    else if (archivo.size > TAMANO_MAXIMO_CERTIFICADO) faltan.archivo = M.certificadoTamano;
    if (!clave) faltan.clave = M.certificadoClave;
    setErrores(faltan);
    if (!archivo || Object.keys(faltan).length > 0) return;
    enCurso.current = true;
    try {
      const { mensaje } = await cargar.mutateAsync({ archivo_base64: await leerComoBase64(archivo), clave });
      notificarExito(mensaje);
      setArchivo(null);
      setClave('');
    } catch (falla) {
      if (falla instanceof ApiError) setErrores({ archivo: falla.errors.archivo_base64?.[0], clave: falla.errors.clave?.[0] });
    } finally {
      enCurso.current = false;
    }
  };

  const estado = certificado ? estadoCertificado(certificado, DIAS_AVISO_CERTIFICADO) : null;
  return (
    <Stack gap="xs">
      {certificado && estado ? (
        <Alert
          color={estado.color}
          variant="light"
          icon={<IconCertificate size={18} />}
          title={
            <Group gap="xs">
              <span>{`Vence el ${formatearFecha(certificado.vence)}`}</span>
              <Badge color={estado.color} variant="filled" size="sm" autoContrast>
                {estado.texto}
              </Badge>
            </Group>
          }
          role="status"
        >
          <Text size="xs">
            <Text span fw={600} size="xs">
              Sujeto:
            </Text>{' '}
            {certificado.sujeto}
          </Text>
          <Text size="xs" c="dimmed">
            Emisor: {certificado.emisor}
          </Text>
        </Alert>
      ) : (
        <Text size="sm" c={error ? 'red' : 'dimmed'}>
          {error ?? 'No hay un certificado cargado.'}
        </Text>
      )}
      <Group gap="xs" align="flex-start" grow preventGrowOverflow={false}>
        <FileInput
          label={certificado ? 'Reemplazar por (.p12 o .pfx)' : 'Archivo (.p12 o .pfx)'}
          placeholder="Seleccione el archivo"
          accept=".p12,.pfx,application/x-pkcs12"
          value={archivo}
          onChange={(elegido) => {
            setArchivo(elegido);
            setErrores((actuales) => ({ ...actuales, archivo: undefined }));
          }}
          error={errores.archivo}
          clearable
        />
        <PasswordInput
          label="Contraseña del certificado"
          value={clave}
          onChange={(evento) => {
            setClave(evento.currentTarget.value);
            setErrores((actuales) => ({ ...actuales, clave: undefined }));
          }}
          onKeyDown={(evento) => {
            if (evento.key === 'Enter') {
              evento.preventDefault();
              void subir();
            }
          }}
          error={errores.clave}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
        />
      </Group>
      <Group justify="flex-end">
        <Button type="button" variant="light" leftSection={<IconUpload size={16} />} loading={cargar.isPending} onClick={() => void subir()}>
          Cargar certificado
        </Button>
      </Group>
    </Stack>
  );
}
