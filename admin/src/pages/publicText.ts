// The texts of the pages outside the role areas (sign-in, password links, /error, /unauthorized, unknown paths), in Spanish and
// English, with a translate of their own: these pages load no react-admin and no polyglot (issue 11). The same
// keys and texts as the areas' trees (raSpanish.ts, es.ts, en.ts, ra-language-english); admin/test/public-text.test.ts
// fails when they drift apart.
import { MESSAGES } from '@conjunto/core';
import { createContext, useContext } from 'react';
import type { Locale } from '../i18n/store.ts';

export const PUBLIC_TEXT: Record<Locale, Record<string, string>> = {
  es: {
    'ra.auth.email': 'Correo electrónico',
    'ra.auth.password': 'Contraseña',
    'ra.auth.sign_in': 'Iniciar sesión',
    'ra.auth.logout': 'Cerrar sesión',
    'ra.input.password.toggle_visible': 'Ocultar contraseña',
    'ra.input.password.toggle_hidden': 'Mostrar contraseña',
    'ra.validation.required': MESSAGES.required,
    'shell.login.subtitle': 'Administración de conjuntos residenciales',
    'shell.action.home': 'Ir al inicio',
    'shell.error.title': '¡No tienes permisos para acceder!',
    'shell.error.text': 'Tu usuario no tiene el rol necesario para entrar a esta sección.',
    'shell.unauthorized.title': 'Acceso no autorizado',
    'shell.unauthorized.text': 'Inicia sesión para acceder a esta sección.',
    'shell.unauthorized.textSignedIn': 'Tu usuario no tiene acceso a esta sección.',
    'shell.notFound.title': 'Página no encontrada',
    'shell.notFound.text': 'La dirección que escribiste no existe o seguiste un enlace incorrecto.',
    'shell.passwordLink.titleInvite': 'Crear contraseña',
    'shell.passwordLink.titleReset': 'Restablecer contraseña',
    'shell.passwordLink.newPassword': 'Nueva contraseña',
    'shell.passwordLink.confirmPassword': 'Confirmar contraseña',
    'shell.passwordLink.hint': 'Mínimo 8 caracteres.',
    'shell.passwordLink.tooShort': 'Mínimo 8 caracter(es).',
    'shell.passwordLink.mismatch': 'Las contraseñas no coinciden.',
    'shell.passwordLink.save': 'Guardar contraseña',
    'shell.passwordLink.saved': 'Contraseña guardada. Ya puede iniciar sesión.',
    'shell.passwordLink.invalidTitle': 'Enlace no válido',
    'shell.passwordLink.invalid': 'El enlace ya no es válido. Solicite uno nuevo a la administración.',
    'shell.passwordLink.checking': 'Verificando el enlace…',
  },
  en: {
    'ra.auth.email': 'Email',
    'ra.auth.password': 'Password',
    'ra.auth.sign_in': 'Sign in',
    'ra.auth.logout': 'Logout',
    'ra.input.password.toggle_visible': 'Hide password',
    'ra.input.password.toggle_hidden': 'Show password',
    'ra.validation.required': 'Required',
    'shell.login.subtitle': 'Residential complex administration',
    'shell.action.home': 'Go home',
    'shell.error.title': "You don't have permission to access!",
    'shell.error.text': 'Your user lacks the role this section requires.',
    'shell.unauthorized.title': 'Unauthorized',
    'shell.unauthorized.text': 'Sign in to access this section.',
    'shell.unauthorized.textSignedIn': 'Your user has no access to this section.',
    'shell.notFound.title': 'Page not found',
    'shell.notFound.text': 'Either you typed a wrong URL, or you followed a bad link.',
    'shell.passwordLink.titleInvite': 'Create your password',
    'shell.passwordLink.titleReset': 'Reset your password',
    'shell.passwordLink.newPassword': 'New password',
    'shell.passwordLink.confirmPassword': 'Confirm password',
    'shell.passwordLink.hint': 'At least 8 characters.',
    'shell.passwordLink.tooShort': 'At least 8 characters.',
    'shell.passwordLink.mismatch': 'The passwords do not match.',
    'shell.passwordLink.save': 'Save password',
    'shell.passwordLink.saved': 'Password saved. You can sign in now.',
    'shell.passwordLink.invalidTitle': 'Invalid link',
    'shell.passwordLink.invalid': 'This link is no longer valid. Ask the administration for a new one.',
    'shell.passwordLink.checking': 'Checking the link…',
  },
};

export const PublicLocale = createContext<Locale>('es');

/** The text of `key` in the page's language (Spanish when English lacks it, the key when both do). */
export function usePublicText(): (key: string) => string {
  const locale = useContext(PublicLocale);
  return (key) => PUBLIC_TEXT[locale][key] ?? PUBLIC_TEXT.es[key] ?? key;
}
