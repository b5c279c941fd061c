import type { ComplexQueryPath } from '@conjunto/core';

const COMPLEX = '/api/complexes/:complexId';

/** Spec 002 §7 paths that name the complex in the query string, and the complex routes that serve them. */
export const CAMERA_QUERY_PATHS: readonly ComplexQueryPath[] = [
  { path: '/captura_camaras/', query: 'id_conjunto', target: `${COMPLEX}/gate-cameras/captura_camaras` },
  { path: '/api/camaras_bitacora/', query: 'id_conjunto', target: `${COMPLEX}/gate-cameras/camaras_bitacora` },
  { path: '/correo/enviar_correos_seguridad/', query: 'id_conjunto', target: `${COMPLEX}/gate-entries/security-mail` },
];
